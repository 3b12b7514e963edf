/**
 * The Express application: request id, metrics timing, JSON body limits, every contract route with
 * authentication and validation, the envelope for unknown routes, and the one error handler.
 */
import { contract } from '@hx-memory/contract';
import { isAppRoute, type AppRoute, type AppRouter } from '@ts-rest/core';
import { createExpressEndpoints } from '@ts-rest/express';
import express, { type Express, type NextFunction, type Request, type Response } from 'express';
import { createAuthenticator, createGatekeeper } from '../auth/authenticate.js';
import { createAuthorizer } from '../auth/authorize.js';
import type { AppContext } from '../context.js';
import { newId } from '../ids.js';
import { createMetrics } from '../metrics.js';
import { createErrorHandler, sendError } from './error-handler.js';
import { mountDocs } from './docs.js';
import { buildRouterImplementation, notImplementedRoutes } from './router.js';

const DEFAULT_BODY_LIMIT = 1024 * 1024;
const REQUEST_ID_PATTERN = /^[A-Za-z0-9._:-]{1,128}$/;

/** Every contract route as [method, regex] for telling "wrong method" from "unknown path". */
function routeMatchers() {
  const out: { method: string; regex: RegExp; route: AppRoute }[] = [];
  const walk = (router: AppRouter) => {
    for (const value of Object.values(router)) {
      if (isAppRoute(value)) {
        const pattern = value.path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:[A-Za-z]+/g, '[^/]+');
        out.push({ method: value.method, regex: new RegExp(`^${pattern}/?$`), route: value });
      } else walk(value as AppRouter);
    }
  };
  walk(contract);
  return out;
}

export function createApp(ctx: AppContext): { app: Express; notImplemented: string[] } {
  const app = express();
  const metrics = createMetrics();
  app.disable('x-powered-by');
  app.set('etag', false);
  if (ctx.config.TRUST_PROXY) app.set('trust proxy', ctx.config.TRUST_PROXY);

  app.use((req: Request, res: Response, next: NextFunction) => {
    const incoming = req.headers['x-request-id'];
    const requestId = typeof incoming === 'string' && REQUEST_ID_PATTERN.test(incoming) ? incoming : newId('req');
    req.hx = { requestId, startedAt: performance.now() };
    res.setHeader('X-Request-Id', requestId);
    res.on('finish', () => {
      const route = (req as Request & { tsRestRoute?: AppRoute }).tsRestRoute?.path ?? 'unmatched';
      metrics.httpDuration.observe(
        { route, method: req.method, status: String(res.statusCode) },
        (performance.now() - req.hx.startedAt) / 1000,
      );
    });
    next();
  });

  // Authentication and rate limits before the body is parsed (auth/authenticate.ts).
  app.use(createGatekeeper(ctx));

  const bodyLimits = routeMatchers()
    .filter((m) => (m.route.metadata as { bodyLimit?: number } | undefined)?.bodyLimit)
    .map((m) => ({ ...m, parser: express.json({ limit: (m.route.metadata as { bodyLimit: number }).bodyLimit }) }));
  const defaultParser = express.json({ limit: DEFAULT_BODY_LIMIT });
  app.use((req, res, next) => {
    const special = bodyLimits.find((m) => m.method === req.method && m.regex.test(req.path));
    (special?.parser ?? defaultParser)(req, res, next);
  });

  mountDocs(app, ctx);

  const impl = buildRouterImplementation(ctx, metrics);
  createExpressEndpoints(contract, impl as never, app, {
    logInitialization: false,
    jsonQuery: false,
    responseValidation: true,
    globalMiddleware: [createAuthenticator(ctx) as never, createAuthorizer(ctx) as never],
    requestValidationErrorHandler: (err, _req, _res, next) => next(err),
  });

  const matchers = routeMatchers();
  app.use((req: Request, res: Response) => {
    const allowed = matchers.filter((m) => m.regex.test(req.path)).map((m) => m.method);
    if (allowed.length > 0) {
      res.setHeader('Allow', [...new Set(allowed)].join(', '));
      return sendError(
        req,
        res,
        404,
        'not_found',
        `${req.method} is not supported on ${req.path}; allowed: ${[...new Set(allowed)].join(', ')}`,
      );
    }
    return sendError(req, res, 404, 'not_found', `No route ${req.method} ${req.path}`);
  });
  app.use(createErrorHandler(ctx.logger));

  return { app, notImplemented: notImplementedRoutes(impl) };
}

/**
 * The Express application: request id, metrics timing, JSON body limits, every contract route with
 * authentication and validation, the envelope for unknown routes, and the one error handler.
 */
import { contract, type RouteMeta } from '@hx-memory/contract';
import type { AppRoute } from '@ts-rest/core';
import { createExpressEndpoints } from '@ts-rest/express';
import express, { type Express, type NextFunction, type Request, type Response } from 'express';
import { createAuthenticator, createGatekeeper } from '../auth/authenticate.js';
import { consoleSession } from '../auth/cookie-session.js';
import { createDenialRecorder } from '../audit/denials.js';
import { createAuthorizer } from '../auth/authorize.js';
import { allowedMethods, matchRoute } from '../auth/route-match.js';
import type { AppContext } from '../context.js';
import { newId } from '../ids.js';
import { createMetrics } from '../metrics.js';
import { createAdmission, type Admission } from './admission.js';
import { createErrorHandler, sendError } from './error-handler.js';
import { mountConsole } from './console.js';
import { mountDocs } from './docs.js';
import { createIdempotency } from './idempotency.js';
import { MCP_PATH, MCP_ROUTE, mountMcp } from './mcp.js';
import { flagSuspectBody, guardRequest } from './body-guard.js';
import { securityHeaders } from './security-headers.js';
import { buildRouter } from './router.js';

const DEFAULT_BODY_LIMIT = 1024 * 1024;
const REQUEST_ID_PATTERN = /^[A-Za-z0-9._:-]{1,128}$/;

export function createApp(ctx: AppContext): { app: Express; admission: Admission } {
  const app = express();
  const admission = createAdmission({
    maxInFlight: ctx.config.MAX_REQUESTS_IN_FLIGHT,
    maxBytesInFlight: ctx.config.MAX_REQUEST_BYTES_IN_FLIGHT,
    maxInFlightPerCredential: ctx.config.MAX_REQUESTS_IN_FLIGHT_PER_CREDENTIAL,
    maxBytesInFlightPerCredential: ctx.config.MAX_REQUEST_BYTES_IN_FLIGHT_PER_CREDENTIAL,
    defaultBodyLimit: DEFAULT_BODY_LIMIT,
  });
  const metrics = createMetrics();
  app.disable('x-powered-by');
  app.set('etag', false);
  // Paths as the contract spells them, as the gatekeeper's route match reads them (auth/route-match.ts):
  // Express's default would serve /V1/CAPTURE as /v1/capture after authentication had not seen it.
  app.set('case sensitive routing', true);
  if (ctx.config.TRUST_PROXY) app.set('trust proxy', ctx.config.TRUST_PROXY);

  app.use(securityHeaders);
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

  // Draining and the process-wide bounds, before any database work (http/admission.ts).
  app.use(admission.global);
  // Authentication and rate limits before the body is parsed (auth/authenticate.ts), on every path:
  // /health, /metrics, /docs, 404s, 400 malformed JSON and 413 all carry X-RateLimit-*.
  app.use(createGatekeeper(ctx, new Map([[MCP_PATH, MCP_ROUTE]])));
  // The caller is known: its own bounds, still before its body is read.
  app.use(admission.perCredential);

  // One parser per body limit: the route's `bodyLimit` metadata, else 1 MiB.
  const parsers = new Map<number, ReturnType<typeof express.json>>();
  const parserFor = (limit: number) => {
    let parser = parsers.get(limit);
    if (!parser) {
      parser = express.json({ limit, verify: flagSuspectBody });
      parsers.set(limit, parser);
    }
    return parser;
  };
  app.use((req, res, next) => {
    const limit = (matchRoute(req.method, req.path)?.metadata as RouteMeta | undefined)?.bodyLimit;
    parserFor(limit ?? DEFAULT_BODY_LIMIT)(req, res, next);
  });
  // A NUL, a lone surrogate or absurd nesting in the request is 400, not a 500 (body-guard.ts).
  app.use(guardRequest);

  // The console's cookie session calls (auth/cookie-session.ts), after the body is parsed.
  app.use(consoleSession);
  mountDocs(app, ctx);
  mountConsole(app, ctx);
  mountMcp(app, ctx);

  createExpressEndpoints(contract, buildRouter(ctx, metrics), app, {
    logInitialization: false,
    jsonQuery: false,
    responseValidation: true,
    // Idempotency after authorization: a replay is only for a caller still allowed to make the call.
    globalMiddleware: [
      createAuthenticator(ctx) as never,
      createAuthorizer(ctx) as never,
      createIdempotency(ctx) as never,
    ],
    requestValidationErrorHandler: (err, _req, _res, next) => next(err),
  });

  app.use((req: Request, res: Response) => {
    const allowed = allowedMethods(req.path);
    if (allowed.length > 0) {
      res.setHeader('Allow', allowed.join(', '));
      return sendError(
        req,
        res,
        404,
        'not_found',
        `${req.method} is not supported on ${req.path}; allowed: ${allowed.join(', ')}`,
      );
    }
    return sendError(req, res, 404, 'not_found', `No route ${req.method} ${req.path}`);
  });
  app.use(createErrorHandler(ctx.logger, createDenialRecorder(ctx.db, ctx.logger)));

  return { app, admission };
}

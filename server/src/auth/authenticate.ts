/**
 * The one authentication middleware. Reads the route's `auth` metadata from the contract and turns
 * the Bearer token into an actor: API keys for core routes, JWTs for account, enterprise and vault
 * routes, the operator token for admin routes. The gatekeeper runs it before the body is parsed and
 * applies the caller's rate limit in the same step, so 401 and 429 precede 400 and every response
 * (/health and /metrics included) carries the X-RateLimit-* headers.
 */
import { timingSafeEqual } from 'node:crypto';
import type { RouteMeta } from '@hx-memory/contract';
import type { NextFunction, Request, Response } from 'express';
import type { Plan } from '../config.js';
import { type Actor, apiKeyActor } from '../actor.js';
import type { AppContext } from '../context.js';
import { AppError, unauthorized } from '../errors.js';
import { createLimiterStore } from '../limits/limiter-store.js';
import {
  createRequestLimiter,
  describePolicy,
  type LimitPolicy,
  setRateLimitHeaders,
} from '../limits/request-limiter.js';
import { looksLikeApiKey } from './api-key-tokens.js';
import { sessionToken } from './cookie-session.js';
import { matchRoute } from './route-match.js';

const NEEDS: Record<RouteMeta['auth'], string> = {
  none: '',
  apiKey: 'an API key (hx_live_… or hx_test_…)',
  jwt: 'a JWT access token; API keys are not accepted on this route',
  any: 'an API key or a JWT',
  operator: 'the operator token',
};

export function routeMeta(req: Request): RouteMeta | undefined {
  return (req as Request & { tsRestRoute?: { metadata?: RouteMeta } }).tsRestRoute?.metadata;
}

function bearer(req: Request, needs: string): string {
  const header = req.headers.authorization;
  if (!header) throw unauthorized(`Missing Authorization header; this route needs ${needs}`);
  const [scheme, token, extra] = header.trim().split(/\s+/);
  if (scheme?.toLowerCase() !== 'bearer' || !token || extra !== undefined) {
    throw unauthorized(`Authorization header must be "Bearer <token>"; this route needs ${needs}`);
  }
  return token;
}

function createAuthenticate(ctx: AppContext) {
  const { services, config } = ctx;

  async function actorFromApiKey(req: Request, token: string): Promise<Actor> {
    const outcome = await services.apiKeys.verify(token);
    switch (outcome.result) {
      case 'NOT_FOUND':
        throw unauthorized('API key is invalid');
      case 'REVOKED':
        throw unauthorized('API key has been revoked');
      case 'EXPIRED':
        throw unauthorized('API key has expired');
    }
    const { key } = outcome;
    const plan = (outcome.plan ?? config.DEFAULT_PLAN) as Plan;
    return {
      ...apiKeyActor(key, plan, req.hx.requestId),
      ip: req.ip,
      userAgent: req.headers['user-agent'],
    };
  }

  async function actorFromJwt(req: Request, token: string): Promise<Actor> {
    const verified = await services.auth.verifyAccessToken(token);
    if (!verified.ok) throw unauthorized(`Invalid access token: ${verified.reason}`);
    const user = verified.user;
    const plan = ((await services.auth.tenantPlan(user.tenantId)) ?? config.DEFAULT_PLAN) as Plan;
    return {
      kind: 'user',
      tenantId: user.tenantId,
      userId: user.id,
      // Read with the user row the token was verified against: no extra query.
      tenantRole: user.tenantRole,
      environment: 'live',
      plan,
      requestId: req.hx.requestId,
      ip: req.ip,
      userAgent: req.headers['user-agent'],
    };
  }

  function checkOperator(token: string) {
    const expected = config.OPERATOR_TOKEN;
    if (!expected) throw new AppError('forbidden', 'Operator routes are disabled: OPERATOR_TOKEN is not set');
    const a = Buffer.from(token);
    const b = Buffer.from(expected);
    if (a.length !== b.length || !timingSafeEqual(a, b)) throw unauthorized('Operator token is invalid');
  }

  async function authenticate(req: Request, meta: RouteMeta | undefined): Promise<void> {
    const auth = meta?.auth ?? 'none';
    if (auth === 'none') return;
    const needs = NEEDS[auth];
    // The console's cookie session (auth/cookie-session.ts) only when there is no Authorization header.
    const cookieToken = sessionToken(req, auth);
    req.hx.viaConsoleCookie = cookieToken !== undefined;
    const token = cookieToken ?? bearer(req, needs);
    const isKey = looksLikeApiKey(token);
    if (auth === 'operator') {
      checkOperator(token);
      req.hx.actor = {
        kind: 'operator',
        tenantId: '',
        environment: 'live',
        plan: 'enterprise',
        requestId: req.hx.requestId,
        ip: req.ip,
      };
      return;
    }
    if (auth === 'apiKey' && !isKey) throw unauthorized(`This route needs ${needs}; a JWT is not accepted`);
    if (auth === 'jwt' && isKey) throw unauthorized(`This route needs ${needs}`);
    req.hx.actor = isKey ? await actorFromApiKey(req, token) : await actorFromJwt(req, token);
  }

  return authenticate;
}

/** Requests the gatekeeper has already authenticated; the ts-rest middleware then has nothing to do. */
const gatekept = new WeakSet<Request>();

/** ts-rest global middleware: authenticates routes the gatekeeper did not see (it sees all /v1 routes). */
export function createAuthenticator(ctx: AppContext) {
  const authenticate = createAuthenticate(ctx);
  return function authenticateMiddleware(req: Request, _res: Response, next: NextFunction) {
    if (gatekept.has(req)) return next();
    authenticate(req, routeMeta(req)).then(() => next(), next);
  };
}

/** Health probes and metrics scrapes: per IP and per instance, in a bucket of their own (see LimitPolicy). */
const PROBE_PATHS = new Set(['/health', '/metrics']);

/**
 * Early middleware for every request: authenticate from the headers, then count the request against
 * its caller (API key, user, the operator, or the IP when there is no valid credential) and set the
 * X-RateLimit-* headers, errors included. Over the limit: 429 rate_limited with Retry-After.
 */
export function createGatekeeper(ctx: AppContext, otherRoutes: ReadonlyMap<string, RouteMeta> = new Map()) {
  const authenticate = createAuthenticate(ctx);
  const store = createLimiterStore({ redis: ctx.redis, prefix: ctx.config.RATE_LIMIT_PREFIX });
  const limiter = createRequestLimiter(store, ctx.logger, {
    ip: { requestsPerMinute: ctx.config.IP_RATE_LIMIT_PER_MINUTE, burst: ctx.config.IP_RATE_LIMIT_BURST },
    unlimitedPlanRpm: ctx.config.UNLIMITED_PLAN_RPM,
    // Probes are counted per instance, in memory: no Redis round trip on the health path either.
    probeStore: createLimiterStore({ prefix: ctx.config.RATE_LIMIT_PREFIX }),
  });

  function callerOf(req: Request, probe: boolean): { subject: string; policy: LimitPolicy } {
    const actor = req.hx.actor;
    if (actor?.kind === 'operator') return { subject: 'operator', policy: actor.plan };
    if (actor?.apiKeyId) return { subject: `key:${actor.apiKeyId}`, policy: actor.plan };
    if (actor?.userId) return { subject: `usr:${actor.userId}`, policy: actor.plan };
    return { subject: `ip:${req.ip ?? 'unknown'}`, policy: probe ? 'probe' : 'ip' };
  }

  async function gate(req: Request, res: Response): Promise<unknown> {
    const route = matchRoute(req.method, req.path);
    // Paths served outside the contract (e.g. /mcp) authenticate as their entry in otherRoutes says.
    const other = route ? undefined : otherRoutes.get(req.path.replace(/(.)\/+$/, '$1'));
    let authError: unknown;
    try {
      if (route || other) await authenticate(req, route ? (route.metadata as RouteMeta | undefined) : other);
    } catch (err) {
      authError = err;
    }
    gatekept.add(req);
    // A credential the server could not check (database down, any 5xx) is the server's failure, not
    // the caller's: answer it as it is instead of charging the IP bucket, which would turn a clean
    // 503 into 429s for every keyed client behind one address.
    if (authError !== undefined && !(authError instanceof AppError && authError.status < 500)) return authError;
    const { subject, policy } = callerOf(req, route !== undefined && PROBE_PATHS.has(route.path));
    const decision = await limiter.consume(subject, policy);
    setRateLimitHeaders(res, decision);
    if (!decision.allowed) {
      return new AppError(
        'rate_limited',
        `Rate limit of ${decision.limit} requests per minute (${describePolicy(decision.policy)}) exceeded; retry in ${decision.retryAfter} seconds`,
        undefined,
        { 'Retry-After': String(decision.retryAfter) },
      );
    }
    return authError;
  }

  return function gatekeeperMiddleware(req: Request, res: Response, next: NextFunction) {
    gate(req, res).then((err) => (err ? next(err) : next()), next);
  };
}

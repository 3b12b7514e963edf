/**
 * The one authentication middleware. Reads the route's `auth` metadata from the contract and turns
 * the Bearer token into an actor: API keys for core routes, JWTs for account, enterprise and vault
 * routes, the operator token for admin routes. Runs before request validation, so 401 precedes 400.
 */
import { timingSafeEqual } from 'node:crypto';
import type { RouteMeta } from '@hx-memory/contract';
import type { NextFunction, Request, Response } from 'express';
import type { Plan } from '../config.js';
import type { Actor, AppContext } from '../context.js';
import { AppError, unauthorized } from '../errors.js';
import { looksLikeApiKey } from './api-key-tokens.js';

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

export function createAuthenticator(ctx: AppContext) {
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
    const plan = ((await services.auth.tenantPlan(key.tenantId)) ?? config.DEFAULT_PLAN) as Plan;
    return {
      kind: 'apiKey',
      tenantId: key.tenantId,
      apiKeyId: key.id,
      environment: key.environment as Actor['environment'],
      organizationId: key.organizationId ?? undefined,
      namespaceId: key.namespaceId ?? undefined,
      agentId: key.agentId ?? undefined,
      plan,
      requestId: req.hx.requestId,
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

  async function authenticate(req: Request): Promise<void> {
    const meta = routeMeta(req);
    const auth = meta?.auth ?? 'none';
    if (auth === 'none') return;
    const needs = NEEDS[auth];
    const token = bearer(req, needs);
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

  return function authenticateMiddleware(req: Request, _res: Response, next: NextFunction) {
    authenticate(req).then(() => next(), next);
  };
}

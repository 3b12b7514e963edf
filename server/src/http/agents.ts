/** Agent identities: HTTP handlers (thin: call the service, map its result). */
import type { Request } from 'express';
import type { AppContext } from '../context.js';
import type { AreaHandlers } from './handlers.js';
import { actorOf } from './request-state.js';
import { ok } from './respond.js';

// ts-rest types a parsed query apart from Express's ParsedQs; the request object is the same.
const plain = (req: unknown) => req as Request;

export function createAgentsHandlers(ctx: AppContext): AreaHandlers<'agents'> {
  const { agents } = ctx.services;
  return {
    create: async ({ params, body, req }) => ok(req, await agents.create(actorOf(req), params.orgId, body), 201),
    list: async ({ params, query, req }) => ok(plain(req), await agents.list(actorOf(plain(req)), params.orgId, query)),
    get: async ({ params, req }) => ok(req, await agents.get(actorOf(req), params.orgId, params.agentId)),
    update: async ({ params, body, req }) =>
      ok(req, await agents.update(actorOf(req), params.orgId, params.agentId, body)),
    delete: async ({ params, req }) => ok(req, await agents.delete(actorOf(req), params.orgId, params.agentId)),
  };
}

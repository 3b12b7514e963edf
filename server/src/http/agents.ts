/** Agent identities: HTTP handlers (thin: call the service, map its result). */
import type { AppContext } from '../context.js';
import type { AreaHandlers } from './handlers.js';
import { actorOf } from './request-state.js';
import { ok } from './respond.js';

export function createAgentsHandlers(ctx: AppContext): AreaHandlers<'agents'> {
  const { agents } = ctx.services;
  return {
    create: async ({ params, body, req }) => ok(req, await agents.create(actorOf(req), params.orgId, body), 201),
    list: async ({ params, query, req }) => ok(req, await agents.list(actorOf(req), params.orgId, query)),
    get: async ({ params, req }) => ok(req, await agents.get(actorOf(req), params.orgId, params.agentId)),
    update: async ({ params, body, req }) =>
      ok(req, await agents.update(actorOf(req), params.orgId, params.agentId, body)),
    delete: async ({ params, req }) => ok(req, await agents.delete(actorOf(req), params.orgId, params.agentId)),
  };
}

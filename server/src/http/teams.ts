/** Teams of an organization: HTTP handlers (thin: call the service, map its result). */
import type { AppContext } from '../context.js';
import type { AreaHandlers } from './handlers.js';
import { actorOf } from './request-state.js';
import { ok } from './respond.js';

export function createTeamsHandlers(ctx: AppContext): AreaHandlers<'teams'> {
  const { teams } = ctx.services;
  return {
    create: async ({ params, body, req }) => ok(req, await teams.create(actorOf(req), params.orgId, body), 201),
    list: async ({ params, query, req }) => ok(req, await teams.list(actorOf(req), params.orgId, query)),
    get: async ({ params, req }) => ok(req, await teams.get(actorOf(req), params.orgId, params.teamId)),
    update: async ({ params, body, req }) =>
      ok(req, await teams.update(actorOf(req), params.orgId, params.teamId, body)),
    delete: async ({ params, req }) => ok(req, await teams.delete(actorOf(req), params.orgId, params.teamId)),
  };
}

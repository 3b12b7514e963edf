/** Organizations: HTTP handlers (thin: call the service, map its result). */
import type { AppContext } from '../context.js';
import type { AreaHandlers } from './handlers.js';
import { actorOf } from './request-state.js';
import { ok } from './respond.js';

export function createOrganizationsHandlers(ctx: AppContext): AreaHandlers<'organizations'> {
  const { organizations } = ctx.services;
  return {
    create: async ({ body, req }) => ok(req, await organizations.create(actorOf(req), body), 201),
    list: async ({ query, req }) => ok(req, await organizations.list(actorOf(req), query)),
    get: async ({ params, req }) => ok(req, await organizations.get(actorOf(req), params.orgId)),
    update: async ({ params, body, req }) => ok(req, await organizations.update(actorOf(req), params.orgId, body)),
  };
}

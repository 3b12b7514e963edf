/** Memory namespaces: HTTP handlers (thin: call the service, map its result). */
import type { AppContext } from '../context.js';
import type { AreaHandlers } from './handlers.js';
import { actorOf } from './request-state.js';
import { ok } from './respond.js';

export function createNamespacesHandlers(ctx: AppContext): AreaHandlers<'namespaces'> {
  const { namespaces } = ctx.services;
  return {
    create: async ({ params, body, req }) => ok(req, await namespaces.create(actorOf(req), params.orgId, body), 201),
    list: async ({ params, query, req }) => ok(req, await namespaces.list(actorOf(req), params.orgId, query)),
    get: async ({ params, req }) => ok(req, await namespaces.get(actorOf(req), params.orgId, params.namespaceId)),
    update: async ({ params, body, req }) =>
      ok(req, await namespaces.update(actorOf(req), params.orgId, params.namespaceId, body)),
  };
}

/** Lifecycle policies: HTTP handlers (thin: call the service, map its result). */
import type { AppContext } from '../context.js';
import type { AreaHandlers } from './handlers.js';
import { actorOf } from './request-state.js';
import { ok } from './respond.js';

export function createLifecycleHandlers(ctx: AppContext): AreaHandlers<'lifecycle'> {
  const { lifecycle } = ctx.services;
  return {
    create: async ({ params, body, req }) => ok(req, await lifecycle.create(actorOf(req), params.orgId, body), 201),
    list: async ({ params, query, req }) => ok(req, await lifecycle.list(actorOf(req), params.orgId, query)),
    get: async ({ params, req }) => ok(req, await lifecycle.get(actorOf(req), params.orgId, params.policyId)),
    update: async ({ params, body, req }) =>
      ok(req, await lifecycle.update(actorOf(req), params.orgId, params.policyId, body)),
    delete: async ({ params, req }) => ok(req, await lifecycle.delete(actorOf(req), params.orgId, params.policyId)),
    run: async ({ params, body, req }) => ok(req, await lifecycle.run(actorOf(req), params.orgId, body)),
    preview: async ({ params, body, req }) => ok(req, await lifecycle.preview(actorOf(req), params.orgId, body)),
  };
}

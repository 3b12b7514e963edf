/** Access policies: HTTP handlers (thin: call the service, map its result). */
import type { AppContext } from '../context.js';
import type { AreaHandlers } from './handlers.js';
import { actorOf } from './request-state.js';
import { ok } from './respond.js';

export function createPoliciesHandlers(ctx: AppContext): AreaHandlers<'policies'> {
  const { policies } = ctx.services;
  return {
    create: async ({ params, body, req }) => ok(req, await policies.create(actorOf(req), params.orgId, body), 201),
    list: async ({ params, query, req }) => ok(req, await policies.list(actorOf(req), params.orgId, query)),
    get: async ({ params, req }) => ok(req, await policies.get(actorOf(req), params.orgId, params.policyId)),
    update: async ({ params, body, req }) =>
      ok(req, await policies.update(actorOf(req), params.orgId, params.policyId, body)),
    delete: async ({ params, req }) => ok(req, await policies.delete(actorOf(req), params.orgId, params.policyId)),
    simulate: async ({ params, body, req }) => ok(req, await policies.simulate(actorOf(req), params.orgId, body)),
  };
}

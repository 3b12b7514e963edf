/** Memory lineage: HTTP handlers (thin: call the service, map its result). */
import type { AppContext } from '../context.js';
import type { AreaHandlers } from './handlers.js';
import { actorOf } from './request-state.js';
import { ok } from './respond.js';

export function createLineageHandlers(ctx: AppContext): AreaHandlers<'lineage'> {
  const { lineage } = ctx.services;
  return {
    get: async ({ params, req }) => ok(req, await lineage.get(actorOf(req), params.orgId, params.memoryId)),
    graph: async ({ params, req }) => ok(req, await lineage.graph(actorOf(req), params.orgId, params.memoryId)),
  };
}

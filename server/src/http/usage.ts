/** Usage metrics: HTTP handler (thin: call the service, map its result). */
import type { AppContext } from '../context.js';
import type { AreaHandlers } from './handlers.js';
import { actorOf } from './request-state.js';
import { ok } from './respond.js';

export function createUsageHandlers(ctx: AppContext): AreaHandlers<'usage'> {
  const { usage } = ctx.services;
  return {
    get: async ({ query, req }) => ok(req, await usage.get(actorOf(req), query)),
  };
}

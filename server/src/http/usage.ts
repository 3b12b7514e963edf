/** Usage metrics: HTTP handler (thin: call the service, map its result). */
import type { Request } from 'express';
import type { AppContext } from '../context.js';
import type { AreaHandlers } from './handlers.js';
import { actorOf } from './request-state.js';
import { ok } from './respond.js';

export function createUsageHandlers(ctx: AppContext): AreaHandlers<'usage'> {
  const { usage } = ctx.services;
  return {
    get: async ({ query, req }) => {
      // ts-rest types a request with a parsed query apart from Express's; it is the same object.
      const r = req as unknown as Request;
      return ok(r, await usage.get(actorOf(r), query));
    },
  };
}

/**
 * Event capture, single and batch: HTTP handlers (thin: call the service, map its result). The
 * Idempotency-Key header is handled before them, as on every creating route (http/idempotency.ts).
 */
import type { AppContext } from '../context.js';
import type { AreaHandlers } from './handlers.js';
import { actorOf } from './request-state.js';
import { ok } from './respond.js';

export function createCaptureHandlers(ctx: AppContext): AreaHandlers<'capture'> {
  const { capture, events } = ctx.services;
  return {
    capture: async ({ body, req }) => {
      const out = await capture.capture(actorOf(req), body);
      return ok(req, out.data, out.status);
    },
    captureBatch: async ({ body, req }) => {
      const out = await capture.captureBatch(actorOf(req), body.events);
      return ok(req, out.data, out.status);
    },
    listEvents: async ({ query, req }) => ok(req, await events.list(actorOf(req), query)),
  };
}

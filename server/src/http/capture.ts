/** Event capture, single and batch: HTTP handlers (thin: call the service, map its result). */
import type { AppContext } from '../context.js';
import type { AreaHandlers } from './handlers.js';
import { actorOf } from './request-state.js';
import { ok } from './respond.js';

export function createCaptureHandlers(ctx: AppContext): AreaHandlers<'capture'> {
  const { capture } = ctx.services;
  return {
    capture: async ({ body, headers, req, res }) => {
      const out = await capture.capture(actorOf(req), body, headers['idempotency-key']);
      if (out.replayed) res.setHeader('Idempotent-Replayed', 'true');
      return ok(req, out.data, out.status);
    },
    captureBatch: async ({ body, headers, req, res }) => {
      const out = await capture.captureBatch(actorOf(req), body.events, headers['idempotency-key']);
      if (out.replayed) res.setHeader('Idempotent-Replayed', 'true');
      return ok(req, out.data, out.status);
    },
  };
}

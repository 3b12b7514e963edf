/** Synthesize: prompt-ready context for a query: HTTP handlers (thin: call the service, map its result). */
import type { AppContext } from '../context.js';
import type { AreaHandlers } from './handlers.js';
import { actorOf } from './request-state.js';
import { ok } from './respond.js';

export function createSynthesizeHandlers(ctx: AppContext): AreaHandlers<'synthesize'> {
  const { synthesize } = ctx.services;
  return {
    synthesize: async ({ body, req }) => ok(req, await synthesize.synthesize(actorOf(req), body)),
  };
}

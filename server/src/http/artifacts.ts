/** Compiled artifacts: list and get: HTTP handlers (thin: call the service, map its result). */
import type { AppContext } from '../context.js';
import type { AreaHandlers } from './handlers.js';
import { actorOf } from './request-state.js';
import { ok } from './respond.js';

export function createArtifactsHandlers(ctx: AppContext): AreaHandlers<'artifacts'> {
  const { artifacts } = ctx.services;
  return {
    list: async ({ query, req }) => ok(req, await artifacts.list(actorOf(req), query)),
    get: async ({ params, req }) => ok(req, await artifacts.get(actorOf(req), params.id)),
  };
}

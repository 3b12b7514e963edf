/** Compiled artifacts: list and get: HTTP handlers (thin: call the service, map its result). */
import type { Request } from 'express';
import type { AppContext } from '../context.js';
import type { AreaHandlers } from './handlers.js';
import { actorOf } from './request-state.js';
import { ok } from './respond.js';

export function createArtifactsHandlers(ctx: AppContext): AreaHandlers<'artifacts'> {
  const { artifacts } = ctx.services;
  return {
    list: async ({ query, req }) => {
      // ts-rest types a request with a parsed query apart from Express's; it is the same object.
      const r = req as unknown as Request;
      return ok(r, await artifacts.list(actorOf(r), query));
    },
    get: async ({ params, req }) => ok(req, await artifacts.get(actorOf(req), params.id)),
  };
}

/** Memories: list, get, delete; forget a subject: HTTP handlers (thin: call the service, map its result). */
import type { AppContext } from '../context.js';
import type { AreaHandlers } from './handlers.js';
import { actorOf } from './request-state.js';
import { ok } from './respond.js';

export function createMemoriesHandlers(ctx: AppContext): AreaHandlers<'memories'> {
  const { memories } = ctx.services;
  return {
    list: async ({ query, req }) => ok(req, await memories.list(actorOf(req), query)),
    get: async ({ params, req }) => ok(req, await memories.get(actorOf(req), params.id)),
    delete: async ({ params, req }) => ok(req, await memories.delete(actorOf(req), params.id)),
    forgetSubject: async ({ params, query, req }) =>
      ok(req, await memories.forgetSubject(actorOf(req), params.subjectId, query.namespace)),
  };
}

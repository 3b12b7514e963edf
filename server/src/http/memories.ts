/** Memories: list, get, delete; forget a subject: HTTP handlers (thin: call the service, map its result). */
import type { Request } from 'express';
import type { AppContext } from '../context.js';
import type { AreaHandlers } from './handlers.js';
import { actorOf } from './request-state.js';
import { ok } from './respond.js';

// ts-rest types a request with a parsed query apart from Express's; it is the same object.
const plain = (req: unknown) => req as Request;

export function createMemoriesHandlers(ctx: AppContext): AreaHandlers<'memories'> {
  const { memories } = ctx.services;
  return {
    list: async ({ query, req }) => ok(plain(req), await memories.list(actorOf(plain(req)), query)),
    get: async ({ params, req }) => ok(req, await memories.get(actorOf(req), params.id)),
    delete: async ({ params, req }) => ok(req, await memories.delete(actorOf(req), params.id)),
    forgetSubject: async ({ params, query, req }) =>
      ok(plain(req), await memories.forgetSubject(actorOf(plain(req)), params.subjectId, query.namespace)),
  };
}

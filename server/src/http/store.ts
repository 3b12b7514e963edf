/** Store: put, get, delete, search items and list their paths: HTTP handlers (thin: call the service). */
import type { AppContext } from '../context.js';
import type { AreaHandlers } from './handlers.js';
import { actorOf } from './request-state.js';
import { ok } from './respond.js';

export function createStoreHandlers(ctx: AppContext): AreaHandlers<'store'> {
  const { store } = ctx.services;
  return {
    put: async ({ body, req }) => ok(req, await store.put(actorOf(req), body)),
    get: async ({ query, req }) => ok(req, await store.get(actorOf(req), query)),
    delete: async ({ query, req }) => ok(req, await store.delete(actorOf(req), query)),
    search: async ({ body, req }) => ok(req, await store.search(actorOf(req), body)),
    listPaths: async ({ query, req }) => ok(req, await store.listPaths(actorOf(req), query)),
  };
}

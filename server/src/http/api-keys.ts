/** API key routes (JWT only). */
import type { AppContext } from '../context.js';
import type { AreaHandlers } from './handlers.js';
import { actorOf } from './request-state.js';
import { ok } from './respond.js';

export function createApiKeysHandlers(ctx: AppContext): AreaHandlers<'apiKeys'> {
  const { apiKeys } = ctx.services;
  return {
    list: async ({ query, req }) => ok(req, await apiKeys.list(actorOf(req), query)),
    create: async ({ body, req }) => ok(req, await apiKeys.create(actorOf(req), body), 201),
    revoke: async ({ params, req }) => ok(req, await apiKeys.revoke(actorOf(req), params.id)),
  };
}

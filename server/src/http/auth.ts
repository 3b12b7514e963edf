/** Account routes: register, login, refresh, logout, me. */
import type { AppContext } from '../context.js';
import type { AreaHandlers } from './handlers.js';
import { actorOf, originOf } from './request-state.js';
import { ok } from './respond.js';

export function createAuthHandlers(ctx: AppContext): AreaHandlers<'auth'> {
  const { auth } = ctx.services;
  return {
    register: async ({ body, req }) => ok(req, await auth.register(body, originOf(req)), 201),
    login: async ({ body, req }) => ok(req, await auth.login(body, originOf(req))),
    refresh: async ({ body, req }) => ok(req, await auth.refresh(body.refreshToken, originOf(req))),
    logout: async ({ body, req }) => {
      await auth.logout(body.refreshToken, originOf(req));
      return ok(req, { loggedOut: true as const });
    },
    me: async ({ req }) => ok(req, await auth.me(actorOf(req))),
  };
}

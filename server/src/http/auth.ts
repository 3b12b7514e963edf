/** Account routes: register, login, refresh, logout, me. */
import type { AppContext } from '../context.js';
import type { AreaHandlers } from './handlers.js';
import { actorOf } from './request-state.js';
import { ok } from './respond.js';

export function createAuthHandlers(ctx: AppContext): AreaHandlers<'auth'> {
  const { auth } = ctx.services;
  return {
    register: async ({ body, req }) => ok(req, await auth.register(body), 201),
    login: async ({ body, req }) => ok(req, await auth.login(body, req.ip)),
    refresh: async ({ body, req }) => ok(req, await auth.refresh(body.refreshToken)),
    logout: async ({ body, req }) => {
      await auth.logout(body.refreshToken);
      return ok(req, { loggedOut: true as const });
    },
    me: async ({ req }) => ok(req, await auth.me(actorOf(req))),
  };
}

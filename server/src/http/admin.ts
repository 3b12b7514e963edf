/** Operator administration (operator token): tenants, plans, users, the vault KEK. Thin: call the service. */
import type { AppContext } from '../context.js';
import type { AreaHandlers } from './handlers.js';
import { actorOf } from './request-state.js';
import { ok } from './respond.js';

export function createAdminHandlers(ctx: AppContext): AreaHandlers<'admin'> {
  const { admin, vault } = ctx.services;
  return {
    listTenants: async ({ query, req }) => ok(req, await admin.listTenants(actorOf(req), query)),
    getTenant: async ({ params, req }) => ok(req, await admin.getTenant(actorOf(req), params.tenantId)),
    updateTenant: async ({ params, body, req }) =>
      ok(req, await admin.setPlan(actorOf(req), params.tenantId, body.plan)),
    deleteUser: async ({ params, req }) => ok(req, await admin.deleteUser(actorOf(req), params.userId)),
    rotateKek: async ({ body, req }) => ok(req, await vault.rotateKek(actorOf(req), undefined, body)),
  };
}

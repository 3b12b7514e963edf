/** Vault: encrypted secrets: HTTP handlers (thin: call the service, map its result). */
import type { Request } from 'express';
import type { AppContext } from '../context.js';
import type { AreaHandlers } from './handlers.js';
import { actorOf, originOf } from './request-state.js';
import { ok } from './respond.js';

const secretRead = (req: Pick<Request, 'hx' | 'ip' | 'headers'>, password?: string) => ({
  password,
  viaConsoleCookie: req.hx.viaConsoleCookie === true,
  origin: originOf(req),
});

export function createVaultHandlers(ctx: AppContext): AreaHandlers<'vault'> {
  const { vault } = ctx.services;
  return {
    createVault: async ({ body, req }) => ok(req, await vault.createVault(actorOf(req), body), 201),
    listVaults: async ({ query, req }) => ok(req, await vault.listVaults(actorOf(req), query)),
    updateVault: async ({ params, body, req }) => ok(req, await vault.updateVault(actorOf(req), params.vaultId, body)),
    deleteVault: async ({ params, req }) => ok(req, await vault.deleteVault(actorOf(req), params.vaultId)),
    createItem: async ({ params, body, req }) =>
      ok(req, await vault.createItem(actorOf(req), params.vaultId, body), 201),
    listItems: async ({ params, query, req }) => ok(req, await vault.listItems(actorOf(req), params.vaultId, query)),
    getItem: async ({ params, query, req }) =>
      ok(req, await vault.getItem(actorOf(req), params.vaultId, params.itemId, query.version, secretRead(req))),
    revealItem: async ({ params, query, body, req }) =>
      ok(
        req,
        await vault.revealItem(actorOf(req), params.id, params.itemId, query.version, secretRead(req, body?.password)),
      ),
    updateItem: async ({ params, body, req }) =>
      ok(req, await vault.updateItem(actorOf(req), params.vaultId, params.itemId, body)),
    listItemVersions: async ({ params, query, req }) =>
      ok(req, await vault.listVersions(actorOf(req), params.vaultId, params.itemId, query)),
    pruneItemVersions: async ({ params, query, req }) =>
      ok(req, await vault.pruneVersions(actorOf(req), params.vaultId, params.itemId, query.keep)),
    deleteItem: async ({ params, req }) => ok(req, await vault.deleteItem(actorOf(req), params.vaultId, params.itemId)),
    audit: async ({ params, query, req }) => ok(req, await vault.auditLog(actorOf(req), params.id, query)),
  };
}

/** Vault: encrypted secrets: HTTP handlers (thin: call the service, map its result). */
import type { Request } from 'express';
import type { AppContext } from '../context.js';
import type { AreaHandlers } from './handlers.js';
import { actorOf } from './request-state.js';
import { ok } from './respond.js';

/** A typed query makes ts-rest's request incompatible with Express's ParsedQs; it is the same object. */
const express = (req: unknown) => req as Request;

export function createVaultHandlers(ctx: AppContext): AreaHandlers<'vault'> {
  const { vault } = ctx.services;
  return {
    createVault: async ({ body, req }) => ok(req, await vault.createVault(actorOf(req), body), 201),
    listVaults: async ({ query, req }) => ok(express(req), await vault.listVaults(actorOf(express(req)), query)),
    deleteVault: async ({ params, req }) => ok(req, await vault.deleteVault(actorOf(req), params.vaultId)),
    createItem: async ({ params, body, req }) =>
      ok(req, await vault.createItem(actorOf(req), params.vaultId, body), 201),
    listItems: async ({ params, query, req }) =>
      ok(express(req), await vault.listItems(actorOf(express(req)), params.vaultId, query)),
    getItem: async ({ params, req }) => ok(req, await vault.getItem(actorOf(req), params.vaultId, params.itemId)),
    revealItem: async ({ params, req }) => ok(req, await vault.revealItem(actorOf(req), params.id, params.itemId)),
    deleteItem: async ({ params, req }) => ok(req, await vault.deleteItem(actorOf(req), params.vaultId, params.itemId)),
    audit: async ({ params, query, req }) =>
      ok(express(req), await vault.auditLog(actorOf(express(req)), params.id, query)),
  };
}

// Generated from the contract by sdk/scripts/write.ts; do not edit by hand.
/** Encrypted secrets (JWT only): vaults, items, reveal and the vault audit log. */
import type { Contract } from '@hx-memory/contract';
import { APIResource, type RouteArgs, type RouteResult } from '../core/resource.js';

type Routes = Contract['vault'];

/** Encrypted secrets (JWT only): vaults, items, reveal and the vault audit log. */
export class Vault extends APIResource {
  /**
   * Create a vault.
   *
   * Open to every user of the tenant; the creator and the tenant owner can use the vault. With
   * `organizationId` the vault is also shared with that organization: its owners and admins, and members
   * whose role holds vault:read (read) or vault:write (read and change). Creating one needs vault:write in
   * the organization (404 otherwise). Names are unique per tenant; `system` is reserved for the vault capture
   * redacts into. Unknown fields answer 400. Send an Idempotency-Key header to make retries safe: the first
   * successful answer is kept 24 h per tenant, caller, route and key, and the same key with the same request
   * answers it again with the header Idempotent-Replayed: true; the same key with another request is 409
   * conflict, and while the first request is still running a duplicate waits for it (409 with Retry-After if
   * it runs past the wait).
   *
   * `POST /v1/vaults` (access token (JWT))
   */
  createVault(...args: RouteArgs<Routes['createVault']>): RouteResult<Routes['createVault']> {
    return this._request('vault', 'createVault', args);
  }

  /**
   * List vaults.
   *
   * Vaults accessible to the authenticated user, oldest first: those the user created, those of an
   * organization where the user is owner or admin or holds vault:read; for the tenant owner (the user who
   * registered the tenant) every vault of the tenant, the system vault included. Every route under
   * /vaults/{id} answers 404 for a vault the user cannot access, and 403 for a change the user may only read.
   *
   * `GET /v1/vaults` (access token (JWT))
   */
  listVaults(...args: RouteArgs<Routes['listVaults']>): RouteResult<Routes['listVaults']> {
    return this._request('vault', 'listVaults', args);
  }

  /**
   * Delete a vault and its items.
   *
   * Deletes the items and their versions (their wrapped keys with them) and the vault; audited. The system
   * vault is kept. 404 for a vault the user cannot access.
   *
   * `DELETE /v1/vaults/:vaultId` (access token (JWT))
   */
  deleteVault(...args: RouteArgs<Routes['deleteVault']>): RouteResult<Routes['deleteVault']> {
    return this._request('vault', 'deleteVault', args);
  }

  /**
   * Store a secret.
   *
   * The value is encrypted under a fresh data key before storage; the answer never echoes it. Version 1.
   * Unknown fields answer 400. Send an Idempotency-Key header to make retries safe: the first successful
   * answer is kept 24 h per tenant, caller, route and key, and the same key with the same request answers it
   * again with the header Idempotent-Replayed: true; the same key with another request is 409 conflict, and
   * while the first request is still running a duplicate waits for it (409 with Retry-After if it runs past
   * the wait).
   *
   * `POST /v1/vaults/:vaultId/items` (access token (JWT))
   */
  createItem(...args: RouteArgs<Routes['createItem']>): RouteResult<Routes['createItem']> {
    return this._request('vault', 'createItem', args);
  }

  /**
   * List the items of a vault.
   *
   * Names, types and metadata only; values are never listed.
   *
   * `GET /v1/vaults/:vaultId/items` (access token (JWT))
   */
  listItems(...args: RouteArgs<Routes['listItems']>): RouteResult<Routes['listItems']> {
    return this._request('vault', 'listItems', args);
  }

  /**
   * Retrieve a secret.
   *
   * The item with its decrypted value, the current version or `?version=N`. Always audited with the version.
   * 404 for a vault the user cannot access or a version that does not exist (or was pruned).
   *
   * `GET /v1/vaults/:vaultId/items/:itemId` (access token (JWT))
   */
  getItem(...args: RouteArgs<Routes['getItem']>): RouteResult<Routes['getItem']> {
    return this._request('vault', 'getItem', args);
  }

  /**
   * Reveal a secret.
   *
   * Just the decrypted value, for copying; the current version or `?version=N`. Always audited with the
   * version. 404 for a vault the user cannot access.
   *
   * `POST /v1/vaults/:id/items/:itemId/reveal` (access token (JWT))
   */
  revealItem(...args: RouteArgs<Routes['revealItem']>): RouteResult<Routes['revealItem']> {
    return this._request('vault', 'revealItem', args);
  }

  /**
   * Delete a secret.
   *
   * Removes the ciphertext and its wrapped key, every version; audited.
   *
   * `DELETE /v1/vaults/:vaultId/items/:itemId` (access token (JWT))
   */
  deleteItem(...args: RouteArgs<Routes['deleteItem']>): RouteResult<Routes['deleteItem']> {
    return this._request('vault', 'deleteItem', args);
  }

  /**
   * Update a secret.
   *
   * A new `value` makes a new version (sealed under a fresh data key); the older versions are kept, readable
   * with `?version=N` and listed under /versions until pruned. `name`, `type` and `metadata` change in place.
   * Audited `vault.item.updated` with the version. Unknown fields answer 400.
   *
   * `PATCH /v1/vaults/:vaultId/items/:itemId` (access token (JWT))
   */
  updateItem(...args: RouteArgs<Routes['updateItem']>): RouteResult<Routes['updateItem']> {
    return this._request('vault', 'updateItem', args);
  }

  /**
   * List the versions of a secret.
   *
   * Newest first, the current one included; never values.
   *
   * `GET /v1/vaults/:vaultId/items/:itemId/versions` (access token (JWT))
   */
  listItemVersions(...args: RouteArgs<Routes['listItemVersions']>): RouteResult<Routes['listItemVersions']> {
    return this._request('vault', 'listItemVersions', args);
  }

  /**
   * Prune old versions of a secret.
   *
   * Deletes the older versions (ciphertext and wrapped key) and keeps the newest `keep` (default 1: the
   * current one only). The current version is never deleted. Audited `vault.item.versions.pruned`.
   *
   * `DELETE /v1/vaults/:vaultId/items/:itemId/versions` (access token (JWT))
   */
  pruneItemVersions(...args: RouteArgs<Routes['pruneItemVersions']>): RouteResult<Routes['pruneItemVersions']> {
    return this._request('vault', 'pruneItemVersions', args);
  }

  /**
   * Audit log of a vault.
   *
   * Operations on the vault and its items, newest first.
   *
   * `GET /v1/vaults/:id/audit` (access token (JWT))
   */
  audit(...args: RouteArgs<Routes['audit']>): RouteResult<Routes['audit']> {
    return this._request('vault', 'audit', args);
  }
}

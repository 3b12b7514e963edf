// Generated from the contract by sdk/scripts/write.ts; do not edit by hand.
/** Encrypted secrets (JWT only): vaults, items, reveal and the vault audit log. */
import type { APIPromise } from '../core/api-promise.js';
import type { RequestOptions } from '../core/fetcher.js';
import type { PagePromise } from '../core/pagination.js';
import { APIResource } from '../core/resource.js';
import type {
  Vault as VaultData,
  VaultAuditData,
  VaultAuditInput,
  VaultCreateItemData,
  VaultCreateItemInput,
  VaultCreateVaultData,
  VaultCreateVaultInput,
  VaultDeleteItemData,
  VaultDeleteItemInput,
  VaultDeleteVaultData,
  VaultDeleteVaultInput,
  VaultGetItemData,
  VaultGetItemInput,
  VaultItem,
  VaultItemVersion,
  VaultListItemVersionsData,
  VaultListItemVersionsInput,
  VaultListItemsData,
  VaultListItemsInput,
  VaultListVaultsData,
  VaultListVaultsInput,
  VaultPruneItemVersionsData,
  VaultPruneItemVersionsInput,
  VaultRevealItemData,
  VaultRevealItemInput,
  VaultUpdateItemData,
  VaultUpdateItemInput,
  VaultUpdateVaultData,
  VaultUpdateVaultInput,
} from '../types.js';

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
  createVault(input: VaultCreateVaultInput, options?: RequestOptions): APIPromise<VaultCreateVaultData> {
    return this._request('vault', 'createVault', [input, options]);
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
  listVaults(input?: VaultListVaultsInput, options?: RequestOptions): PagePromise<VaultData, VaultListVaultsData> {
    return this._request('vault', 'listVaults', [input, options]);
  }

  /**
   * Update a vault, its sharing included.
   *
   * Changes `name`, `description`, `sensitivity` and `organizationId` (null: shared with no organization, the
   * creator and the tenant owner only). Only the creator and the tenant owner may: anyone else who can see
   * the vault gets 403, and 404 for a vault the user cannot access. A new `organizationId` needs vault:write
   * in that organization (404 otherwise), as at creation. Access follows at once: the members of the
   * organization the vault leaves lose it, those of the new one gain it by role. Names are unique per tenant
   * (409); `system` stays reserved, and the system vault can be neither renamed nor shared (403). Audited
   * `vault.updated` with the fields changed. Unknown fields answer 400.
   *
   * `PATCH /v1/vaults/:vaultId` (access token (JWT))
   */
  updateVault(input: VaultUpdateVaultInput, options?: RequestOptions): APIPromise<VaultUpdateVaultData> {
    return this._request('vault', 'updateVault', [input, options]);
  }

  /**
   * Delete a vault and its items.
   *
   * Deletes the items and their versions (their wrapped keys with them) and the vault; audited. The system
   * vault is kept. 404 for a vault the user cannot access.
   *
   * `DELETE /v1/vaults/:vaultId` (access token (JWT))
   */
  deleteVault(input: VaultDeleteVaultInput, options?: RequestOptions): APIPromise<VaultDeleteVaultData> {
    return this._request('vault', 'deleteVault', [input, options]);
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
  createItem(input: VaultCreateItemInput, options?: RequestOptions): APIPromise<VaultCreateItemData> {
    return this._request('vault', 'createItem', [input, options]);
  }

  /**
   * List the items of a vault.
   *
   * Names, types and metadata only; values are never listed.
   *
   * `GET /v1/vaults/:vaultId/items` (access token (JWT))
   */
  listItems(input: VaultListItemsInput, options?: RequestOptions): PagePromise<VaultItem, VaultListItemsData> {
    return this._request('vault', 'listItems', [input, options]);
  }

  /**
   * Retrieve a secret.
   *
   * The item with its decrypted value, the current version or `?version=N`. Always audited with the version.
   * 404 for a vault the user cannot access or a version that does not exist (or was pruned). Not from the web
   * console's session cookie (403): there a value is read with reveal, which asks for the password again.
   *
   * `GET /v1/vaults/:vaultId/items/:itemId` (access token (JWT))
   */
  getItem(input: VaultGetItemInput, options?: RequestOptions): APIPromise<VaultGetItemData> {
    return this._request('vault', 'getItem', [input, options]);
  }

  /**
   * Reveal a secret.
   *
   * Just the decrypted value, for copying; the current version or `?version=N`. Always audited with the
   * version (and whether the password was given again). With `password`, the user's password is checked
   * first: a wrong one is answered 403 and audited (`auth.reauth`, failed). From the web console (a session
   * cookie) the password is required: the console asks for it again before every reveal. 404 for a vault the
   * user cannot access.
   *
   * `POST /v1/vaults/:id/items/:itemId/reveal` (access token (JWT))
   */
  revealItem(input: VaultRevealItemInput, options?: RequestOptions): APIPromise<VaultRevealItemData> {
    return this._request('vault', 'revealItem', [input, options]);
  }

  /**
   * Delete a secret.
   *
   * Removes the ciphertext and its wrapped key, every version; audited.
   *
   * `DELETE /v1/vaults/:vaultId/items/:itemId` (access token (JWT))
   */
  deleteItem(input: VaultDeleteItemInput, options?: RequestOptions): APIPromise<VaultDeleteItemData> {
    return this._request('vault', 'deleteItem', [input, options]);
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
  updateItem(input: VaultUpdateItemInput, options?: RequestOptions): APIPromise<VaultUpdateItemData> {
    return this._request('vault', 'updateItem', [input, options]);
  }

  /**
   * List the versions of a secret.
   *
   * Newest first, the current one included; never values.
   *
   * `GET /v1/vaults/:vaultId/items/:itemId/versions` (access token (JWT))
   */
  listItemVersions(
    input: VaultListItemVersionsInput,
    options?: RequestOptions,
  ): PagePromise<VaultItemVersion, VaultListItemVersionsData> {
    return this._request('vault', 'listItemVersions', [input, options]);
  }

  /**
   * Prune old versions of a secret.
   *
   * Deletes the older versions (ciphertext and wrapped key) and keeps the newest `keep` (default 1: the
   * current one only). The current version is never deleted. Audited `vault.item.versions.pruned`.
   *
   * `DELETE /v1/vaults/:vaultId/items/:itemId/versions` (access token (JWT))
   */
  pruneItemVersions(
    input: VaultPruneItemVersionsInput,
    options?: RequestOptions,
  ): APIPromise<VaultPruneItemVersionsData> {
    return this._request('vault', 'pruneItemVersions', [input, options]);
  }

  /**
   * Audit log of a vault.
   *
   * Operations on the vault and its items, newest first.
   *
   * `GET /v1/vaults/:id/audit` (access token (JWT))
   */
  audit(
    input: VaultAuditInput,
    options?: RequestOptions,
  ): PagePromise<VaultAuditData['entries'][number], VaultAuditData> {
    return this._request('vault', 'audit', [input, options]);
  }
}

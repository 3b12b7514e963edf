// Generated from the contract by sdk/scripts/write.ts; do not edit by hand.
/** Operator routes of the deployment (OPERATOR_TOKEN). */
import type { APIPromise } from '../core/api-promise.js';
import type { RequestOptions } from '../core/fetcher.js';
import type { PagePromise } from '../core/pagination.js';
import { APIResource } from '../core/resource.js';
import type {
  AdminDeleteUserData,
  AdminDeleteUserInput,
  AdminGetTenantData,
  AdminGetTenantInput,
  AdminListTenantsData,
  AdminListTenantsInput,
  AdminRotateKekData,
  AdminRotateKekInput,
  AdminUpdateTenantData,
  AdminUpdateTenantInput,
  Tenant,
} from '../types.js';

/** Operator routes of the deployment (OPERATOR_TOKEN). */
export class Admin extends APIResource {
  /**
   * List tenants.
   *
   * Every tenant of the deployment with its plan and this month’s event usage, oldest first.
   *
   * `GET /v1/admin/tenants` (operator token)
   */
  listTenants(input?: AdminListTenantsInput, options?: RequestOptions): PagePromise<Tenant, AdminListTenantsData> {
    return this._request('admin', 'listTenants', [input, options]);
  }

  /**
   * Get a tenant.
   *
   * `GET /v1/admin/tenants/:tenantId` (operator token)
   */
  getTenant(input: AdminGetTenantInput, options?: RequestOptions): APIPromise<AdminGetTenantData> {
    return this._request('admin', 'getTenant', [input, options]);
  }

  /**
   * Change a tenant's plan.
   *
   * Takes effect on the next request of every API key and user of the tenant.
   *
   * `PATCH /v1/admin/tenants/:tenantId` (operator token)
   */
  updateTenant(input: AdminUpdateTenantInput, options?: RequestOptions): APIPromise<AdminUpdateTenantData> {
    return this._request('admin', 'updateTenant', [input, options]);
  }

  /**
   * Delete a user.
   *
   * Deactivates the user: its access tokens stop working at once and its refresh tokens are revoked.
   *
   * `DELETE /v1/admin/users/:userId` (operator token)
   */
  deleteUser(input: AdminDeleteUserInput, options?: RequestOptions): APIPromise<AdminDeleteUserData> {
    return this._request('admin', 'deleteUser', [input, options]);
  }

  /**
   * Rotate the vault key encryption key.
   *
   * Re-wraps every vault data key under a new KEK in batches, each committed on its own; values are never
   * decrypted. Embedded key file: a new KEK is generated and saved beside the key file before any data key
   * moves, and becomes the key file once all are re-wrapped. VAULT_KEK: set the new key as VAULT_KEK (new
   * VAULT_KEK_ID) with the old one in VAULT_KEK_PREVIOUS, restart, then call this to move every data key to
   * it. Resumable: an interrupted run (crash, `maxBatches`) leaves every item readable, and the next call
   * finishes the same rotation. Audited `vault.kek.rotated` per batch and tenant, with counts. Unknown fields
   * answer 400.
   *
   * `POST /v1/admin/kek/rotate` (operator token)
   */
  rotateKek(input?: AdminRotateKekInput, options?: RequestOptions): APIPromise<AdminRotateKekData> {
    return this._request('admin', 'rotateKek', [input, options]);
  }
}

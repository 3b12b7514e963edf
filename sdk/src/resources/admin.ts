// Generated from the contract by sdk/scripts/write.ts; do not edit by hand.
/** Operator routes of the deployment (OPERATOR_TOKEN). */
import type { Contract } from '@hx-memory/contract';
import { APIResource, type RouteArgs, type RouteResult } from '../core/resource.js';

type Routes = Contract['admin'];

/** Operator routes of the deployment (OPERATOR_TOKEN). */
export class Admin extends APIResource {
  /**
   * List tenants.
   *
   * Every tenant of the deployment with its plan and this month’s event usage, oldest first.
   *
   * `GET /v1/admin/tenants` (operator token)
   */
  listTenants(...args: RouteArgs<Routes['listTenants']>): RouteResult<Routes['listTenants']> {
    return this._request('admin', 'listTenants', args);
  }

  /**
   * Get a tenant.
   *
   * `GET /v1/admin/tenants/:tenantId` (operator token)
   */
  getTenant(...args: RouteArgs<Routes['getTenant']>): RouteResult<Routes['getTenant']> {
    return this._request('admin', 'getTenant', args);
  }

  /**
   * Change a tenant's plan.
   *
   * Takes effect on the next request of every API key and user of the tenant.
   *
   * `PATCH /v1/admin/tenants/:tenantId` (operator token)
   */
  updateTenant(...args: RouteArgs<Routes['updateTenant']>): RouteResult<Routes['updateTenant']> {
    return this._request('admin', 'updateTenant', args);
  }

  /**
   * Delete a user.
   *
   * Deactivates the user: its access tokens stop working at once and its refresh tokens are revoked.
   *
   * `DELETE /v1/admin/users/:userId` (operator token)
   */
  deleteUser(...args: RouteArgs<Routes['deleteUser']>): RouteResult<Routes['deleteUser']> {
    return this._request('admin', 'deleteUser', args);
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
  rotateKek(...args: RouteArgs<Routes['rotateKek']>): RouteResult<Routes['rotateKek']> {
    return this._request('admin', 'rotateKek', args);
  }
}

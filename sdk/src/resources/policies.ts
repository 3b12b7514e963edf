// Generated from the contract by sdk/scripts/write.ts; do not edit by hand.
/** Access policies (allow/deny) of an organization. */
import type { APIPromise } from '../core/api-promise.js';
import type { RequestOptions } from '../core/fetcher.js';
import type { PagePromise } from '../core/pagination.js';
import { APIResource } from '../core/resource.js';
import type {
  AccessPolicy,
  PoliciesCreateData,
  PoliciesCreateInput,
  PoliciesDeleteData,
  PoliciesDeleteInput,
  PoliciesGetData,
  PoliciesGetInput,
  PoliciesListData,
  PoliciesListInput,
  PoliciesSimulateData,
  PoliciesSimulateInput,
  PoliciesUpdateData,
  PoliciesUpdateInput,
} from '../types.js';

/** Access policies (allow/deny) of an organization. */
export class Policies extends APIResource {
  /**
   * Create an access policy.
   *
   * resource is `<kind>:<id-or-*>`; a namespace may be named by id or by name. conditions (team, agent, role)
   * must all hold for the policy to apply. Send an Idempotency-Key header to make retries safe: the first
   * successful answer is kept 24 h per tenant, caller, route and key, and the same key with the same request
   * answers it again with the header Idempotent-Replayed: true; the same key with another request is 409
   * conflict, and while the first request is still running a duplicate waits for it (409 with Retry-After if
   * it runs past the wait).
   *
   * `POST /v1/organizations/:orgId/policies` (access token (JWT), permission policy:create)
   */
  create(input: PoliciesCreateInput, options?: RequestOptions): APIPromise<PoliciesCreateData> {
    return this._request('policies', 'create', [input, options]);
  }

  /**
   * List access policies.
   *
   * Policies of the organization in evaluation order: priority descending, then oldest first.
   *
   * `GET /v1/organizations/:orgId/policies` (access token (JWT), permission policy:read)
   */
  list(input?: PoliciesListInput, options?: RequestOptions): PagePromise<AccessPolicy, PoliciesListData> {
    return this._request('policies', 'list', [input, options]);
  }

  /**
   * Get an access policy.
   *
   * Hx addition: one policy by id.
   *
   * `GET /v1/organizations/:orgId/policies/:policyId` (access token (JWT), permission policy:read)
   */
  get(input: PoliciesGetInput, options?: RequestOptions): APIPromise<PoliciesGetData> {
    return this._request('policies', 'get', [input, options]);
  }

  /**
   * Update an access policy.
   *
   * Changes any field; conditions, when sent, replace the old ones whole. Takes effect on the next request.
   *
   * `PATCH /v1/organizations/:orgId/policies/:policyId` (access token (JWT), permission policy:update)
   */
  update(input: PoliciesUpdateInput, options?: RequestOptions): APIPromise<PoliciesUpdateData> {
    return this._request('policies', 'update', [input, options]);
  }

  /**
   * Delete an access policy.
   *
   * Needs policy:update. Takes effect on the next request.
   *
   * `DELETE /v1/organizations/:orgId/policies/:policyId` (access token (JWT), permission policy:update)
   */
  delete(input: PoliciesDeleteInput, options?: RequestOptions): APIPromise<PoliciesDeleteData> {
    return this._request('policies', 'delete', [input, options]);
  }

  /**
   * Simulate an access decision.
   *
   * Hx addition: may this API key (keyId) or agent (agentId) read, write or delete this namespace, and which
   * rule decides? Answered by the same checks a real request goes through (the key's scopes and binding, the
   * organization, then the policies in evaluation order), without acting or writing an audit entry.
   *
   * `POST /v1/organizations/:orgId/policies/simulate` (access token (JWT), permission policy:read)
   */
  simulate(input: PoliciesSimulateInput, options?: RequestOptions): APIPromise<PoliciesSimulateData> {
    return this._request('policies', 'simulate', [input, options]);
  }
}

// Generated from the contract by sdk/scripts/write.ts; do not edit by hand.
/** Retention, archive and delete policies of an organization. */
import type { APIPromise } from '../core/api-promise.js';
import type { RequestOptions } from '../core/fetcher.js';
import type { PagePromise } from '../core/pagination.js';
import { APIResource } from '../core/resource.js';
import type {
  LifecycleCreateData,
  LifecycleCreateInput,
  LifecycleDeleteData,
  LifecycleDeleteInput,
  LifecycleGetData,
  LifecycleGetInput,
  LifecycleListData,
  LifecycleListInput,
  LifecyclePolicy,
  LifecyclePreviewData,
  LifecyclePreviewInput,
  LifecycleRunData,
  LifecycleRunInput,
  LifecycleUpdateData,
  LifecycleUpdateInput,
} from '../types.js';

/** Retention, archive and delete policies of an organization. */
export class Lifecycle extends APIResource {
  /**
   * Create a lifecycle policy.
   *
   * Ages are counted from when a memory was last seen (mentioned again) and from when an event occurred.
   * archiveAfterDays must not exceed deleteAfterDays. Send an Idempotency-Key header to make retries safe:
   * the first successful answer is kept 24 h per tenant, caller, route and key, and the same key with the
   * same request answers it again with the header Idempotent-Replayed: true; the same key with another
   * request is 409 conflict, and while the first request is still running a duplicate waits for it (409 with
   * Retry-After if it runs past the wait).
   *
   * `POST /v1/organizations/:orgId/lifecycle-policies` (access token (JWT), permission lifecycle:manage)
   */
  create(input: LifecycleCreateInput, options?: RequestOptions): APIPromise<LifecycleCreateData> {
    return this._request('lifecycle', 'create', [input, options]);
  }

  /**
   * List lifecycle policies.
   *
   * Needs lifecycle:manage. Oldest first.
   *
   * `GET /v1/organizations/:orgId/lifecycle-policies` (access token (JWT), permission lifecycle:manage)
   */
  list(input?: LifecycleListInput, options?: RequestOptions): PagePromise<LifecyclePolicy, LifecycleListData> {
    return this._request('lifecycle', 'list', [input, options]);
  }

  /**
   * Get a lifecycle policy.
   *
   * Hx addition: one lifecycle policy by id.
   *
   * `GET /v1/organizations/:orgId/lifecycle-policies/:policyId` (access token (JWT), permission lifecycle:manage)
   */
  get(input: LifecycleGetInput, options?: RequestOptions): APIPromise<LifecycleGetData> {
    return this._request('lifecycle', 'get', [input, options]);
  }

  /**
   * Update a lifecycle policy.
   *
   * Changes any field; null clears a day limit. The result must still satisfy archiveAfterDays <=
   * deleteAfterDays.
   *
   * `PATCH /v1/organizations/:orgId/lifecycle-policies/:policyId` (access token (JWT), permission lifecycle:manage)
   */
  update(input: LifecycleUpdateInput, options?: RequestOptions): APIPromise<LifecycleUpdateData> {
    return this._request('lifecycle', 'update', [input, options]);
  }

  /**
   * Delete a lifecycle policy.
   *
   * Stops applying it; what it already archived or deleted stays so.
   *
   * `DELETE /v1/organizations/:orgId/lifecycle-policies/:policyId` (access token (JWT), permission lifecycle:manage)
   */
  delete(input: LifecycleDeleteInput, options?: RequestOptions): APIPromise<LifecycleDeleteData> {
    return this._request('lifecycle', 'delete', [input, options]);
  }

  /**
   * Apply the lifecycle policies now.
   *
   * Hx addition: applies every lifecycle policy of the organization (or the one named by policyId) at once,
   * as the background job does on its interval, and answers what each did. Each policy runs in bounded
   * batches, one transaction each: a run cut short keeps what it committed and the next run continues;
   * running twice changes nothing more. Deleting a memory or purging an event also retires the artifacts
   * built from it, deletes the vault items redacted out of it and scrubs the query text of access logs that
   * read it. Audited with the counts. `dryRun: true` changes nothing and answers what would happen (as
   * /preview). Unknown body fields are refused. Send an Idempotency-Key header to make retries safe: the
   * first successful answer is kept 24 h per tenant, caller, route and key, and the same key with the same
   * request answers it again with the header Idempotent-Replayed: true; the same key with another request is
   * 409 conflict, and while the first request is still running a duplicate waits for it (409 with Retry-After
   * if it runs past the wait).
   *
   * `POST /v1/organizations/:orgId/lifecycle-policies/run` (access token (JWT), permission lifecycle:manage)
   */
  run(input?: LifecycleRunInput, options?: RequestOptions): APIPromise<LifecycleRunData> {
    return this._request('lifecycle', 'run', [input, options]);
  }

  /**
   * Preview the lifecycle policies.
   *
   * Hx addition: what running the lifecycle policies (all, or the one named by policyId) would archive,
   * delete, purge and retire, as of now or asOf, without changing anything and without an audit entry.
   *
   * `POST /v1/organizations/:orgId/lifecycle-policies/preview` (access token (JWT), permission lifecycle:manage)
   */
  preview(input?: LifecyclePreviewInput, options?: RequestOptions): APIPromise<LifecyclePreviewData> {
    return this._request('lifecycle', 'preview', [input, options]);
  }
}

// Generated from the contract by sdk/scripts/write.ts; do not edit by hand.
/** Agent identities of an organization. */
import type { APIPromise } from '../core/api-promise.js';
import type { RequestOptions } from '../core/fetcher.js';
import type { PagePromise } from '../core/pagination.js';
import { APIResource } from '../core/resource.js';
import type {
  Agent,
  AgentsCreateData,
  AgentsCreateInput,
  AgentsDeleteData,
  AgentsDeleteInput,
  AgentsGetData,
  AgentsGetInput,
  AgentsListData,
  AgentsListInput,
  AgentsUpdateData,
  AgentsUpdateInput,
} from '../types.js';

/** Agent identities of an organization. */
export class Agents extends APIResource {
  /**
   * Register an agent identity.
   *
   * Names are unique within the organization; teamId must be a team of the organization. Send an
   * Idempotency-Key header to make retries safe: the first successful answer is kept 24 h per tenant, caller,
   * route and key, and the same key with the same request answers it again with the header
   * Idempotent-Replayed: true; the same key with another request is 409 conflict, and while the first request
   * is still running a duplicate waits for it (409 with Retry-After if it runs past the wait).
   *
   * `POST /v1/organizations/:orgId/agents` (access token (JWT), permission agent:create)
   */
  create(input: AgentsCreateInput, options?: RequestOptions): APIPromise<AgentsCreateData> {
    return this._request('agents', 'create', [input, options]);
  }

  /**
   * List agent identities.
   *
   * `GET /v1/organizations/:orgId/agents` (access token (JWT), permission agent:read)
   */
  list(input?: AgentsListInput, options?: RequestOptions): PagePromise<Agent, AgentsListData> {
    return this._request('agents', 'list', [input, options]);
  }

  /**
   * Get an agent identity.
   *
   * `GET /v1/organizations/:orgId/agents/:agentId` (access token (JWT), permission agent:read)
   */
  get(input: AgentsGetInput, options?: RequestOptions): APIPromise<AgentsGetData> {
    return this._request('agents', 'get', [input, options]);
  }

  /**
   * Update an agent identity.
   *
   * Any of the create fields; null clears description, framework or teamId. metadata replaces the whole
   * object.
   *
   * `PATCH /v1/organizations/:orgId/agents/:agentId` (access token (JWT), permission agent:update)
   */
  update(input: AgentsUpdateInput, options?: RequestOptions): APIPromise<AgentsUpdateData> {
    return this._request('agents', 'update', [input, options]);
  }

  /**
   * Delete an agent identity.
   *
   * `DELETE /v1/organizations/:orgId/agents/:agentId` (access token (JWT), permission agent:delete)
   */
  delete(input: AgentsDeleteInput, options?: RequestOptions): APIPromise<AgentsDeleteData> {
    return this._request('agents', 'delete', [input, options]);
  }
}

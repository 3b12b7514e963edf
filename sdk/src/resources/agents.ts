// Generated from the contract by sdk/scripts/write.ts; do not edit by hand.
/** Agent identities of an organization. */
import type { Contract } from '@hx-memory/contract';
import { APIResource, type RouteArgs, type RouteResult } from '../core/resource.js';

type Routes = Contract['agents'];

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
  create(...args: RouteArgs<Routes['create']>): RouteResult<Routes['create']> {
    return this._request('agents', 'create', args);
  }

  /**
   * List agent identities.
   *
   * `GET /v1/organizations/:orgId/agents` (access token (JWT), permission agent:read)
   */
  list(...args: RouteArgs<Routes['list']>): RouteResult<Routes['list']> {
    return this._request('agents', 'list', args);
  }

  /**
   * Get an agent identity.
   *
   * `GET /v1/organizations/:orgId/agents/:agentId` (access token (JWT), permission agent:read)
   */
  get(...args: RouteArgs<Routes['get']>): RouteResult<Routes['get']> {
    return this._request('agents', 'get', args);
  }

  /**
   * Update an agent identity.
   *
   * Any of the create fields; null clears description, framework or teamId. metadata replaces the whole
   * object.
   *
   * `PATCH /v1/organizations/:orgId/agents/:agentId` (access token (JWT), permission agent:update)
   */
  update(...args: RouteArgs<Routes['update']>): RouteResult<Routes['update']> {
    return this._request('agents', 'update', args);
  }

  /**
   * Delete an agent identity.
   *
   * `DELETE /v1/organizations/:orgId/agents/:agentId` (access token (JWT), permission agent:delete)
   */
  delete(...args: RouteArgs<Routes['delete']>): RouteResult<Routes['delete']> {
    return this._request('agents', 'delete', args);
  }
}

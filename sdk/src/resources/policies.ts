// Generated from the contract by sdk/scripts/write.ts; do not edit by hand.
/** Access policies (allow/deny) of an organization. */
import type { Contract } from '@hx-memory/contract';
import { APIResource, type RouteArgs, type RouteResult } from '../core/resource.js';

type Routes = Contract['policies'];

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
  create(...args: RouteArgs<Routes['create']>): RouteResult<Routes['create']> {
    return this._request('policies', 'create', args);
  }

  /**
   * List access policies.
   *
   * Policies of the organization in evaluation order: priority descending, then oldest first.
   *
   * `GET /v1/organizations/:orgId/policies` (access token (JWT), permission policy:read)
   */
  list(...args: RouteArgs<Routes['list']>): RouteResult<Routes['list']> {
    return this._request('policies', 'list', args);
  }

  /**
   * Get an access policy.
   *
   * Hx addition: one policy by id.
   *
   * `GET /v1/organizations/:orgId/policies/:policyId` (access token (JWT), permission policy:read)
   */
  get(...args: RouteArgs<Routes['get']>): RouteResult<Routes['get']> {
    return this._request('policies', 'get', args);
  }

  /**
   * Update an access policy.
   *
   * Changes any field; conditions, when sent, replace the old ones whole. Takes effect on the next request.
   *
   * `PATCH /v1/organizations/:orgId/policies/:policyId` (access token (JWT), permission policy:update)
   */
  update(...args: RouteArgs<Routes['update']>): RouteResult<Routes['update']> {
    return this._request('policies', 'update', args);
  }

  /**
   * Delete an access policy.
   *
   * Needs policy:update. Takes effect on the next request.
   *
   * `DELETE /v1/organizations/:orgId/policies/:policyId` (access token (JWT), permission policy:update)
   */
  delete(...args: RouteArgs<Routes['delete']>): RouteResult<Routes['delete']> {
    return this._request('policies', 'delete', args);
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
  simulate(...args: RouteArgs<Routes['simulate']>): RouteResult<Routes['simulate']> {
    return this._request('policies', 'simulate', args);
  }
}

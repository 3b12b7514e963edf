// Generated from the contract by sdk/scripts/write.ts; do not edit by hand.
/** Teams of an organization; orgId defaults to the client's organizationId. */
import type { Contract } from '@hx-memory/contract';
import { APIResource, type RouteArgs, type RouteResult } from '../core/resource.js';

type Routes = Contract['teams'];

/** Teams of an organization; orgId defaults to the client's organizationId. */
export class Teams extends APIResource {
  /**
   * Create a team.
   *
   * Team names are unique within the organization (case-insensitive). Send an Idempotency-Key header to make
   * retries safe: the first successful answer is kept 24 h per tenant, caller, route and key, and the same
   * key with the same request answers it again with the header Idempotent-Replayed: true; the same key with
   * another request is 409 conflict, and while the first request is still running a duplicate waits for it
   * (409 with Retry-After if it runs past the wait).
   *
   * `POST /v1/organizations/:orgId/teams` (access token (JWT), permission team:create)
   */
  create(...args: RouteArgs<Routes['create']>): RouteResult<Routes['create']> {
    return this._request('teams', 'create', args);
  }

  /**
   * List teams.
   *
   * `GET /v1/organizations/:orgId/teams` (access token (JWT), permission team:list)
   */
  list(...args: RouteArgs<Routes['list']>): RouteResult<Routes['list']> {
    return this._request('teams', 'list', args);
  }

  /**
   * Get a team with its members.
   *
   * Needs team:list, as listing teams does.
   *
   * `GET /v1/organizations/:orgId/teams/:teamId` (access token (JWT), permission team:list)
   */
  get(...args: RouteArgs<Routes['get']>): RouteResult<Routes['get']> {
    return this._request('teams', 'get', args);
  }

  /**
   * Update a team.
   *
   * Changes name and description (null clears it); memberIds, when given, replaces the set of members
   * (members of the organization that are not removed).
   *
   * `PATCH /v1/organizations/:orgId/teams/:teamId` (access token (JWT), permission team:update)
   */
  update(...args: RouteArgs<Routes['update']>): RouteResult<Routes['update']> {
    return this._request('teams', 'update', args);
  }

  /**
   * Delete a team.
   *
   * Members stay in the organization; agents of the team lose their team.
   *
   * `DELETE /v1/organizations/:orgId/teams/:teamId` (access token (JWT), permission team:delete)
   */
  delete(...args: RouteArgs<Routes['delete']>): RouteResult<Routes['delete']> {
    return this._request('teams', 'delete', args);
  }
}

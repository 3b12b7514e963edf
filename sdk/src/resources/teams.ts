// Generated from the contract by sdk/scripts/write.ts; do not edit by hand.
/** Teams of an organization; orgId defaults to the client's organizationId. */
import type { APIPromise } from '../core/api-promise.js';
import type { RequestOptions } from '../core/fetcher.js';
import type { PagePromise } from '../core/pagination.js';
import { APIResource } from '../core/resource.js';
import type {
  Team,
  TeamsCreateData,
  TeamsCreateInput,
  TeamsDeleteData,
  TeamsDeleteInput,
  TeamsGetData,
  TeamsGetInput,
  TeamsListData,
  TeamsListInput,
  TeamsUpdateData,
  TeamsUpdateInput,
} from '../types.js';

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
  create(input: TeamsCreateInput, options?: RequestOptions): APIPromise<TeamsCreateData> {
    return this._request('teams', 'create', [input, options]);
  }

  /**
   * List teams.
   *
   * `GET /v1/organizations/:orgId/teams` (access token (JWT), permission team:list)
   */
  list(input?: TeamsListInput, options?: RequestOptions): PagePromise<Team, TeamsListData> {
    return this._request('teams', 'list', [input, options]);
  }

  /**
   * Get a team with its members.
   *
   * Needs team:list, as listing teams does.
   *
   * `GET /v1/organizations/:orgId/teams/:teamId` (access token (JWT), permission team:list)
   */
  get(input: TeamsGetInput, options?: RequestOptions): APIPromise<TeamsGetData> {
    return this._request('teams', 'get', [input, options]);
  }

  /**
   * Update a team.
   *
   * Changes name and description (null clears it); memberIds, when given, replaces the set of members
   * (members of the organization that are not removed).
   *
   * `PATCH /v1/organizations/:orgId/teams/:teamId` (access token (JWT), permission team:update)
   */
  update(input: TeamsUpdateInput, options?: RequestOptions): APIPromise<TeamsUpdateData> {
    return this._request('teams', 'update', [input, options]);
  }

  /**
   * Delete a team.
   *
   * Members stay in the organization; agents of the team lose their team.
   *
   * `DELETE /v1/organizations/:orgId/teams/:teamId` (access token (JWT), permission team:delete)
   */
  delete(input: TeamsDeleteInput, options?: RequestOptions): APIPromise<TeamsDeleteData> {
    return this._request('teams', 'delete', [input, options]);
  }
}

// Generated from the contract by sdk/scripts/write.ts; do not edit by hand.
/** Memory namespaces of an organization. */
import type { Contract } from '@hx-memory/contract';
import { APIResource, type RouteArgs, type RouteResult } from '../core/resource.js';

type Routes = Contract['namespaces'];

/** Memory namespaces of an organization. */
export class Namespaces extends APIResource {
  /**
   * Create a memory namespace.
   *
   * Names are unique within the tenant, because captured events and memories refer to a namespace by name or
   * id. `restricted` namespaces are closed to everyone until an access policy allows them. Send an
   * Idempotency-Key header to make retries safe: the first successful answer is kept 24 h per tenant, caller,
   * route and key, and the same key with the same request answers it again with the header
   * Idempotent-Replayed: true; the same key with another request is 409 conflict, and while the first request
   * is still running a duplicate waits for it (409 with Retry-After if it runs past the wait).
   *
   * `POST /v1/organizations/:orgId/namespaces` (access token (JWT), permission namespace:create)
   */
  create(...args: RouteArgs<Routes['create']>): RouteResult<Routes['create']> {
    return this._request('namespaces', 'create', args);
  }

  /**
   * List memory namespaces.
   *
   * Namespaces of the organization, oldest first.
   *
   * `GET /v1/organizations/:orgId/namespaces` (access token (JWT), permission namespace:read)
   */
  list(...args: RouteArgs<Routes['list']>): RouteResult<Routes['list']> {
    return this._request('namespaces', 'list', args);
  }

  /**
   * Get a memory namespace.
   *
   * Hx addition: one namespace by id.
   *
   * `GET /v1/organizations/:orgId/namespaces/:namespaceId` (access token (JWT), permission namespace:read)
   */
  get(...args: RouteArgs<Routes['get']>): RouteResult<Routes['get']> {
    return this._request('namespaces', 'get', args);
  }

  /**
   * Update a memory namespace.
   *
   * Changes name, description, sensitivity or teams. Renaming does not rewrite memories captured under the
   * old name; refer to namespaces by id where that matters.
   *
   * `PATCH /v1/organizations/:orgId/namespaces/:namespaceId` (access token (JWT), permission namespace:update)
   */
  update(...args: RouteArgs<Routes['update']>): RouteResult<Routes['update']> {
    return this._request('namespaces', 'update', args);
  }
}

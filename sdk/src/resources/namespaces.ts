// Generated from the contract by sdk/scripts/write.ts; do not edit by hand.
/** Memory namespaces of an organization. */
import type { APIPromise } from '../core/api-promise.js';
import type { RequestOptions } from '../core/fetcher.js';
import type { PagePromise } from '../core/pagination.js';
import { APIResource } from '../core/resource.js';
import type {
  Namespace,
  NamespacesCreateData,
  NamespacesCreateInput,
  NamespacesGetData,
  NamespacesGetInput,
  NamespacesListData,
  NamespacesListInput,
  NamespacesUpdateData,
  NamespacesUpdateInput,
} from '../types.js';

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
  create(input: NamespacesCreateInput, options?: RequestOptions): APIPromise<NamespacesCreateData> {
    return this._request('namespaces', 'create', [input, options]);
  }

  /**
   * List memory namespaces.
   *
   * Namespaces of the organization, oldest first.
   *
   * `GET /v1/organizations/:orgId/namespaces` (access token (JWT), permission namespace:read)
   */
  list(input?: NamespacesListInput, options?: RequestOptions): PagePromise<Namespace, NamespacesListData> {
    return this._request('namespaces', 'list', [input, options]);
  }

  /**
   * Get a memory namespace.
   *
   * Hx addition: one namespace by id.
   *
   * `GET /v1/organizations/:orgId/namespaces/:namespaceId` (access token (JWT), permission namespace:read)
   */
  get(input: NamespacesGetInput, options?: RequestOptions): APIPromise<NamespacesGetData> {
    return this._request('namespaces', 'get', [input, options]);
  }

  /**
   * Update a memory namespace.
   *
   * Changes name, description, sensitivity or teams. Renaming does not rewrite memories captured under the
   * old name; refer to namespaces by id where that matters.
   *
   * `PATCH /v1/organizations/:orgId/namespaces/:namespaceId` (access token (JWT), permission namespace:update)
   */
  update(input: NamespacesUpdateInput, options?: RequestOptions): APIPromise<NamespacesUpdateData> {
    return this._request('namespaces', 'update', [input, options]);
  }
}

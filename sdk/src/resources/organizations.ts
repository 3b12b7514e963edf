// Generated from the contract by sdk/scripts/write.ts; do not edit by hand.
/** Organizations of the tenant. */
import type { APIPromise } from '../core/api-promise.js';
import type { RequestOptions } from '../core/fetcher.js';
import type { PagePromise } from '../core/pagination.js';
import { APIResource } from '../core/resource.js';
import type {
  Organization,
  OrganizationsCreateData,
  OrganizationsCreateInput,
  OrganizationsGetData,
  OrganizationsGetInput,
  OrganizationsListData,
  OrganizationsListInput,
  OrganizationsUpdateData,
  OrganizationsUpdateInput,
} from '../types.js';

/** Organizations of the tenant. */
export class Organizations extends APIResource {
  /**
   * Create an organization.
   *
   * Any signed-in user may create one and becomes its owner. Slugs are unique within the tenant: a slug given
   * that is taken answers 409; without one, the slug is derived from the name (lower-case ASCII letters and
   * digits joined by hyphens, e.g. "No Slug Org" -> `no-slug-org`) and, when taken, suffixed `-2`, `-3`, ...
   * Send an Idempotency-Key header to make retries safe: the first successful answer is kept 24 h per tenant,
   * caller, route and key, and the same key with the same request answers it again with the header
   * Idempotent-Replayed: true; the same key with another request is 409 conflict, and while the first request
   * is still running a duplicate waits for it (409 with Retry-After if it runs past the wait).
   *
   * `POST /v1/organizations` (access token (JWT))
   */
  create(input: OrganizationsCreateInput, options?: RequestOptions): APIPromise<OrganizationsCreateData> {
    return this._request('organizations', 'create', [input, options]);
  }

  /**
   * List your organizations.
   *
   * Organizations the caller is an active member of, oldest first.
   *
   * `GET /v1/organizations` (access token (JWT))
   */
  list(input?: OrganizationsListInput, options?: RequestOptions): PagePromise<Organization, OrganizationsListData> {
    return this._request('organizations', 'list', [input, options]);
  }

  /**
   * Get an organization.
   *
   * `GET /v1/organizations/:orgId` (access token (JWT), permission org:read)
   */
  get(input?: OrganizationsGetInput, options?: RequestOptions): APIPromise<OrganizationsGetData> {
    return this._request('organizations', 'get', [input, options]);
  }

  /**
   * Rename an organization.
   *
   * Only the name can change; the slug is fixed at creation.
   *
   * `PATCH /v1/organizations/:orgId` (access token (JWT), permission org:update)
   */
  update(input: OrganizationsUpdateInput, options?: RequestOptions): APIPromise<OrganizationsUpdateData> {
    return this._request('organizations', 'update', [input, options]);
  }
}

// Generated from the contract by sdk/scripts/write.ts; do not edit by hand.
/** API keys of the tenant (JWT): list, create (the key is shown once), revoke. */
import type { APIPromise } from '../core/api-promise.js';
import type { RequestOptions } from '../core/fetcher.js';
import type { PagePromise } from '../core/pagination.js';
import { APIResource } from '../core/resource.js';
import type {
  ApiKey,
  ApiKeysCreateData,
  ApiKeysCreateInput,
  ApiKeysListData,
  ApiKeysListInput,
  ApiKeysRevokeData,
  ApiKeysRevokeInput,
} from '../types.js';

/** API keys of the tenant (JWT): list, create (the key is shown once), revoke. */
export class ApiKeys extends APIResource {
  /**
   * List API keys.
   *
   * Keys the authenticated user created; for the tenant owner (the user who registered the tenant) every key
   * of the tenant. Newest first, cursor-paginated. Never includes the secret.
   *
   * `GET /v1/api-keys` (access token (JWT))
   */
  list(input?: ApiKeysListInput, options?: RequestOptions): PagePromise<ApiKey, ApiKeysListData> {
    return this._request('apiKeys', 'list', [input, options]);
  }

  /**
   * Create an API key.
   *
   * The full key (hx_live_ or hx_test_ + 40 base62 characters) is in the answer once; only its SHA-256 hash
   * is stored. A key never grants more than its creator holds: a tenant-wide key (no organizationId,
   * namespaceId or agentId) only for the tenant owner; any other user binds the key to an organization they
   * are an active member of (directly or through a namespace or agent of it), and `scopes` may not exceed
   * their role there (owner, admin: read, write, delete; manager, developer: read, write; analyst, viewer:
   * read). Omitted scopes default to everything the creator may grant. Beyond that: 403 forbidden naming the
   * field. The key is revoked when its creator leaves the organization or is demoted below its scopes. Send
   * an Idempotency-Key header to make retries safe: the first successful answer is kept 24 h per tenant,
   * caller, route and key, and the same key with the same request answers it again with the header
   * Idempotent-Replayed: true; the same key with another request is 409 conflict, and while the first request
   * is still running a duplicate waits for it (409 with Retry-After if it runs past the wait).
   *
   * `POST /v1/api-keys` (access token (JWT))
   */
  create(input: ApiKeysCreateInput, options?: RequestOptions): APIPromise<ApiKeysCreateData> {
    return this._request('apiKeys', 'create', [input, options]);
  }

  /**
   * Revoke an API key.
   *
   * Takes effect at once, on every server instance. Only the key creator or the tenant owner may revoke;
   * other keys answer 404.
   *
   * `DELETE /v1/api-keys/:id` (access token (JWT))
   */
  revoke(input: ApiKeysRevokeInput, options?: RequestOptions): APIPromise<ApiKeysRevokeData> {
    return this._request('apiKeys', 'revoke', [input, options]);
  }
}

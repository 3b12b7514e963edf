// Generated from the contract by sdk/scripts/write.ts; do not edit by hand.
/** Individual memories, and forgetting everything about a subject. */
import type { APIPromise } from '../core/api-promise.js';
import type { RequestOptions } from '../core/fetcher.js';
import type { PagePromise } from '../core/pagination.js';
import { APIResource } from '../core/resource.js';
import type {
  MemoriesDeleteData,
  MemoriesDeleteInput,
  MemoriesForgetSubjectData,
  MemoriesForgetSubjectInput,
  MemoriesGetData,
  MemoriesGetInput,
  MemoriesListData,
  MemoriesListInput,
  Memory,
} from '../types.js';

/** Individual memories, and forgetting everything about a subject. */
export class Memories extends APIResource {
  /**
   * List memories.
   *
   * Newest first, cursor pagination. Reads are written to the memory access log.
   *
   * `GET /v1/memories` (API key, scope read)
   */
  list(input?: MemoriesListInput, options?: RequestOptions): PagePromise<Memory, MemoriesListData> {
    return this._request('memories', 'list', [input, options]);
  }

  /**
   * Get a memory.
   *
   * `GET /v1/memories/:id` (API key, scope read)
   */
  get(input: MemoriesGetInput, options?: RequestOptions): APIPromise<MemoriesGetData> {
    return this._request('memories', 'get', [input, options]);
  }

  /**
   * Delete a memory.
   *
   * Erases its content and keeps a tombstone, so compiling the same events again does not bring it back.
   * Artifacts built from it are marked deprecated until the next learn rebuilds them.
   *
   * `DELETE /v1/memories/:id` (API key, scope delete)
   */
  delete(input: MemoriesDeleteInput, options?: RequestOptions): APIPromise<MemoriesDeleteData> {
    return this._request('memories', 'delete', [input, options]);
  }

  /**
   * Forget a subject.
   *
   * Deletes every event about the subject, the memories compiled from them or about it, the artifacts built
   * from any of those (artifacts shared with others, such as digests and session summaries, are retired and
   * compiled again by the next learn), the vault items redacted from those events and the lineage edges
   * touching them, and clears the query text of access-log rows that read them. Runs in bounded batches of
   * one transaction each: after a crash, calling again finishes the erasure. Answers the counts. Send an
   * Idempotency-Key header to make retries safe: the first successful answer is kept 24 h per tenant, caller,
   * route and key, and the same key with the same request answers it again with the header
   * Idempotent-Replayed: true; the same key with another request is 409 conflict, and while the first request
   * is still running a duplicate waits for it (409 with Retry-After if it runs past the wait).
   *
   * `DELETE /v1/subjects/:subjectId` (API key, scope delete)
   */
  forgetSubject(input: MemoriesForgetSubjectInput, options?: RequestOptions): APIPromise<MemoriesForgetSubjectData> {
    return this._request('memories', 'forgetSubject', [input, options]);
  }
}

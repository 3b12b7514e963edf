// Generated from the contract by sdk/scripts/write.ts; do not edit by hand.
/** Compiled artifacts: list (cursor-paginated, async-iterable) and get. */
import type { APIPromise } from '../core/api-promise.js';
import type { RequestOptions } from '../core/fetcher.js';
import type { PagePromise } from '../core/pagination.js';
import { APIResource } from '../core/resource.js';
import type { Artifact, ArtifactsGetData, ArtifactsGetInput, ArtifactsListData, ArtifactsListInput } from '../types.js';

/** Compiled artifacts: list (cursor-paginated, async-iterable) and get. */
export class Artifacts extends APIResource {
  /**
   * List artifacts.
   *
   * Artifacts of the key's environment (and namespace, for a namespace-bound key), filtered and sorted;
   * cursor pagination; `total` is given up to 10,000 matching artifacts and left out above.
   *
   * `GET /v1/artifacts` (API key, scope read)
   */
  list(input?: ArtifactsListInput, options?: RequestOptions): PagePromise<Artifact, ArtifactsListData> {
    return this._request('artifacts', 'list', [input, options]);
  }

  /**
   * Get an artifact.
   *
   * `GET /v1/artifacts/:id` (API key, scope read)
   */
  get(input: ArtifactsGetInput, options?: RequestOptions): APIPromise<ArtifactsGetData> {
    return this._request('artifacts', 'get', [input, options]);
  }
}

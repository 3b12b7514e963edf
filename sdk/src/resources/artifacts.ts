// Generated from the contract by sdk/scripts/write.ts; do not edit by hand.
/** Compiled artifacts: list (cursor-paginated, async-iterable) and get. */
import type { Contract } from '@hx-memory/contract';
import { APIResource, type RouteArgs, type RouteResult } from '../core/resource.js';

type Routes = Contract['artifacts'];

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
  list(...args: RouteArgs<Routes['list']>): RouteResult<Routes['list']> {
    return this._request('artifacts', 'list', args);
  }

  /**
   * Get an artifact.
   *
   * `GET /v1/artifacts/:id` (API key, scope read)
   */
  get(...args: RouteArgs<Routes['get']>): RouteResult<Routes['get']> {
    return this._request('artifacts', 'get', args);
  }
}

// Generated from the contract by sdk/scripts/write.ts; do not edit by hand.
/** Items put and read by path and key (a LangGraph store is one): put, get, delete, search, list paths. */
import type { Contract } from '@hx-memory/contract';
import { APIResource, type RouteArgs, type RouteResult } from '../core/resource.js';

type Routes = Contract['store'];

/** Items put and read by path and key (a LangGraph store is one): put, get, delete, search, list paths. */
export class Store extends APIResource {
  /**
   * Put a store item.
   *
   * Stores the value under the path and key, replacing the one there (createdAt is kept). Labels cannot
   * contain periods.
   *
   * `PUT /v1/store/item` (API key, scope write)
   */
  put(...args: RouteArgs<Routes['put']>): RouteResult<Routes['put']> {
    return this._request('store', 'put', args);
  }

  /**
   * Get a store item.
   *
   * The item under the path (labels joined with periods) and key; 404 when there is none.
   *
   * `GET /v1/store/item` (API key, scope read)
   */
  get(...args: RouteArgs<Routes['get']>): RouteResult<Routes['get']> {
    return this._request('store', 'get', args);
  }

  /**
   * Delete a store item.
   *
   * Deletes the item; deleted: false when there was none (deleting twice is not an error).
   *
   * `DELETE /v1/store/item` (API key, scope delete)
   */
  delete(...args: RouteArgs<Routes['delete']>): RouteResult<Routes['delete']> {
    return this._request('store', 'delete', args);
  }

  /**
   * Search store items.
   *
   * Items under the path prefix that match the filter. Without a query, the most recently updated first; with
   * one, ranked by the share of its words found in the value's text (the 1000 most recently updated matching
   * items are ranked), then by recency.
   *
   * `POST /v1/store/search` (API key, scope read)
   */
  search(...args: RouteArgs<Routes['search']>): RouteResult<Routes['search']> {
    return this._request('store', 'search', args);
  }

  /**
   * List store paths.
   *
   * The distinct paths that hold items, sorted, as lists of labels.
   *
   * `GET /v1/store/paths` (API key, scope read)
   */
  listPaths(...args: RouteArgs<Routes['listPaths']>): RouteResult<Routes['listPaths']> {
    return this._request('store', 'listPaths', args);
  }
}

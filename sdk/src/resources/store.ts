// Generated from the contract by sdk/scripts/write.ts; do not edit by hand.
/** Items put and read by path and key (a LangGraph store is one): put, get, delete, search, list paths. */
import type { APIPromise } from '../core/api-promise.js';
import type { RequestOptions } from '../core/fetcher.js';
import { APIResource } from '../core/resource.js';
import type {
  StoreDeleteData,
  StoreDeleteInput,
  StoreGetData,
  StoreGetInput,
  StoreListPathsData,
  StoreListPathsInput,
  StorePutData,
  StorePutInput,
  StoreSearchData,
  StoreSearchInput,
} from '../types.js';

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
  put(input: StorePutInput, options?: RequestOptions): APIPromise<StorePutData> {
    return this._request('store', 'put', [input, options]);
  }

  /**
   * Get a store item.
   *
   * The item under the path (labels joined with periods) and key; 404 when there is none.
   *
   * `GET /v1/store/item` (API key, scope read)
   */
  get(input: StoreGetInput, options?: RequestOptions): APIPromise<StoreGetData> {
    return this._request('store', 'get', [input, options]);
  }

  /**
   * Delete a store item.
   *
   * Deletes the item; deleted: false when there was none (deleting twice is not an error).
   *
   * `DELETE /v1/store/item` (API key, scope delete)
   */
  delete(input: StoreDeleteInput, options?: RequestOptions): APIPromise<StoreDeleteData> {
    return this._request('store', 'delete', [input, options]);
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
  search(input?: StoreSearchInput, options?: RequestOptions): APIPromise<StoreSearchData> {
    return this._request('store', 'search', [input, options]);
  }

  /**
   * List store paths.
   *
   * The distinct paths that hold items, sorted, as lists of labels.
   *
   * `GET /v1/store/paths` (API key, scope read)
   */
  listPaths(input?: StoreListPathsInput, options?: RequestOptions): APIPromise<StoreListPathsData> {
    return this._request('store', 'listPaths', [input, options]);
  }
}

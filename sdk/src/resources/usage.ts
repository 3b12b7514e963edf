// Generated from the contract by sdk/scripts/write.ts; do not edit by hand.
/** Usage metrics and the monthly event quota. */
import type { APIPromise } from '../core/api-promise.js';
import type { RequestOptions } from '../core/fetcher.js';
import { APIResource } from '../core/resource.js';
import type { UsageGetData, UsageGetInput } from '../types.js';

/** Usage metrics and the monthly event quota. */
export class Usage extends APIResource {
  /**
   * Get usage metrics.
   *
   * Events, compilations and syntheses of the period for the key's tenant and environment, in total and over
   * time (`series`, one point per `granularity` bucket), the monthly quota, and stored totals.
   *
   * `GET /v1/usage-metrics` (API key, scope read)
   */
  get(input?: UsageGetInput, options?: RequestOptions): APIPromise<UsageGetData> {
    return this._request('usage', 'get', [input, options]);
  }
}

// Generated from the contract by sdk/scripts/write.ts; do not edit by hand.
/** Usage metrics and the monthly event quota. */
import type { Contract } from '@hx-memory/contract';
import { APIResource, type RouteArgs, type RouteResult } from '../core/resource.js';

type Routes = Contract['usage'];

/** Usage metrics and the monthly event quota. */
export class Usage extends APIResource {
  /**
   * Get usage metrics.
   *
   * Events, compilations and syntheses of the period for the key's tenant and environment, the monthly quota,
   * and stored totals.
   *
   * `GET /v1/usage-metrics` (API key, scope read)
   */
  get(...args: RouteArgs<Routes['get']>): RouteResult<Routes['get']> {
    return this._request('usage', 'get', args);
  }
}

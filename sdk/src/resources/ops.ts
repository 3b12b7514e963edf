// Generated from the contract by sdk/scripts/write.ts; do not edit by hand.
/** Health and metrics of the deployment. */
import type { APIPromise } from '../core/api-promise.js';
import type { RequestOptions } from '../core/fetcher.js';
import { APIResource } from '../core/resource.js';
import type { OpsHealthData, OpsHealthInput, OpsMetricsData, OpsMetricsInput } from '../types.js';

/** Health and metrics of the deployment. */
export class Ops extends APIResource {
  /**
   * Service health.
   *
   * Checks the database and Redis for real. 200 when the database answers (status ok, or degraded when Redis
   * is configured but down); 503 when the database is down. Limited per IP address and per instance, in a
   * bucket of its own (IP_RATE_LIMIT_PER_MINUTE / IP_RATE_LIMIT_BURST), so other traffic never gets a probe
   * refused.
   *
   * `GET /health` (no credential)
   */
  health(input?: OpsHealthInput, options?: RequestOptions): APIPromise<OpsHealthData> {
    return this._request('ops', 'health', [input, options]);
  }

  /**
   * Prometheus metrics.
   *
   * Prometheus text exposition format. Served only to trusted networks (loopback and private ranges by
   * default, METRICS_ALLOW to change). Limited per IP address like /health.
   *
   * `GET /metrics` (no credential)
   */
  metrics(input?: OpsMetricsInput, options?: RequestOptions): APIPromise<OpsMetricsData> {
    return this._request('ops', 'metrics', [input, options]);
  }
}

// Generated from the contract by sdk/scripts/write.ts; do not edit by hand.
/** Health and metrics of the deployment. */
import type { Contract } from '@hx-memory/contract';
import { APIResource, type RouteArgs, type RouteResult } from '../core/resource.js';

type Routes = Contract['ops'];

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
  health(...args: RouteArgs<Routes['health']>): RouteResult<Routes['health']> {
    return this._request('ops', 'health', args);
  }

  /**
   * Prometheus metrics.
   *
   * Prometheus text exposition format. Served only to trusted networks (loopback and private ranges by
   * default, METRICS_ALLOW to change). Limited per IP address like /health.
   *
   * `GET /metrics` (no credential)
   */
  metrics(...args: RouteArgs<Routes['metrics']>): RouteResult<Routes['metrics']> {
    return this._request('ops', 'metrics', args);
  }
}

// Generated from the contract by sdk/scripts/write.ts; do not edit by hand.
/** Where a memory came from and what it was compiled into. */
import type { APIPromise } from '../core/api-promise.js';
import type { RequestOptions } from '../core/fetcher.js';
import { APIResource } from '../core/resource.js';
import type { LineageGetData, LineageGetInput, LineageGraphData, LineageGraphInput } from '../types.js';

/** Where a memory came from and what it was compiled into. */
export class Lineage extends APIResource {
  /**
   * Get the lineage of a memory.
   *
   * The events the memory was captured from, the artifacts compiled from it, and every lineage edge touching
   * it. A memory of another tenant answers 404.
   *
   * `GET /v1/organizations/:orgId/lineage/:memoryId` (access token (JWT), permission lineage:read)
   */
  get(input: LineageGetInput, options?: RequestOptions): APIPromise<LineageGetData> {
    return this._request('lineage', 'get', [input, options]);
  }

  /**
   * Get the lineage graph of a memory.
   *
   * The directed graph from source events through the memory and the memories it supersedes or is superseded
   * by, to the artifacts compiled from them (and vault items secrets of the events were redacted into). Edges
   * keep the direction they were recorded with (captured_from: event -> memory, supersedes: memory -> memory,
   * compiled_into: memory -> artifact, redacted_into: event -> vault item); at most 1000 nodes.
   *
   * `GET /v1/organizations/:orgId/lineage/graph/:memoryId` (access token (JWT), permission lineage:read)
   */
  graph(input: LineageGraphInput, options?: RequestOptions): APIPromise<LineageGraphData> {
    return this._request('lineage', 'graph', [input, options]);
  }
}

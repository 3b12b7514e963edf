// Generated from the contract by sdk/scripts/write.ts; do not edit by hand.
/** Capture events, one at a time or in batches; secrets in payloads are moved to the vault. */
import type { Contract } from '@hx-memory/contract';
import { APIResource, type RouteArgs, type RouteResult } from '../core/resource.js';

type Routes = Contract['capture'];

/** Capture events, one at a time or in batches; secrets in payloads are moved to the vault. */
export class Capture extends APIResource {
  /**
   * Capture an event.
   *
   * Stores the event durably (secrets redacted into the vault) before answering. 201 ingested; 200 duplicate
   * (same session, type and payload inside the duplicate window), not counted in the quota. Send an
   * Idempotency-Key header to make retries safe: the first successful answer is kept 24 h per tenant, caller,
   * route and key, and the same key with the same request answers it again with the header
   * Idempotent-Replayed: true; the same key with another request is 409 conflict, and while the first request
   * is still running a duplicate waits for it (409 with Retry-After if it runs past the wait).
   *
   * `POST /v1/capture` (API key, scope write)
   */
  capture(...args: RouteArgs<Routes['capture']>): RouteResult<Routes['capture']> {
    return this._request('capture', 'capture', args);
  }

  /**
   * Capture a batch of events.
   *
   * Up to 1000 events, stored whole or not at all; an invalid event refuses the batch with details naming it
   * (e.g. events[3].payload). 201 when at least one event was ingested, 200 when all were duplicates. Send an
   * Idempotency-Key header to make retries safe: the first successful answer is kept 24 h per tenant, caller,
   * route and key, and the same key with the same request answers it again with the header
   * Idempotent-Replayed: true; the same key with another request is 409 conflict, and while the first request
   * is still running a duplicate waits for it (409 with Retry-After if it runs past the wait).
   *
   * `POST /v1/capture/batch` (API key, scope write)
   */
  captureBatch(...args: RouteArgs<Routes['captureBatch']>): RouteResult<Routes['captureBatch']> {
    return this._request('capture', 'captureBatch', args);
  }

  /**
   * List captured events.
   *
   * Hx addition: the key's environment's captured events, newest first (redacted as stored), filtered by
   * namespace, session, subject, agent and type; with no namespace, every namespace the key may read. Poll
   * the first page to follow new events as they arrive. Each read is written to the access log.
   *
   * `GET /v1/events` (API key, scope read)
   */
  listEvents(...args: RouteArgs<Routes['listEvents']>): RouteResult<Routes['listEvents']> {
    return this._request('capture', 'listEvents', args);
  }
}

// Generated from the contract by sdk/scripts/write.ts; do not edit by hand.
/** Capture events, one at a time or in batches; secrets in payloads are moved to the vault. */
import type { APIPromise } from '../core/api-promise.js';
import type { RequestOptions } from '../core/fetcher.js';
import type { PagePromise } from '../core/pagination.js';
import { APIResource } from '../core/resource.js';
import type {
  CaptureCaptureBatchData,
  CaptureCaptureBatchInput,
  CaptureCaptureData,
  CaptureCaptureInput,
  CaptureListEventsData,
  CaptureListEventsInput,
  StoredEvent,
} from '../types.js';

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
  capture(input: CaptureCaptureInput, options?: RequestOptions): APIPromise<CaptureCaptureData> {
    return this._request('capture', 'capture', [input, options]);
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
  captureBatch(input: CaptureCaptureBatchInput, options?: RequestOptions): APIPromise<CaptureCaptureBatchData> {
    return this._request('capture', 'captureBatch', [input, options]);
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
  listEvents(
    input?: CaptureListEventsInput,
    options?: RequestOptions,
  ): PagePromise<StoredEvent, CaptureListEventsData> {
    return this._request('capture', 'listEvents', [input, options]);
  }
}

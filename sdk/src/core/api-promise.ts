/**
 * What every SDK call returns: a promise of the envelope's `data`, with `.withResponse()` for the
 * status, headers, request id and envelope meta of the same request.
 */
import type { Meta } from '../types.js';
import type { RawResponse } from './fetcher.js';

export interface ResponseInfo {
  status: number;
  headers: Headers;
  requestId: string | undefined;
  meta: Meta | undefined;
}

/** The envelope's data (or the whole body for the few routes without an envelope, like /health). */
export function unwrap<T>(raw: RawResponse): { data: T; response: ResponseInfo } {
  const body = raw.body as { ok?: boolean; data?: unknown; meta?: Meta } | undefined;
  const enveloped = !!body && typeof body === 'object' && body.ok === true && 'data' in body;
  return {
    data: (enveloped ? body.data : body) as T,
    response: {
      status: raw.status,
      headers: raw.headers,
      requestId: raw.headers.get('x-request-id') ?? (enveloped ? body.meta?.requestId : undefined),
      meta: enveloped ? body.meta : undefined,
    },
  };
}

export class APIPromise<T> implements PromiseLike<T> {
  readonly #response: Promise<{ data: T; response: ResponseInfo }>;

  constructor(raw: Promise<RawResponse>) {
    this.#response = raw.then((r) => unwrap<T>(r));
  }

  /** The data together with status, headers, request id and meta. */
  withResponse(): Promise<{ data: T; response: ResponseInfo }> {
    return this.#response;
  }

  /** Awaiting the call gives the envelope's data. */
  // biome-ignore lint/suspicious/noThenProperty: an APIPromise is meant to be awaited
  then<A = T, B = never>(
    onfulfilled?: ((value: T) => A | PromiseLike<A>) | null,
    onrejected?: ((reason: unknown) => B | PromiseLike<B>) | null,
  ): Promise<A | B> {
    return this.#response.then((r) => r.data).then(onfulfilled, onrejected);
  }

  /** The call's error: an HxError subclass (ValidationError, NotFoundError, RateLimitError, ...). */
  catch<B = never>(onrejected?: ((reason: unknown) => B | PromiseLike<B>) | null): Promise<T | B> {
    return this.then(undefined, onrejected);
  }

  /** Runs after the call settles, as Promise.prototype.finally. */
  finally(onfinally?: (() => void) | null): Promise<T> {
    return this.then().finally(onfinally);
  }
}

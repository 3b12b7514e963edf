/**
 * The ts-rest client with Hx's own fetcher: bearer auth chosen from route metadata, X-Organization-ID
 * for org-scoped routes, per-attempt timeouts, retries with backoff, and one Idempotency-Key per POST.
 */
import { type Contract, type RouteMeta, contract } from '@hx-memory/contract';
import { type ApiFetcherArgs, initClient } from '@ts-rest/core';
import { APIConnectionError, APITimeoutError, APIUserAbortError, HxError, errorFromResponse } from './errors.js';

export interface ClientConfig {
  baseUrl: string;
  apiKey?: string;
  accessToken?: string;
  operatorToken?: string;
  organizationId?: string;
  /** Milliseconds per attempt. */
  timeout: number;
  maxRetries: number;
  fetch: typeof fetch;
  defaultHeaders?: Record<string, string>;
  userAgent: string;
}

/** Options of one call; they win over the client's. */
export interface RequestOptions {
  /** Milliseconds per attempt (default: the client's `timeout`). */
  timeout?: number;
  /** @deprecated Use `timeout`. */
  timeoutMs?: number;
  /** Retries of this call (default: the client's `maxRetries`). */
  maxRetries?: number;
  /** Used for every retry of this call; generated when absent (POST only). */
  idempotencyKey?: string;
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

/** What the resource layer hands the fetcher beside ts-rest's own arguments. */
export interface CallContext extends RequestOptions {
  orgId?: string;
}

export interface RawResponse {
  status: number;
  body: unknown;
  headers: Headers;
}

const RETRY_MAX_DELAY_MS = 8_000;
const RETRY_BASE_DELAY_MS = 500;
const RETRY_AFTER_CAP_MS = 60_000;

/**
 * The server's X-Should-Retry wins (Hx sends it on the 409 of an Idempotency-Key still in progress).
 * Else 408, 429 and 5xx are retried; quota exhaustion and 501 are final. Hx's other 409s mean a
 * duplicate or an Idempotency-Key reused with another body: deterministic, so they are not retried.
 */
export function isRetryable(status: number, body: unknown, headers?: Headers): boolean {
  const hint = headers?.get('x-should-retry');
  if (hint === 'true') return true;
  if (hint === 'false') return false;
  const code = (body as { error?: { code?: string } } | undefined)?.error?.code;
  if (code === 'quota_exceeded' || status === 501) return false;
  return status === 408 || status === 429 || status >= 500;
}

/** retry-after-ms, then Retry-After (seconds or a date) when 0..60 s; else 0.5 s doubling to 8 s, jittered. */
export function retryDelayMs(attempt: number, headers?: Headers): number {
  const ms = Number(headers?.get('retry-after-ms'));
  if (headers?.get('retry-after-ms') && Number.isFinite(ms) && ms >= 0 && ms <= RETRY_AFTER_CAP_MS) return ms;
  const retryAfter = headers?.get('retry-after');
  if (retryAfter) {
    const seconds = Number(retryAfter);
    const fromHeader = Number.isFinite(seconds) ? seconds * 1000 : Date.parse(retryAfter) - Date.now();
    if (Number.isFinite(fromHeader) && fromHeader >= 0 && fromHeader <= RETRY_AFTER_CAP_MS) return fromHeader;
  }
  const base = Math.min(RETRY_BASE_DELAY_MS * 2 ** attempt, RETRY_MAX_DELAY_MS);
  return base * (1 - Math.random() * 0.25);
}

function bearerFor(meta: RouteMeta | undefined, config: ClientConfig): string | undefined {
  switch (meta?.auth ?? 'none') {
    case 'none':
      return undefined;
    case 'apiKey':
      return config.apiKey ?? config.accessToken;
    case 'jwt':
      return config.accessToken ?? config.apiKey;
    case 'operator':
      return config.operatorToken ?? config.accessToken;
    default:
      return config.apiKey ?? config.accessToken;
  }
}

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(new APIUserAbortError());
    });
  });

/** `fetch failed` alone says little: add the system error (ECONNREFUSED, ENOTFOUND, ...). */
function describeCause(err: unknown): string {
  const cause = (err as { cause?: { code?: string; message?: string } }).cause;
  const detail = cause?.code ?? cause?.message;
  return detail ? `${(err as Error).message} (${detail})` : String((err as Error).message ?? err);
}

async function parseBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  if ((response.headers.get('content-type') ?? '').includes('json')) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
}

/** Header names are case-insensitive: one spelling, so a caller's `User-Agent` replaces the default. */
function lowerCaseKeys(headers: Record<string, string> | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers ?? {})) out[name.toLowerCase()] = value;
  return out;
}

/** One logical call: attempts until success, a final error, or the retries are used up. */
export async function send(
  config: ClientConfig,
  request: { url: string; method: string; headers: Record<string, string>; body?: string | null; meta?: RouteMeta },
  call: CallContext = {},
): Promise<RawResponse> {
  const maxRetries = call.maxRetries ?? config.maxRetries;
  const timeoutMs = call.timeout ?? call.timeoutMs ?? config.timeout;
  const headers = lowerCaseKeys({
    accept: 'application/json',
    'user-agent': config.userAgent,
    ...lowerCaseKeys(config.defaultHeaders),
    ...lowerCaseKeys(request.headers),
    ...lowerCaseKeys(call.headers),
  });
  const token = bearerFor(request.meta, config);
  if (token && !headers.authorization) headers.authorization = `Bearer ${token}`;
  if (call.orgId) headers['x-organization-id'] = call.orgId;
  if (request.method.toUpperCase() === 'POST' && !headers['idempotency-key']) {
    headers['idempotency-key'] = call.idempotencyKey ?? `hx_sdk_${globalThis.crypto.randomUUID()}`;
  }

  for (let attempt = 0; ; attempt += 1) {
    if (call.signal?.aborted) throw new APIUserAbortError();
    const controller = new AbortController();
    const onAbort = () => controller.abort();
    call.signal?.addEventListener('abort', onAbort);
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    let response: Response;
    let body: unknown;
    try {
      response = await config.fetch(request.url, {
        method: request.method,
        headers,
        body: request.body ?? undefined,
        signal: controller.signal,
      });
      body = await parseBody(response);
    } catch (err) {
      if (call.signal?.aborted) throw new APIUserAbortError({ cause: err });
      const timedOut = controller.signal.aborted;
      if (attempt < maxRetries) {
        await sleep(retryDelayMs(attempt), call.signal);
        continue;
      }
      throw timedOut
        ? new APITimeoutError({ message: `Request timed out after ${timeoutMs} ms.`, cause: err })
        : new APIConnectionError({ message: `Connection error: ${describeCause(err)}`, cause: err });
    } finally {
      clearTimeout(timer);
      call.signal?.removeEventListener('abort', onAbort);
    }
    if (response.status < 400) return { status: response.status, body, headers: response.headers };
    if (attempt < maxRetries && isRetryable(response.status, body, response.headers)) {
      await sleep(retryDelayMs(attempt, response.headers), call.signal);
      continue;
    }
    throw errorFromResponse(response.status, body, response.headers);
  }
}

/** The typed ts-rest client over the whole contract, speaking through `send`. */
export function createContractClient(getConfig: () => ClientConfig) {
  return initClient(contract, {
    baseUrl: '',
    validateResponse: false,
    throwOnUnknownStatus: false,
    api: async (args: ApiFetcherArgs & { hx?: CallContext }) => {
      const config = getConfig();
      return send(
        config,
        {
          url: `${config.baseUrl.replace(/\/+$/, '')}${args.path}`,
          method: args.method,
          headers: args.headers,
          body: typeof args.body === 'string' ? args.body : null,
          meta: args.route.metadata as RouteMeta | undefined,
        },
        args.hx,
      );
    },
  });
}

export type ContractClient = ReturnType<typeof createContractClient>;
export type { Contract };
export { HxError };

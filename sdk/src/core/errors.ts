/**
 * The SDK's error classes: one per API error code (and HTTP status family), each carrying the HTTP
 * status, the API's error code, message and details, and the request id; plus the errors of a
 * request that got no answer (connection, timeout, abort).
 */
import type { ErrorCode, ErrorDetail } from '../types.js';

/** Codes of the errors raised without an HTTP answer. */
export type ClientErrorCode = 'connection_error' | 'timeout' | 'aborted';

export interface HxErrorInit {
  status?: number;
  code?: ErrorCode | ClientErrorCode | string;
  message: string;
  details?: ErrorDetail[];
  requestId?: string;
  headers?: Headers;
  body?: unknown;
  cause?: unknown;
}

/** Seconds from Retry-After (a number or an HTTP date), when the answer had one. */
function retryAfterOf(headers: Headers | undefined): number | undefined {
  const value = headers?.get('retry-after');
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return seconds >= 0 ? seconds : undefined;
  const at = Date.parse(value);
  return Number.isFinite(at) ? Math.max(0, Math.ceil((at - Date.now()) / 1000)) : undefined;
}

/** Base class of every error the SDK throws. */
export class HxError extends Error {
  /** HTTP status of the answer; undefined when there was none (connection errors, timeouts). */
  readonly status: number | undefined;
  /** The API's error code (`validation_error`, `not_found`, ...), or `connection_error`, `timeout`, `aborted`. */
  readonly code: ErrorCode | ClientErrorCode | string | undefined;
  /** Which fields were wrong and why (validation errors, conflicts). */
  readonly details: ErrorDetail[];
  /** X-Request-Id of the failed request: quote it when reporting a problem. */
  readonly requestId: string | undefined;
  readonly headers: Headers | undefined;
  /** The parsed response body, when there was one. */
  readonly body: unknown;

  constructor(init: HxErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.name = new.target.name;
    this.status = init.status;
    this.code = init.code;
    this.details = init.details ?? [];
    this.requestId = init.requestId;
    this.headers = init.headers;
    this.body = init.body;
  }

  /** @deprecated The @hippocortex/sdk name of `status`. */
  get statusCode(): number | undefined {
    return this.status;
  }
}

/** 400 validation_error: the request was malformed; `details` names each field. */
export class ValidationError extends HxError {}
/** 401 unauthorized: missing, invalid, expired or revoked credentials. */
export class AuthenticationError extends HxError {}
/** 403 forbidden: authenticated, but the role, policy or key scope does not allow it. */
export class PermissionDeniedError extends HxError {}
/** 404 not_found (also what another tenant's ids answer). */
export class NotFoundError extends HxError {}
/** 409 conflict: a duplicate, or an Idempotency-Key reused with another request. */
export class ConflictError extends HxError {}
/** 413 payload_too_large. */
export class PayloadTooLargeError extends HxError {}
/** 429 rate_limited: too many requests; retried automatically, then thrown. */
export class RateLimitError extends HxError {
  /** Seconds to wait before trying again, from Retry-After. */
  get retryAfter(): number | undefined {
    return retryAfterOf(this.headers);
  }
  /** @deprecated Use `retryAfter`. */
  get retryAfterSeconds(): number | undefined {
    return this.retryAfter;
  }
}
/** 429 quota_exceeded: the plan's monthly quota is used up; never retried. */
export class QuotaExceededError extends HxError {
  /** Seconds until the quota resets, from Retry-After. */
  get retryAfter(): number | undefined {
    return retryAfterOf(this.headers);
  }
}
/** 5xx: the server failed; retried automatically, then thrown. */
export class InternalServerError extends HxError {}
/** 501 not_implemented. */
export class NotImplementedError extends InternalServerError {}
/** 502, 503, 504: the server or a dependency is unavailable; retried automatically, then thrown. */
export class ServiceUnavailableError extends InternalServerError {}

/** @deprecated Use `ValidationError` (the same class). */
export const BadRequestError = ValidationError;
/** @deprecated Use `ValidationError` (the same class). */
export type BadRequestError = ValidationError;

/** The request never got an HTTP answer (DNS, refused connection, reset). */
export class APIConnectionError extends HxError {
  constructor(init: Partial<HxErrorInit> = {}) {
    super({ message: 'Connection error.', code: 'connection_error', ...init });
  }
}

/** No answer within `timeout` (after the retries). */
export class APITimeoutError extends APIConnectionError {
  constructor(init: Partial<HxErrorInit> = {}) {
    super({ message: 'Request timed out.', code: 'timeout', ...init });
  }
}

/** The caller aborted the request through its AbortSignal. */
export class APIUserAbortError extends HxError {
  constructor(init: Partial<HxErrorInit> = {}) {
    super({ message: 'Request was aborted.', code: 'aborted', ...init });
  }
}

type ErrorClass = new (init: HxErrorInit) => HxError;

const BY_CODE: Record<string, ErrorClass> = {
  validation_error: ValidationError,
  unauthorized: AuthenticationError,
  forbidden: PermissionDeniedError,
  not_found: NotFoundError,
  conflict: ConflictError,
  payload_too_large: PayloadTooLargeError,
  rate_limited: RateLimitError,
  quota_exceeded: QuotaExceededError,
  not_implemented: NotImplementedError,
  internal_error: InternalServerError,
  service_unavailable: ServiceUnavailableError,
} satisfies Record<ErrorCode, ErrorClass>;

const BY_STATUS: Record<number, ErrorClass> = {
  400: ValidationError,
  401: AuthenticationError,
  403: PermissionDeniedError,
  404: NotFoundError,
  409: ConflictError,
  413: PayloadTooLargeError,
  429: RateLimitError,
  501: NotImplementedError,
  502: ServiceUnavailableError,
  503: ServiceUnavailableError,
  504: ServiceUnavailableError,
};

interface EnvelopeError {
  ok?: boolean;
  error?: { code?: string; message?: string; details?: ErrorDetail[] };
  meta?: { requestId?: string };
}

/** The error for an HTTP answer of status >= 400, from its (parsed) body and headers. */
export function errorFromResponse(status: number, body: unknown, headers: Headers): HxError {
  const envelope = (body && typeof body === 'object' ? body : {}) as EnvelopeError;
  const code = envelope.error?.code;
  const init: HxErrorInit = {
    status,
    code,
    message: envelope.error?.message ?? (typeof body === 'string' && body ? body.slice(0, 500) : `HTTP ${status}`),
    details: envelope.error?.details,
    requestId: headers.get('x-request-id') ?? envelope.meta?.requestId ?? undefined,
    headers,
    body,
  };
  // A 503 keeps its own class even when the body says internal_error.
  const ByStatus = BY_STATUS[status] ?? (status >= 500 ? InternalServerError : HxError);
  const ByCode = code && code !== 'internal_error' ? BY_CODE[code] : undefined;
  return new (ByCode ?? ByStatus)(init);
}

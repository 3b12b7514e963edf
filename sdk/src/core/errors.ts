/**
 * The SDK's error classes: one per HTTP status family, each carrying the API's error envelope
 * (code, message, details) and the request id, plus connection and timeout errors.
 */
import type { ErrorCode, ErrorDetail } from '@hx-memory/contract';

export interface HxErrorInit {
  status?: number;
  code?: ErrorCode | string;
  message: string;
  details?: ErrorDetail[];
  requestId?: string;
  headers?: Headers;
  body?: unknown;
  cause?: unknown;
}

/** Base class of every error the SDK throws. */
export class HxError extends Error {
  readonly status: number | undefined;
  /** The API's error code (`validation_error`, `not_found`, ...), when the server answered one. */
  readonly code: ErrorCode | string | undefined;
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
}

export class BadRequestError extends HxError {}
export class AuthenticationError extends HxError {}
export class PermissionDeniedError extends HxError {}
export class NotFoundError extends HxError {}
export class ConflictError extends HxError {}
export class PayloadTooLargeError extends HxError {}
export class RateLimitError extends HxError {
  /** Seconds to wait, from the Retry-After header. */
  get retryAfterSeconds(): number | undefined {
    const value = Number(this.headers?.get('retry-after'));
    return Number.isFinite(value) && value >= 0 ? value : undefined;
  }
}
export class InternalServerError extends HxError {}

/** The request never got an HTTP answer (DNS, refused connection, reset). */
export class APIConnectionError extends HxError {
  constructor(init: Partial<HxErrorInit> = {}) {
    super({ message: 'Connection error.', ...init });
  }
}

/** No answer within timeoutMs (after the retries). */
export class APITimeoutError extends APIConnectionError {
  constructor(init: Partial<HxErrorInit> = {}) {
    super({ message: 'Request timed out.', ...init });
  }
}

/** The caller aborted the request through its AbortSignal. */
export class APIUserAbortError extends HxError {
  constructor(init: Partial<HxErrorInit> = {}) {
    super({ message: 'Request was aborted.', ...init });
  }
}

const BY_STATUS: Record<number, typeof HxError> = {
  400: BadRequestError,
  401: AuthenticationError,
  403: PermissionDeniedError,
  404: NotFoundError,
  409: ConflictError,
  413: PayloadTooLargeError,
  429: RateLimitError,
};

interface EnvelopeError {
  ok?: boolean;
  error?: { code?: string; message?: string; details?: ErrorDetail[] };
  meta?: { requestId?: string };
}

/** The error for an HTTP answer of status >= 400, from its (parsed) body and headers. */
export function errorFromResponse(status: number, body: unknown, headers: Headers): HxError {
  const envelope = (body && typeof body === 'object' ? body : {}) as EnvelopeError;
  const init: HxErrorInit = {
    status,
    code: envelope.error?.code,
    message: envelope.error?.message ?? (typeof body === 'string' && body ? body.slice(0, 500) : `HTTP ${status}`),
    details: envelope.error?.details,
    requestId: headers.get('x-request-id') ?? envelope.meta?.requestId,
    headers,
    body,
  };
  const ErrorClass = BY_STATUS[status] ?? (status >= 500 ? InternalServerError : HxError);
  return new ErrorClass(init);
}

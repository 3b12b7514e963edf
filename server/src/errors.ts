/**
 * The one typed error services throw. The HTTP layer maps it to the envelope in one place
 * (http/error-handler.ts); the status comes from the contract's code table.
 */
import { ERROR_STATUS, type ErrorCode, type ErrorDetail } from '@hx-memory/contract';

export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: ErrorDetail[],
    /** Extra response headers, e.g. Retry-After. */
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
    this.status = ERROR_STATUS[code];
  }
}

export const notFound = (what: string) => new AppError('not_found', `${what} not found`);

/**
 * An item that exists but is out of the caller's reach (another organization's, or denied by policy):
 * answered exactly as one that does not exist, so its existence is not revealed, and audited as a
 * denial with the real reason (audit/denials.ts), as a 403 would be.
 */
export class HiddenDenial extends AppError {
  constructor(
    what: string,
    readonly reason: string,
  ) {
    super('not_found', `${what} not found`);
  }
}
export const forbidden = (message: string) => new AppError('forbidden', message);
export const conflict = (message: string) => new AppError('conflict', message);
export const unauthorized = (message: string) => new AppError('unauthorized', message);
export const invalid = (field: string, message: string) =>
  new AppError('validation_error', `${field}: ${message}`, [{ field, message }]);
/** 503 with Retry-After: a dependency is down, the server is over its bounds or shutting down. */
export const serviceUnavailable = (message: string, retryAfterSeconds: number) =>
  new AppError('service_unavailable', message, undefined, { 'Retry-After': String(retryAfterSeconds) });

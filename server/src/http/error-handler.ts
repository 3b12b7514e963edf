/**
 * The one place errors become the envelope: AppError, ts-rest validation errors, body-parser errors
 * (malformed JSON, too large), the database being unreachable (503 with Retry-After) and anything
 * unexpected (500, logged with the request id, no stack or SQL in the body).
 */
import type { ErrorCode, ErrorDetail } from '@hx-memory/contract';
import { RequestValidationError } from '@ts-rest/express';
import type { ErrorRequestHandler, Request, Response } from 'express';
import type { ZodError } from 'zod';
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from '../db/unavailable.js';
import { AppError, HiddenDenial } from '../errors.js';
import type { Logger } from '../logger.js';

export function sendError(
  req: Request,
  res: Response,
  status: number,
  code: ErrorCode,
  message: string,
  details?: ErrorDetail[],
) {
  if (res.headersSent) return;
  res.status(status).json({
    ok: false,
    error: { code, message, ...(details && details.length > 0 ? { details } : {}) },
    meta: { requestId: req.hx?.requestId },
  });
}

function zodDetails(part: string, err: ZodError | null): ErrorDetail[] {
  if (!err) return [];
  const field = (segments: (string | number)[]) => {
    const path = segments.reduce<string>(
      (acc, seg) => (typeof seg === 'number' ? `${acc}[${seg}]` : acc ? `${acc}.${seg}` : String(seg)),
      '',
    );
    return part === 'body' ? path || 'body' : path ? `${part}.${path}` : part;
  };
  return err.issues.flatMap((issue) =>
    // A strict schema's unknown fields: one detail each, named, so a client sees which field to drop.
    issue.code === 'unrecognized_keys'
      ? issue.keys.map((key) => ({ field: field([...issue.path, key]), message: 'is not a known field' }))
      : [{ field: field(issue.path), message: issue.message }],
  );
}

export function validationDetails(err: RequestValidationError): ErrorDetail[] {
  return [
    ...zodDetails('params', err.pathParams),
    ...zodDetails('headers', err.headers),
    ...zodDetails('query', err.query),
    ...zodDetails('body', err.body),
  ];
}

/** `onDenied` sees every 403 of an authenticated caller, and every 404 that hides a denial (audit/denials.ts). */
export function createErrorHandler(
  logger: Logger,
  onDenied?: (req: Parameters<ErrorRequestHandler>[1], err: AppError) => void,
): ErrorRequestHandler {
  return (err, req, res, _next) => {
    if (err instanceof AppError) {
      if (err.code === 'forbidden' || err instanceof HiddenDenial) onDenied?.(req, err);
      if (err.headers) for (const [k, v] of Object.entries(err.headers)) res.setHeader(k, v);
      // RFC 9110: a 401 names its scheme; MCP clients read it to tell a bad key from a broken server.
      if (err.status === 401 && !res.hasHeader('WWW-Authenticate'))
        res.setHeader('WWW-Authenticate', 'Bearer realm="hx"');
      return sendError(req, res, err.status, err.code, err.message, err.details);
    }
    if (err instanceof RequestValidationError) {
      const details = validationDetails(err);
      const summary = details.map((d) => `${d.field}: ${d.message}`).join('; ');
      return sendError(req, res, 400, 'validation_error', `Request validation failed: ${summary}`, details);
    }
    // body-parser errors carry `type` and `status`.
    const type = (err as { type?: string }).type;
    if (type === 'entity.too.large') {
      return sendError(
        req,
        res,
        413,
        'payload_too_large',
        `Request body exceeds the limit of ${(err as { limit?: number }).limit} bytes`,
      );
    }
    if (type === 'entity.parse.failed') {
      return sendError(req, res, 400, 'validation_error', 'Malformed JSON in request body', [
        { field: 'body', message: 'not valid JSON' },
      ]);
    }
    if (type === 'encoding.unsupported' || type === 'charset.unsupported') {
      return sendError(req, res, 400, 'validation_error', 'Unsupported request body encoding');
    }
    const status = (err as { status?: number }).status;
    if (typeof status === 'number' && status >= 400 && status < 500) {
      return sendError(req, res, 400, 'validation_error', 'The request could not be read');
    }
    if (isDatabaseUnavailable(err)) {
      logger.warn({ err, requestId: req.hx?.requestId, method: req.method, path: req.path }, 'database unavailable');
      res.setHeader('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS));
      return sendError(
        req,
        res,
        503,
        'service_unavailable',
        'The database is unavailable; retry after Retry-After seconds',
      );
    }
    logger.error({ err, requestId: req.hx?.requestId, method: req.method, path: req.path }, 'unhandled error');
    return sendError(
      req,
      res,
      500,
      'internal_error',
      'An internal error occurred; quote the request id when reporting it',
    );
  };
}

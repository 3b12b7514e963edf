/**
 * pino JSON-lines logger. Secrets never reach the log: credentials are redacted by path, and errors go
 * through `serializeError`, which keeps what diagnoses a failure (type, message, SQLSTATE, stack) but
 * never a failed query's parameters (drizzle prints them into its error message: hashed API keys,
 * e-mails, event contents) nor the driver's `detail`, which quotes the offending values.
 */
import { type Logger, pino } from 'pino';

export type { Logger };

/** Error fields worth logging; everything else an error carries (params, detail, where, the client) stays out. */
const KEPT_FIELDS = ['code', 'severity', 'routine', 'errno', 'syscall', 'status', 'type'] as const;
const MAX_DEPTH = 4;

/** A drizzle query error: `Failed query: <sql>\nparams: <values>` in its message and stack. */
function isQueryError(err: Error): err is Error & { query: string; params: unknown[] } {
  return typeof (err as { query?: unknown }).query === 'string' && Array.isArray((err as { params?: unknown }).params);
}

export function serializeError(err: unknown, depth = 0): unknown {
  if (!(err instanceof Error)) return typeof err === 'string' ? err : String(err);
  const out: Record<string, unknown> = { type: err.name };
  let message = err.message;
  if (isQueryError(err))
    message = `Failed query: ${err.query.slice(0, 2000)} (${err.params.length} parameters not logged)`;
  out.message = message;
  for (const field of KEPT_FIELDS) {
    const value = (err as unknown as Record<string, unknown>)[field];
    if (typeof value === 'string' || typeof value === 'number') out[field] = value;
  }
  // The stack opens with the original message (all its lines): keep only the frames.
  const messageLines = err.message.split('\n').length;
  if (err.stack) out.stack = [`${err.name}: ${message}`, ...err.stack.split('\n').slice(messageLines)].join('\n');
  if (err.cause !== undefined && depth < MAX_DEPTH) out.cause = serializeError(err.cause, depth + 1);
  return out;
}

export function createLogger(level: string): Logger {
  return pino({
    level,
    serializers: { err: (err: unknown) => serializeError(err) },
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'password',
        '*.password',
        'value',
        '*.value',
        'refreshToken',
        '*.refreshToken',
        'key',
      ],
      censor: '[redacted]',
    },
  });
}

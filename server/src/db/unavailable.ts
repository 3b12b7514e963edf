/**
 * Tells "the database cannot be reached right now" apart from every other query error, so that it
 * answers 503 service_unavailable with Retry-After (the client should come back) rather than a 500.
 * Drizzle wraps driver errors in `cause`; node-postgres reports socket errors by errno and message,
 * and the server its own refusals by SQLSTATE.
 */

/** Seconds a client is told to wait while the database is unreachable. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);
/**
 * SQLSTATE: class 08 (connection exception), 57P01-57P03 (admin/crash shutdown, cannot connect now),
 * 53300 (too many connections), 57014 (statement timeout), 25P03 (idle-in-transaction timeout).
 */
const SQLSTATES = /^(08...|57P0[1-3]|53300|57014|25P03)$/;
const MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|not queryable|Cannot use a pool after calling end|the database system is (starting up|shutting down|in recovery mode)/i;

export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && (SOCKET_CODES.has(code) || SQLSTATES.test(code))) return true;
    const message = (e as { message?: unknown }).message;
    if (typeof message === 'string' && MESSAGES.test(message)) return true;
  }
  return false;
}

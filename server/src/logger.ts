/** pino JSON-lines logger; secrets are redacted by path so they never reach the log. */
import { type Logger, pino } from 'pino';

export type { Logger };

export function createLogger(level: string): Logger {
  return pino({
    level,
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

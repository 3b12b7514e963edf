/**
 * Brute-force protection of POST /v1/auth/login, the way rate-limiter-flexible documents it
 * ("Login endpoint protection"): consecutive failures per e-mail (reset by a success) and failures
 * per IP per day; past either limit the caller is blocked for a while and gets 429 with Retry-After,
 * even with the right password.
 */
import type { Redis } from 'ioredis';
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import type { Config } from '../config.js';
import { AppError } from '../errors.js';
import type { Logger } from '../logger.js';
import { createLimiterStore } from './limiter-store.js';

function blocked(seconds: number) {
  const retryAfter = Math.max(1, Math.ceil(seconds));
  return new AppError('rate_limited', `Too many failed logins; try again in ${retryAfter} seconds`, undefined, {
    'Retry-After': String(retryAfter),
  });
}

export function createLoginThrottle(opts: { config: Config; redis?: Redis; logger: Logger }) {
  const { config } = opts;
  const store = createLimiterStore({ redis: opts.redis, prefix: config.RATE_LIMIT_PREFIX });
  const byEmail = store.create({
    name: 'login-fail-email',
    points: config.LOGIN_FAILS_PER_EMAIL,
    // Failures are "consecutive" within this window; a success deletes the count.
    durationSeconds: config.LOGIN_EMAIL_BLOCK_SECONDS,
  });
  const byIp = store.create({ name: 'login-fail-ip', points: config.LOGIN_FAILS_PER_IP, durationSeconds: 86_400 });
  const limits: [RateLimiterAbstract, number, number, (email: string, ip: string) => string][] = [
    [byIp, config.LOGIN_FAILS_PER_IP, config.LOGIN_IP_BLOCK_SECONDS, (_e, ip) => ip],
    [byEmail, config.LOGIN_FAILS_PER_EMAIL, config.LOGIN_EMAIL_BLOCK_SECONDS, (e) => e.toLowerCase()],
  ];

  /** A store failure must not lock everyone out or let everyone in silently: allow and log. */
  async function safely<T>(fn: () => Promise<T>, fallback: T): Promise<T> {
    try {
      return await fn();
    } catch (err) {
      if (err instanceof AppError) throw err;
      opts.logger.error({ err }, 'login throttle store failed');
      return fallback;
    }
  }

  return {
    /** Throws 429 when the e-mail or the IP is blocked; call before checking the password. */
    async check(email: string, ip: string): Promise<void> {
      await safely(async () => {
        for (const [limiter, max, , key] of limits) {
          const res = await limiter.get(key(email, ip));
          if (res && res.consumedPoints >= max) throw blocked(res.msBeforeNext / 1000);
        }
      }, undefined);
    },

    /** Counts a failed login; when it reaches a limit, blocks and throws 429 instead of 401. */
    async fail(email: string, ip: string): Promise<void> {
      await safely(async () => {
        let blockFor = 0;
        for (const [limiter, max, blockSeconds, key] of limits) {
          const k = key(email, ip);
          const res = await limiter.consume(k).catch((rej: unknown) => rej as { consumedPoints: number });
          if (res.consumedPoints >= max) {
            await limiter.block(k, blockSeconds);
            blockFor = Math.max(blockFor, blockSeconds);
          }
        }
        if (blockFor > 0) throw blocked(blockFor);
      }, undefined);
    },

    /** A successful login ends the run of consecutive failures of its e-mail. */
    async succeed(email: string): Promise<void> {
      await safely(() => byEmail.delete(email.toLowerCase()).then(() => undefined), undefined);
    },
  };
}

export type LoginThrottle = ReturnType<typeof createLoginThrottle>;

/**
 * Builds rate-limiter-flexible limiters on the deployment's store: Redis when REDIS_URL is set (so
 * every API replica shares one count), with an in-memory insurance limiter that takes over while
 * Redis fails; in memory otherwise (docs/architecture.md).
 */
import type { Redis } from 'ioredis';
import { type RateLimiterAbstract, RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';

export interface LimiterOptions {
  /** Distinguishes the limiter's keys from every other limiter's (e.g. `rpm`, `login-email`). */
  name: string;
  points: number;
  durationSeconds: number;
  blockSeconds?: number;
}

export interface LimiterStore {
  create(opts: LimiterOptions): RateLimiterAbstract;
  /** Counts live outside this process (Redis): every consume is a round trip, shared by every instance. */
  readonly shared: boolean;
}

export function createLimiterStore(opts: { redis?: Redis; prefix: string }): LimiterStore {
  return {
    shared: Boolean(opts.redis),
    create({ name, points, durationSeconds, blockSeconds }) {
      const common = {
        keyPrefix: `${opts.prefix}:${name}`,
        points,
        duration: durationSeconds,
        blockDuration: blockSeconds ?? 0,
      };
      if (!opts.redis) return new RateLimiterMemory(common);
      return new RateLimiterRedis({
        ...common,
        storeClient: opts.redis,
        // Answer from memory at once instead of waiting on a broken connection.
        rejectIfRedisNotReady: true,
        insuranceLimiter: new RateLimiterMemory(common),
      });
    },
  };
}

/**
 * Spends `points` of `key`, the refusal as a value: rate-limiter-flexible rejects with a RateLimiterRes
 * when the window has no room; anything else it rejects with is a store failure the insurance did not
 * cover, and is thrown.
 */
export async function consumePoints(
  limiter: RateLimiterAbstract,
  key: string,
  points = 1,
): Promise<{ ok: boolean; res: RateLimiterRes }> {
  try {
    return { ok: true, res: await limiter.consume(key, points) };
  } catch (err) {
    if (err instanceof RateLimiterRes) return { ok: false, res: err };
    throw err;
  }
}

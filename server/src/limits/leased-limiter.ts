/**
 * A shared (Redis) rate limit counted a few points at a time. Each instance takes a lease of points
 * from the shared window in one INCRBY and hands them out from memory until they run out or the window
 * ends, so a caller that sends many requests a second costs one Redis round trip per lease instead of
 * one per request.
 *
 * The limit stays exact across instances: a lease is granted from the shared counter, so the points
 * every instance hands out in a window never add up to more than the window allows, and a lease dies
 * with the window it was taken in. What it costs: points an instance holds unused are counted as spent
 * for the others, so a caller spread over several instances may be refused a few requests early. A
 * lease is at most 1/64 of what the window had left (and at most 100 points), so that is a small share
 * of the limit, and near the limit leases are single points, as without leasing.
 * docs/decisions/speed.md, "Rate limits: leased points".
 */
import { type RateLimiterAbstract, RateLimiterRes } from 'rate-limiter-flexible';
import { consumePoints } from './limiter-store.js';

/** A lease is at most this share of what its window has left... */
export const LEASE_SHARE = 1 / 64;
/** ...and at most this many points. */
export const MAX_LEASE = 100;

interface Lease {
  /** Points of the lease not handed out yet. */
  left: number;
  /** The shared counter after the lease was taken. */
  counted: number;
  /** When the window it was taken in ends (by this process's clock, measured from before the call). */
  expires: number;
}

export interface Taken {
  ok: boolean;
  /** As rate-limiter-flexible answers: points spent in the window, milliseconds until it ends. */
  res: RateLimiterRes;
}

export interface LeasedLimiter {
  /** One point for `key`; refused when the shared window has none left. Store failures throw. */
  take(key: string): Promise<Taken>;
  /** The window as `take` would show it, without spending: this instance's lease counted as unspent. */
  get(key: string): Promise<RateLimiterRes | null>;
}

export function createLeasedLimiter(limiter: RateLimiterAbstract, clock: () => number = Date.now): LeasedLimiter {
  const points = limiter.points;
  const leases = new Map<string, Lease>();
  /** One lease request per key at a time; other requests of the key wait for it. */
  const pending = new Map<string, Promise<unknown>>();
  let sweptAt = 0;

  /** What the caller sees: the window's count without the points this instance still holds. */
  function answer(ok: boolean, lease: Lease, now: number): Taken {
    const spent = Math.min(lease.counted, points) - lease.left;
    return { ok, res: new RateLimiterRes(Math.max(0, points - spent), Math.max(0, lease.expires - now), spent) };
  }

  /** Expired leases are dropped at most once a second, in one pass. */
  function sweep(now: number) {
    if (now - sweptAt < 1000) return;
    sweptAt = now;
    for (const [key, lease] of leases) if (now >= lease.expires) leases.delete(key);
  }

  async function lease(key: string, last: Lease | undefined, started: number): Promise<Taken> {
    const left = last && started < last.expires ? points - last.counted : points;
    const size = Math.max(1, Math.min(MAX_LEASE, Math.floor(left * LEASE_SHARE)));
    // A refusal still counted `size`: of those, the ones under the limit are this instance's.
    const { res } = await consumePoints(limiter, key, size);
    const granted = Math.min(size, points - (res.consumedPoints - size));
    const next: Lease = {
      left: Math.max(0, granted - 1),
      counted: res.consumedPoints,
      expires: started + res.msBeforeNext,
    };
    leases.set(key, next);
    sweep(started);
    return answer(granted >= 1, next, clock());
  }

  return {
    async take(key) {
      for (;;) {
        const now = clock();
        const held = leases.get(key);
        if (held && held.left > 0 && now < held.expires) {
          held.left -= 1;
          return answer(true, held, now);
        }
        const waiting = pending.get(key);
        if (waiting) {
          // Settles either way; the loop looks at the lease it left (or asks again).
          await waiting.catch(() => undefined);
          continue;
        }
        const asked = lease(key, held, now);
        pending.set(key, asked);
        try {
          return await asked;
        } finally {
          pending.delete(key);
        }
      }
    },
    async get(key) {
      const res = await limiter.get(key);
      const held = leases.get(key);
      const now = clock();
      if (!res || !held || now >= held.expires || held.left === 0) return res;
      // The shared count now, less the points this instance holds and has not handed out.
      const spent = Math.min(res.consumedPoints, points) - held.left;
      return new RateLimiterRes(Math.max(0, points - spent), res.msBeforeNext, spent);
    },
  };
}

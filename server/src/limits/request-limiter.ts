/**
 * Per-caller request rate limits of the plans (SPEC.md Limits): a per-minute window (the headers
 * describe it) and a one-second burst window, so a client may spend at most `burst` requests at once
 * and `requestsPerMinute` in a minute. Callers: an API key, a user (JWT calls), or an IP address for
 * requests that carry no valid credentials.
 */
import { PLAN_LIMITS, type PlanLimits, type PlanName } from '@hx-memory/contract';
import { type RateLimiterAbstract, RateLimiterRes } from 'rate-limiter-flexible';
import type { Logger } from '../logger.js';
import type { LimiterStore } from './limiter-store.js';

export interface RateDecision {
  allowed: boolean;
  plan: LimitPolicy;
  /** Requests per minute; null when the plan is unlimited. */
  limit: number | null;
  remaining: number | null;
  /** Unix seconds when the minute window resets. */
  reset: number;
  /** Seconds to wait, set when the request is refused. */
  retryAfter?: number;
}

interface PlanLimiters {
  minute: RateLimiterAbstract;
  burst: RateLimiterAbstract;
  rpm: number;
}

const toSeconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

/** `ip` is the policy of requests without a valid credential; the others are the plans. */
export type LimitPolicy = PlanName | 'ip';

export function createRequestLimiter(
  store: LimiterStore,
  logger: Logger,
  ipLimits: { requestsPerMinute: number; burst: number },
) {
  const byPlan = new Map<LimitPolicy, PlanLimiters>();
  const policies = [...Object.entries(PLAN_LIMITS), ['ip', ipLimits]] as [LimitPolicy, PlanLimits][];
  for (const [plan, limits] of policies) {
    if (limits.requestsPerMinute === null || limits.burst === null) continue;
    byPlan.set(plan, {
      rpm: limits.requestsPerMinute,
      // The plan is part of the key: after a plan change the caller starts a fresh window.
      minute: store.create({ name: `rpm:${plan}`, points: limits.requestsPerMinute, durationSeconds: 60 }),
      burst: store.create({ name: `burst:${plan}`, points: limits.burst, durationSeconds: 1 }),
    });
  }

  function decision(plan: LimitPolicy, rpm: number, minute: RateLimiterRes | null, allowed: boolean, retryMs?: number) {
    const now = Date.now();
    return {
      allowed,
      plan,
      limit: rpm,
      remaining: minute ? Math.max(0, rpm - minute.consumedPoints) : rpm,
      reset: Math.ceil((now + (minute?.msBeforeNext ?? 60_000)) / 1000),
      ...(allowed ? {} : { retryAfter: toSeconds(retryMs ?? 1000) }),
    } satisfies RateDecision;
  }

  /** Rejections are RateLimiterRes values; anything else is a store failure the insurance did not cover. */
  async function consume(limiter: RateLimiterAbstract, key: string) {
    try {
      return { ok: true as const, res: await limiter.consume(key) };
    } catch (err) {
      if (err instanceof RateLimiterRes) return { ok: false as const, res: err };
      throw err;
    }
  }

  return {
    /** Counts one request of `subject` on `plan` and says whether it may proceed. */
    async consume(subject: string, plan: LimitPolicy): Promise<RateDecision> {
      const limiters = byPlan.get(plan);
      if (!limiters)
        return { allowed: true, plan, limit: null, remaining: null, reset: Math.ceil(Date.now() / 1000) + 60 };
      try {
        // Burst first: a request refused for its burst does not spend a point of the minute.
        const burst = await consume(limiters.burst, subject);
        if (!burst.ok) {
          const minute = await limiters.minute.get(subject);
          return decision(plan, limiters.rpm, minute, false, burst.res.msBeforeNext);
        }
        const minute = await consume(limiters.minute, subject);
        return decision(plan, limiters.rpm, minute.res, minute.ok, minute.res.msBeforeNext);
      } catch (err) {
        // Limits must never take the API down: fail open, loudly.
        logger.error({ err }, 'rate limiter store failed; request allowed');
        return {
          allowed: true,
          plan,
          limit: limiters.rpm,
          remaining: limiters.rpm,
          reset: Math.ceil(Date.now() / 1000) + 60,
        };
      }
    },
  };
}

export type RequestLimiter = ReturnType<typeof createRequestLimiter>;

/** Sets X-RateLimit-* (and Retry-After on refusal); unlimited plans say so in words. */
export function rateLimitHeaders(d: RateDecision): Record<string, string> {
  const headers: Record<string, string> = {
    'X-RateLimit-Limit': d.limit === null ? 'unlimited' : String(d.limit),
    'X-RateLimit-Remaining': d.remaining === null ? 'unlimited' : String(d.remaining),
    'X-RateLimit-Reset': String(d.reset),
  };
  if (d.retryAfter !== undefined) headers['Retry-After'] = String(d.retryAfter);
  return headers;
}

/**
 * Per-caller request rate limits of the plans (docs/api.md, Rate limits): a per-minute window (the headers
 * describe it) and a one-second burst window, so a client may spend at most `burst` requests at once
 * and `requestsPerMinute` in a minute. Callers: an API key, a user (JWT calls), or an IP address for
 * requests that carry no valid credentials (and, in a bucket of their own, for health probes).
 *
 * Plans the contract calls unlimited (enterprise) still get a real, enforced per-minute safety
 * ceiling (UNLIMITED_PLAN_RPM) and no burst window, so every X-RateLimit-* header is an integer that
 * is actually enforced (docs/decisions/identity-and-limits.md).
 */
import { PLAN_LIMITS, type PlanName } from '@hx-memory/contract';
import type { RateLimiterRes } from 'rate-limiter-flexible';
import type { Logger } from '../logger.js';
import { createLeasedLimiter } from './leased-limiter.js';
import { consumePoints, type LimiterStore } from './limiter-store.js';

export interface RateDecision {
  allowed: boolean;
  policy: LimitPolicy;
  /** Requests per minute enforced for this caller. */
  limit: number;
  remaining: number;
  /** Unix seconds when the minute window resets. */
  reset: number;
  /** Seconds to wait, set when the request is refused. */
  retryAfter?: number;
}

/** One window of a policy: `take` counts a request, `get` reads the count without spending. */
interface Window {
  take(key: string): Promise<{ ok: boolean; res: RateLimiterRes }>;
  get(key: string): Promise<RateLimiterRes | null>;
}

interface PolicyLimiters {
  minute: Window;
  /** Absent on unlimited plans: the plan table gives them no burst allowance, only the per-minute ceiling. */
  burst?: Window;
  rpm: number;
}

const toSeconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

/**
 * The plans, `ip` for requests without a valid credential, and `probe` for /health and /metrics:
 * per IP with the `ip` numbers, but in their own bucket so unauthenticated /v1 traffic from the
 * load balancer's address can never get its health checks refused, and per instance (a probe
 * checks one replica, so the rate a prober may use does not shrink as replicas are added).
 */
export type LimitPolicy = PlanName | 'ip' | 'probe';

export interface RequestLimiterOptions {
  /** Requests without a valid credential (and, in their own bucket, health probes), per IP. */
  ip: { requestsPerMinute: number; burst: number };
  /** Per-minute safety ceiling per API key or user on plans the contract calls unlimited. */
  unlimitedPlanRpm: number;
  /** Where the `probe` policy counts: this process's memory, not the deployment's shared store. */
  probeStore: LimiterStore;
}

/** How a refusal is explained: which limit, for whom. */
export function describePolicy(policy: LimitPolicy): string {
  if (policy === 'ip') return 'per IP address without credentials';
  if (policy === 'probe') return 'per IP address on /health and /metrics';
  if (PLAN_LIMITS[policy].requestsPerMinute === null) return `${policy} plan safety ceiling, UNLIMITED_PLAN_RPM`;
  return `${policy} plan`;
}

export function createRequestLimiter(store: LimiterStore, logger: Logger, opts: RequestLimiterOptions) {
  const byPolicy = new Map<LimitPolicy, PolicyLimiters>();
  /** Shared windows are counted in leases (leased-limiter.ts); in-process ones point by point. */
  const countWindow = (on: LimiterStore, name: string, points: number, durationSeconds: number): Window => {
    const limiter = on.create({ name, points, durationSeconds });
    const leased = on.shared ? createLeasedLimiter(limiter) : undefined;
    if (leased) return leased;
    return { take: (key) => consumePoints(limiter, key), get: (key) => limiter.get(key) };
  };
  const add = (policy: LimitPolicy, rpm: number, burst: number | null, on: LimiterStore = store) => {
    byPolicy.set(policy, {
      rpm,
      // The policy is part of the key: after a plan change the caller starts a fresh window.
      minute: countWindow(on, `rpm:${policy}`, rpm, 60),
      ...(burst === null ? {} : { burst: countWindow(on, `burst:${policy}`, burst, 1) }),
    });
  };
  for (const [plan, limits] of Object.entries(PLAN_LIMITS) as [PlanName, (typeof PLAN_LIMITS)[PlanName]][]) {
    if (limits.requestsPerMinute === null) add(plan, opts.unlimitedPlanRpm, null);
    else add(plan, limits.requestsPerMinute, limits.burst ?? null);
  }
  add('ip', opts.ip.requestsPerMinute, opts.ip.burst);
  add('probe', opts.ip.requestsPerMinute, opts.ip.burst, opts.probeStore);

  function decision(
    policy: LimitPolicy,
    rpm: number,
    minute: RateLimiterRes | null,
    allowed: boolean,
    retryMs?: number,
  ): RateDecision {
    const now = Date.now();
    return {
      allowed,
      policy,
      limit: rpm,
      remaining: minute ? Math.max(0, rpm - minute.consumedPoints) : rpm,
      reset: Math.ceil((now + (minute?.msBeforeNext ?? 60_000)) / 1000),
      ...(allowed ? {} : { retryAfter: toSeconds(retryMs ?? 1000) }),
    };
  }

  return {
    /** Counts one request of `subject` under `policy` and says whether it may proceed. */
    async consume(subject: string, policy: LimitPolicy): Promise<RateDecision> {
      const limiters = byPolicy.get(policy);
      if (!limiters) throw new Error(`No rate limit policy ${policy}`);
      try {
        // Burst first: a request refused for its burst does not spend a point of the minute.
        if (limiters.burst) {
          const burst = await limiters.burst.take(subject);
          if (!burst.ok) {
            const minute = await limiters.minute.get(subject);
            return decision(policy, limiters.rpm, minute, false, burst.res.msBeforeNext);
          }
        }
        const minute = await limiters.minute.take(subject);
        return decision(policy, limiters.rpm, minute.res, minute.ok, minute.res.msBeforeNext);
      } catch (err) {
        // Limits must never take the API down: fail open, loudly.
        logger.error({ err }, 'rate limiter store failed; request allowed');
        return decision(policy, limiters.rpm, null, true);
      }
    },
  };
}

export type RequestLimiter = ReturnType<typeof createRequestLimiter>;

/** Sets X-RateLimit-* (integers, on every plan) and Retry-After on refusal; every request pays it. */
export function setRateLimitHeaders(res: { setHeader(name: string, value: string): unknown }, d: RateDecision): void {
  res.setHeader('X-RateLimit-Limit', String(d.limit));
  res.setHeader('X-RateLimit-Remaining', String(d.remaining));
  res.setHeader('X-RateLimit-Reset', String(d.reset));
  if (d.retryAfter !== undefined) res.setHeader('Retry-After', String(d.retryAfter));
}

/**
 * Monthly event quota per tenant (UTC calendar month, docs/api.md, Rate limits). Where the plan
 * has a limit, capture stores its rows in the same statement as the count (`countedAs`,
 * capture/store-events.ts): the counter moves only when the whole count fits, and a refusal stores
 * nothing and throws quota_exceeded (`refusal`), so a batch that would cross the limit is refused whole.
 *
 * A plan with no monthly limit has nothing to refuse, so capture counts its events behind
 * (`countBehind`, capture.ts's last step): added up in memory per tenant and month and written in one statement every
 * QUOTA_BEHIND_FLUSH_MS, at shutdown, before anything here reads a count, and before a count against a
 * limit (a plan just changed). A capture then no longer updates the month's counter row that every
 * capture of the tenant updates, nor waits on its lock through the commit. A plan change also has every
 * instance write its counts at once (the tenant invalidation). A crash loses at most the last interval's
 * counts of unlimited plans (docs/decisions/speed.md).
 */
import { PLAN_LIMITS } from '@hx-memory/contract';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Actor } from '../../actor.js';
import type { Queryable } from '../../db/client.js';
import { createCountsBehind } from '../../db/counts-behind.js';
import { tenantEventUsage } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';
import type { ServiceDeps } from '../deps.js';

/** 'YYYY-MM' of the UTC month `at` falls in, and the instant the next month starts. */
export function quotaMonth(at = new Date()): { month: string; resetAt: Date } {
  const month = `${at.getUTCFullYear()}-${String(at.getUTCMonth() + 1).padStart(2, '0')}`;
  return { month, resetAt: new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 1)) };
}

/**
 * The count against a tenant's month as a CTE `quota`, for statements that compose it: `count` (a SQL
 * expression, e.g. a count over an earlier CTE) is added only if the whole count fits, and then `quota`
 * holds the new total; no row means refused (see the service's `refusal`). Its values may be placeholders
 * of a statement template; `limit: null` (no limit) leaves the guard out of the text.
 */
export function countedAs(at: { tenantId: unknown; month: unknown; limit: unknown | null }, count: SQL): SQL {
  const within = at.limit === null ? sql`` : sql` where tenant_event_usage.events + excluded.events <= ${at.limit}`;
  return sql`quota as (
      insert into tenant_event_usage (tenant_id, month, events) values (${at.tenantId}, ${at.month}, ${count})
      on conflict (tenant_id, month) do update
        set events = tenant_event_usage.events + excluded.events, updated_at = now()${within}
      returning events)`;
}

/** The month a capture counts against, and its plan's monthly limit (null: none). */
export interface QuotaMonth {
  month: string;
  limit: number | null;
}

/** How often jobs/start.ts has the counts of unlimited plans written (and once more at shutdown). */
export const QUOTA_BEHIND_FLUSH_MS = 1000;

export function createQuotaService(deps: Pick<ServiceDeps, 'database' | 'logger' | 'invalidations'>) {
  const { db } = deps.database;
  const behind = createMonthCountsBehind(deps);
  // A plan change (or a gap in the invalidations) may start counting against a limit: write ours now.
  // The bus awaits the write, so the request that changed the plan answers after every instance's.
  deps.invalidations.subscribe((m) => (m.kind === 'tenant' || m.kind === 'all' ? behind.flush() : undefined));

  function exceeded(actor: Actor, limit: number, used: number, count: number, resetAt: Date) {
    const retryAfter = Math.max(1, Math.ceil((resetAt.getTime() - Date.now()) / 1000));
    return new AppError(
      'quota_exceeded',
      `Monthly event quota of the ${actor.plan} plan (${limit} events) would be exceeded: ${used} used, ${count} more requested; it resets at ${resetAt.toISOString()}, in ${retryAfter} seconds`,
      undefined,
      { 'Retry-After': String(retryAfter) },
    );
  }

  async function used(q: Queryable, tenantId: string, month: string): Promise<number> {
    await behind.settle(tenantId, month);
    const [row] = await q
      .select({ events: tenantEventUsage.events })
      .from(tenantEventUsage)
      .where(and(eq(tenantEventUsage.tenantId, tenantId), eq(tenantEventUsage.month, month)))
      .limit(1);
    return row?.events ?? 0;
  }

  /** The quota_exceeded error for a refused count of `count` events (reads what is used). */
  async function refusal(q: Queryable, actor: Actor, count: number): Promise<AppError> {
    const limit = PLAN_LIMITS[actor.plan].monthlyEvents ?? Number.POSITIVE_INFINITY;
    const { month, resetAt } = quotaMonth();
    return exceeded(actor, limit, await used(q, actor.tenantId, month), count, resetAt);
  }

  return {
    refusal,

    /** Counts `events` just stored for a tenant whose plan has no monthly limit, written behind. */
    countBehind: (tenantId: string, events: number) => behind.add(tenantId, quotaMonth().month, events),
    /**
     * Before a capture counts against the actor's limit (capture calls it before any statement or
     * transaction: the write takes a connection of its own), this process's counts behind of the tenant,
     * from before its plan had one, are written; at once when the plan has no limit. Answers the month
     * and the limit the capture counts against (capture's statements count in the insert itself when
     * there is a limit, store-events.ts; without one, capture counts behind with `countBehind`).
     */
    settle: async (actor: Actor): Promise<QuotaMonth> => {
      const limit = PLAN_LIMITS[actor.plan].monthlyEvents;
      const { month } = quotaMonth();
      if (limit !== null) await behind.settle(actor.tenantId, month);
      return { month, limit };
    },
    /** Writes every count behind (the timer of jobs/start.ts, and shutdown). */
    flushBehind: behind.flush,
    /** Events the tenant used in the current month (this process's counts behind included). */
    eventsUsed: (tenantId: string) => used(db, tenantId, quotaMonth().month),

    /** Events used this month and the plan's limit (null = unlimited). */
    async status(
      actor: Actor,
    ): Promise<{ plan: string; eventsLimit: number | null; eventsUsed: number; resetDate: string }> {
      const { month, resetAt } = quotaMonth();
      return {
        plan: actor.plan,
        eventsLimit: PLAN_LIMITS[actor.plan].monthlyEvents,
        eventsUsed: await used(db, actor.tenantId, month),
        resetDate: resetAt.toISOString(),
      };
    },
  };
}

export type QuotaService = ReturnType<typeof createQuotaService>;

/** Counts of unlimited plans per tenant and month, written behind in one upsert. */
function createMonthCountsBehind(deps: Pick<ServiceDeps, 'database' | 'logger'>) {
  const counts = createCountsBehind<{ tenantId: string; month: string; events: number }>({
    key: monthKey,
    merge: (into, c) => {
      into.events += c.events;
    },
    write: (rows) =>
      // As text: PGlite's array parameters take strings only (its serializer encodes each element as text).
      deps.database.rows(sql`
        insert into tenant_event_usage (tenant_id, month, events)
        select * from unnest(${sql.param(rows.map((r) => r.tenantId))}::text[],
          ${sql.param(rows.map((r) => r.month))}::text[], ${sql.param(rows.map((r) => String(r.events)))}::int[])
        on conflict (tenant_id, month) do update
          set events = tenant_event_usage.events + excluded.events, updated_at = now()`),
    logger: deps.logger,
    what: 'monthly event counts',
  });
  return {
    add: (tenantId: string, month: string, events: number) => {
      if (events > 0) counts.add({ tenantId, month, events });
    },
    flush: counts.flush,
    /** Resolves once the tenant's counts of the month are written. */
    settle: (tenantId: string, month: string) => counts.settle(monthKey({ tenantId, month })),
  };
}

const monthKey = (c: { tenantId: string; month: string }) => `${c.tenantId}\u0000${c.month}`;

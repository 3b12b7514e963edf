/**
 * Monthly event quota per tenant (UTC calendar month). Capture calls `consume` inside its
 * transaction with the number of newly ingested events; a refusal throws quota_exceeded and rolls the
 * whole batch back. (Placeholder until the limits issue lands: allows everything.)
 */
import type { Actor } from '../context.js';
import type { Queryable } from '../db/client.js';
import type { ServiceDeps } from './index.js';

export function createQuotaService(_deps: ServiceDeps) {
  return {
    /** Counts `count` events against the tenant's month; throws AppError('quota_exceeded') when over. */
    async consume(_q: Queryable, _actor: Actor, _count: number): Promise<void> {},
    /** Events used this month and the plan's limit (null = unlimited). */
    async status(
      _actor: Actor,
    ): Promise<{ plan: string; eventsLimit: number | null; eventsUsed: number; resetDate: string }> {
      const now = new Date();
      const reset = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
      return { plan: _actor.plan, eventsLimit: null, eventsUsed: 0, resetDate: reset.toISOString() };
    },
  };
}

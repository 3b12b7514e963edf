/**
 * Crash and restart recovery, run once at start-up (jobs/start.ts): learn jobs left queued or running
 * by a stopped or crashed process are handed to the queue again, oldest first.
 */
import { and, asc, eq, isNotNull, lt, or, type SQL } from 'drizzle-orm';
import { learnJobs } from '../../../db/schema/index.js';
import { lockKeyOf } from './job-row.js';
import type { LearnRuntime } from './runtime.js';

/** Jobs still queued or running this long before boot are taken up again (crash recovery). */
const RECOVER_AFTER_MS = 60 * 1000;

/** Jobs no live process holds. */
function orphanedJobs(rt: LearnRuntime): SQL {
  const waiting = or(eq(learnJobs.status, 'queued'), eq(learnJobs.status, 'running')) as SQL;
  // The embedded database belongs to this one process: whatever it left waiting is ours to run.
  if (rt.database.driver === 'pglite') return waiting;
  // A shared PostgreSQL: another live process may hold a young job; old ones were left by a crash.
  const crashed = and(waiting, lt(learnJobs.createdAt, new Date(Date.now() - RECOVER_AFTER_MS))) as SQL;
  // BullMQ put the jobs a graceful shutdown released back on its queue; in process, they wait for us.
  if (rt.queue.kind === 'bullmq') return crashed;
  const released = and(eq(learnJobs.status, 'queued'), isNotNull(learnJobs.startedAt)) as SQL;
  return or(crashed, released) as SQL;
}

/** Enqueues the orphaned jobs; never throws (a failure is logged, the next start tries again). */
export async function recoverJobs(rt: LearnRuntime): Promise<void> {
  if (rt.stopping.aborted) return;
  try {
    const rows = await rt.database.db
      .select({ id: learnJobs.id, tenantId: learnJobs.tenantId, environment: learnJobs.environment })
      .from(learnJobs)
      .where(orphanedJobs(rt))
      .orderBy(asc(learnJobs.createdAt))
      .limit(1000);
    await Promise.all(rows.map((r) => rt.queue.enqueue({ id: r.id, lockKey: lockKeyOf(r.tenantId, r.environment) })));
  } catch (err) {
    if (!rt.stopping.aborted) rt.logger.warn({ err }, 'could not recover learn jobs');
  }
}

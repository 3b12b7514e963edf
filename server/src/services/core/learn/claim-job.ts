/**
 * Claiming a learn job for a run: one running learn per tenant and environment across processes,
 * made atomic by an advisory lock on the job's scope key.
 */
import { and, eq, gt, sql } from 'drizzle-orm';
import { learnJobs } from '../../../db/schema/index.js';
import { ofEnvironment } from '../../../db/scoped-rows.js';
import type { JobRow } from './job-row.js';
import type { LearnRuntime } from './runtime.js';

/** A running job not finished after this long is treated as dead (its process crashed). */
const STALE_RUNNING_MS = 15 * 60 * 1000;

/** Takes the job if no other learn of its scope runs: the job, `busy`, or undefined when it is not waiting. */
export async function claimJob(rt: LearnRuntime, jobId: string): Promise<JobRow | 'busy' | undefined> {
  return rt.database.db.transaction(async (tx) => {
    const [job] = await tx.select().from(learnJobs).where(eq(learnJobs.id, jobId)).limit(1);
    if (!job || (job.status !== 'queued' && job.status !== 'running')) return undefined;
    await rt.database.rows(sql`select pg_advisory_xact_lock(hashtext(${`hx-learn:${job.scopeKey}`}))`, tx);
    const staleBefore = new Date(Date.now() - STALE_RUNNING_MS);
    const [other] = await tx
      .select({ id: learnJobs.id })
      .from(learnJobs)
      .where(
        and(
          ofEnvironment(learnJobs, job),
          eq(learnJobs.scopeKey, job.scopeKey),
          eq(learnJobs.status, 'running'),
          sql`${learnJobs.id} <> ${job.id}`,
          gt(learnJobs.startedAt, staleBefore),
        ),
      )
      .limit(1);
    if (other) return 'busy' as const;
    // A resumed job keeps its first start: it dates the job, and a full run's cutoff (pendingEvents).
    // Database clock, as for events.compiledAt, so the two compare across processes.
    const [claimed] = await tx
      .update(learnJobs)
      .set({
        status: 'running',
        startedAt: sql`coalesce(${learnJobs.startedAt}, clock_timestamp())`,
        compiler: rt.compiler.name,
      })
      .where(eq(learnJobs.id, job.id))
      .returning();
    return claimed;
  });
}

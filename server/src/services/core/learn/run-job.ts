/**
 * The learn queue's handler (registered by jobs/start.ts): claims a job, compiles its pending events
 * chunk by chunk (compile-events.ts), rebuilds its artifacts (build-artifacts.ts) and records the
 * outcome. A job stopped by shutdown or by losing the database resumes later instead of failing.
 */
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { learnJobs } from '../../../db/schema/index.js';
import { isDatabaseUnavailable } from '../../../db/unavailable.js';
import { AppError } from '../../../errors.js';
import type { JobOutcome } from '../../../jobs/index.js';
import { addEarlierRunTouched, buildArtifacts } from './build-artifacts.js';
import { claimJob } from './claim-job.js';
import { compileEvents, Interrupted, type Touched } from './compile-events.js';
import { elapsedMs, type JobRow, recordedStats, statsPlus, ZERO_ARTIFACTS } from './job-row.js';
import type { LearnRuntime } from './runtime.js';

/** Compiles the job's pending events, rebuilds its artifacts and records it completed. */
async function compileAndComplete(rt: LearnRuntime, job: JobRow): Promise<void> {
  const earlier = recordedStats(job).eventsProcessed;
  const touched: Touched = { namespaces: new Set(), sessions: new Set() };
  const compiled = await compileEvents(rt, job, touched);
  let artifacts = { ...ZERO_ARTIFACTS, byType: {} as Record<string, number> };
  let patterns: SQL = sql`'{}'::jsonb`;
  const started = performance.now();
  // Nothing compiled by the job: nothing to rebuild (re-running an incremental learn changes nothing).
  if (earlier + compiled > 0) {
    // The artifacts are one more unit of work: not begun once shutting down.
    if (rt.stopping.aborted) throw new Interrupted();
    if (earlier > 0) await addEarlierRunTouched(rt, job, touched);
    const built = await buildArtifacts(rt, job, touched);
    artifacts = built.artifacts;
    patterns = sql`jsonb_build_object('patternsFound', ${built.patternsFound}::int)`;
  }
  const stats = sql`${statsPlus({ compilationMs: elapsedMs(started) })} || ${patterns}`;
  await rt.database.db
    .update(learnJobs)
    .set({ status: 'completed', stats, artifacts, finishedAt: new Date() })
    .where(eq(learnJobs.id, job.id));
  if (earlier + compiled > 0) rt.maintenance.afterWrites();
}

async function failJob(rt: LearnRuntime, job: JobRow, err: unknown): Promise<void> {
  const { logger } = rt;
  const message =
    err instanceof AppError
      ? err.message
      : `compilation failed (${(err as Error)?.name ?? 'Error'}); see server logs for request ${job.requestId ?? job.id}`;
  logger.error({ err, cause: (err as { cause?: Error })?.cause?.message, jobId: job.id }, 'learn job failed');
  await rt.database.db
    .update(learnJobs)
    .set({ status: 'failed', error: message, finishedAt: new Date() })
    .where(eq(learnJobs.id, job.id))
    .catch((e) => logger.error({ err: e, jobId: job.id }, 'could not record learn job failure'));
}

/**
 * Hands a job stopped by shutdown back: queued again, its committed chunks compiled, its counts kept.
 * Its next run (BullMQ: the next worker; in process: the next start) continues after them.
 */
async function releaseJob(rt: LearnRuntime, jobId: string, err: unknown): Promise<void> {
  const { logger } = rt;
  // Not between chunks: the shutdown timeout closed the database under a chunk, which rolled back.
  if (!(err instanceof Interrupted)) logger.warn({ err, jobId }, 'learn job stopped mid-chunk by shutdown');
  try {
    await rt.database.db
      .update(learnJobs)
      .set({ status: 'queued' })
      .where(and(eq(learnJobs.id, jobId), eq(learnJobs.status, 'running')));
    logger.info({ jobId }, 'learn job interrupted by shutdown: queued to resume');
  } catch (e) {
    // The database is gone already: the job stays running, and crash recovery takes it up.
    logger.warn({ err: e, jobId }, 'could not requeue the interrupted learn job');
  }
}

/** Claims, compiles, records the outcome. Never throws for a failed compile. */
export async function runJob(rt: LearnRuntime, jobId: string): Promise<JobOutcome> {
  // Shutting down: take no new job. It stays queued (BullMQ: for another worker; in process: the next start).
  if (rt.stopping.aborted) return 'interrupted';
  let job: JobRow | 'busy' | undefined;
  try {
    job = await claimJob(rt, jobId);
  } catch (err) {
    if (rt.stopping.aborted) return 'interrupted';
    // The database is unreachable: try again later, as when another process holds the job.
    if (isDatabaseUnavailable(err)) return 'busy';
    throw err;
  }
  if (job === 'busy') return 'busy';
  if (!job) return 'done';
  try {
    await compileAndComplete(rt, job);
    return 'done';
  } catch (err) {
    // Whatever stops a job during shutdown (the Interrupted signal, or the database closing under it)
    // is no fault of the job: it resumes later rather than failing.
    if (rt.stopping.aborted) {
      await releaseJob(rt, job.id, err);
      return 'interrupted';
    }
    // Nor is losing the database: the chunk rolled back, and the job (still `running`, which claim
    // takes up again) resumes after its committed chunks once the database answers.
    if (isDatabaseUnavailable(err)) {
      rt.logger.warn({ err, jobId: job.id }, 'learn job paused: database unavailable');
      return 'busy';
    }
    await failJob(rt, job, err);
    return 'done';
  } finally {
    rt.waiters.notify(job.id);
  }
}

/**
 * A learn job as stored (learn_jobs) and as the API shows it, with the SQL fragments the job's runs
 * share: its scope's events, the events it has still to compile, its counts added up in SQL.
 */
import type { LearnJob } from '@hx-memory/contract';
import { eq, inArray, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../../db/client.js';
import { events, learnJobs } from '../../../db/schema/index.js';

export type JobRow = typeof learnJobs.$inferSelect;
export type Filters = {
  namespace: string | null;
  /**
   * With no namespace: the only namespaces the job compiles, for a credential that does not reach the
   * whole tenant (one bound to an organization); absent for jobs over every namespace.
   */
  namespaces?: string[];
  sessionId: string | null;
  subjectId: string | null;
  agentId: string | null;
};

export const ZERO_ARTIFACTS = { created: 0, updated: 0, unchanged: 0, byType: {} as Record<string, number> };
export const ZERO_STATS = {
  eventsProcessed: 0,
  memoriesProcessed: 0,
  memoriesCreated: 0,
  memoriesMerged: 0,
  memoriesSuperseded: 0,
  patternsFound: 0,
  compilationMs: 0,
};
export type Stats = typeof ZERO_STATS;

/** One running learn per tenant and environment: the runner's lock key and the job's scope key. */
export const lockKeyOf = (tenantId: string, environment: string) => `${tenantId}:${environment}`;

export const elapsedMs = (since: number) => Math.round((performance.now() - since) * 100) / 100;

export async function loadJob(q: Queryable, jobId: string): Promise<JobRow | undefined> {
  const [row] = await q.select().from(learnJobs).where(eq(learnJobs.id, jobId)).limit(1);
  return row;
}

/** The counts a job has recorded so far (chunks committed by its earlier, interrupted runs). */
export function recordedStats(row: JobRow): Stats {
  const saved = (row.stats ?? {}) as Record<string, unknown>;
  const stats = { ...ZERO_STATS };
  for (const key of Object.keys(stats) as Array<keyof Stats>) {
    const value = saved[key];
    if (typeof value === 'number') stats[key] = value;
  }
  return stats;
}

/**
 * The job's `stats` plus `delta`, added in SQL: a chunk's counts commit with its events, and the runs
 * of one job (resumed, or overlapping after a lost BullMQ lock) add up instead of overwriting.
 */
export function statsPlus(delta: Partial<Stats>): SQL {
  // Decimal addition: milliseconds rounded here add up without float noise.
  const pairs = Object.entries(delta).map(
    ([key, value]) =>
      sql`${key}::text, coalesce((${learnJobs.stats} ->> ${key}::text)::numeric, 0) + ${value}::numeric`,
  );
  return sql`coalesce(${learnJobs.stats}, '{}'::jsonb) || jsonb_build_object(${sql.join(pairs, sql`, `)})`;
}

/** The job's first start (database clock, exact): events compiled since then were compiled by the job itself. */
export const startedAtOf = (jobId: string) =>
  sql`(select ${learnJobs.startedAt} from ${learnJobs} where ${learnJobs.id} = ${jobId})`;

/**
 * Events the job has still to compile. Incremental: never compiled. Full: not compiled since the job
 * first started, so a resumed full run skips what its interrupted run already did.
 */
export function pendingEvents(job: JobRow): SQL {
  if (job.scope === 'incremental') return isNull(events.compiledAt);
  return or(isNull(events.compiledAt), lt(events.compiledAt, startedAtOf(job.id))) as SQL;
}

/** The events of the job's scope: its tenant and environment, narrowed by its filters. */
export function scopeConditions(job: JobRow): SQL[] {
  const f = job.filters as Filters;
  const conds: SQL[] = [eq(events.tenantId, job.tenantId), eq(events.environment, job.environment)];
  if (f.namespace) conds.push(eq(events.namespace, f.namespace));
  else if (f.namespaces) conds.push(inArray(events.namespace, f.namespaces));
  if (f.sessionId) conds.push(eq(events.sessionId, f.sessionId));
  if (f.subjectId) conds.push(eq(events.subjectId, f.subjectId));
  if (f.agentId) conds.push(eq(events.agentId, f.agentId));
  return conds;
}

export function toLearnJob(row: JobRow): LearnJob {
  const filters = row.filters as Filters;
  return {
    id: row.id,
    runId: row.id,
    jobId: row.id,
    status: row.status as LearnJob['status'],
    scope: row.scope as LearnJob['scope'],
    filters: {
      namespace: filters.namespace ?? null,
      sessionId: filters.sessionId ?? null,
      subjectId: filters.subjectId ?? null,
      agentId: filters.agentId ?? null,
    },
    options: row.options as LearnJob['options'],
    artifacts: { ...ZERO_ARTIFACTS, ...((row.artifacts as Partial<LearnJob['artifacts']>) ?? {}) },
    stats: { ...ZERO_STATS, ...((row.stats as Partial<LearnJob['stats']>) ?? {}) },
    error: row.error,
    compiler: row.compiler,
    createdAt: row.createdAt.toISOString(),
    startedAt: row.startedAt?.toISOString() ?? null,
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

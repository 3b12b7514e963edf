/**
 * Chunked compilation of a job's pending events. Each chunk commits its memories, its events'
 * compiledAt and the job's counts together, so a job stopped between chunks (shutdown) or mid-chunk
 * (crash) resumes with the events it has not compiled yet.
 */
import { and, asc, eq, gt, lte, sql } from 'drizzle-orm';
import type { CompilerEvent } from '../../../compiler/index.js';
import type { Tx } from '../../../db/client.js';
import { events, learnJobs } from '../../../db/schema/index.js';
import { applyMemories } from './apply-memories.js';
import { elapsedMs, type JobRow, pendingEvents, scopeConditions, statsPlus } from './job-row.js';
import type { LearnRuntime } from './runtime.js';
import { toCompilerEvent } from './shapes.js';

/** Events compiled per transaction: bounds memory use and transaction length on big scopes. */
const CHUNK = 2000;

/** The event columns the compiler reads (not the stored tsvector, hashes or keys). */
export const COMPILE_COLUMNS = {
  id: events.id,
  type: events.type,
  sessionId: events.sessionId,
  namespace: events.namespace,
  subjectId: events.subjectId,
  agentId: events.agentId,
  payload: events.payload,
  metadata: events.metadata,
  text: events.text,
  occurredAt: events.occurredAt,
};

/** What artifact building needs to know of the events a job compiled. */
export type Touched = { namespaces: Set<string>; sessions: Set<string> };

/** Thrown between chunks once the process shuts down: the job is handed back, not failed. */
export class Interrupted extends Error {
  constructor() {
    super('learn job interrupted by shutdown');
    this.name = 'Interrupted';
  }
}

const idIn = (ids: string[]) => sql`${events.id} = any(${sql.param(ids)}::text[])`;

/** Serialises a scope's writes (chunks, artifacts) across overlapping runs, inside `tx`. */
export const lockScopeWrites = (rt: LearnRuntime, tx: Tx, job: JobRow) =>
  rt.database.rows(sql`select pg_advisory_xact_lock(hashtext(${`hx-learn-apply:${job.scopeKey}`}))`, tx);

/**
 * Compiles one chunk in one transaction: its memories, its events' compiledAt and the job's counts
 * commit together. Answers the events it compiled.
 */
async function applyChunk(
  rt: LearnRuntime,
  job: JobRow,
  rows: CompilerEvent[],
  chunkStarted: number,
): Promise<CompilerEvent[]> {
  const { database, compiler } = rt;
  const scope = { tenantId: job.tenantId, environment: job.environment };
  let drafts = compiler.extract(rows.map(toCompilerEvent));
  const now = new Date();
  return database.db.transaction(async (tx) => {
    await lockScopeWrites(rt, tx, job);
    // The chunk's lookups pass thousands of ids as one array: plan them with the values (hashed
    // lookups), not as a cached generic plan that compares each row with each id.
    await database.rows(sql`select set_config('plan_cache_mode', 'force_custom_plan', true)`, tx);
    // Re-checked under the lock: an overlapping run of this scope (a BullMQ job taken over after its
    // lock expired while it still ran) may have compiled some of these events since they were read.
    const open = await tx
      .select({ id: events.id })
      .from(events)
      .where(and(eq(events.tenantId, job.tenantId), idIn(rows.map((r) => r.id)), pendingEvents(job)));
    let todo = rows;
    if (open.length < rows.length) {
      const openIds = new Set(open.map((r) => r.id));
      todo = rows.filter((r) => openIds.has(r.id));
      drafts = compiler.extract(todo.map(toCompilerEvent));
    }
    if (todo.length === 0) return todo;
    const { result } = await applyMemories(database, tx, scope, drafts, now);
    await tx
      .update(events)
      .set({ compiledAt: sql`clock_timestamp()` })
      .where(and(eq(events.tenantId, job.tenantId), idIn(todo.map((r) => r.id))));
    const stats = statsPlus({
      eventsProcessed: todo.length,
      memoriesProcessed: result.processed,
      memoriesCreated: result.created,
      memoriesMerged: result.merged,
      memoriesSuperseded: result.superseded,
      compilationMs: elapsedMs(chunkStarted),
    });
    await tx.update(learnJobs).set({ stats }).where(eq(learnJobs.id, job.id));
    return todo;
  });
}

/** Compiles the scope's pending events chunk by chunk; between chunks, a shutdown stops it (Interrupted). */
export async function compileEvents(rt: LearnRuntime, job: JobRow, touched: Touched): Promise<number> {
  const conds = scopeConditions(job);
  const pending = pendingEvents(job);
  // Events captured after the job was created wait for the next run.
  const until = job.createdAt;
  let compiled = 0;
  let afterId: string | undefined;
  for (;;) {
    // Let the event loop turn between chunks: PGlite runs queries on this thread and answers through
    // microtasks only, so without this, requests and a shutdown signal would wait for the whole job.
    await new Promise<void>((resolve) => setImmediate(resolve));
    if (rt.stopping.aborted) throw new Interrupted();
    const chunkStarted = performance.now();
    const where = and(...conds, lte(events.createdAt, until), pending, afterId ? gt(events.id, afterId) : undefined);
    const rows = await rt.database.db
      .select(COMPILE_COLUMNS)
      .from(events)
      .where(where)
      .orderBy(asc(events.id))
      .limit(CHUNK);
    if (rows.length === 0) break;
    afterId = rows[rows.length - 1]!.id;
    const done = await applyChunk(rt, job, rows, chunkStarted);
    compiled += done.length;
    for (const r of done) {
      touched.namespaces.add(r.namespace);
      touched.sessions.add(r.sessionId);
    }
    if (rows.length < CHUNK) break;
  }
  return compiled;
}

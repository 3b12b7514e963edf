/**
 * Learn: compilation jobs. POST /v1/learn records a queued job and hands it to the job runner; the
 * runner calls `runJob`, which claims the job (one running learn per tenant and environment, across
 * processes), compiles the scope's events chunk by chunk through the compiler interface, applies the
 * output (learn-apply.ts) and records the counts or the error.
 *
 * Each chunk commits its memories, its events' compiledAt and the job's counts together, so a job
 * stopped between chunks (graceful shutdown) or mid-chunk (crash) is resumable: it goes back to
 * `queued` and its next run continues with the events it has not compiled yet.
 */
import type { LearnJob, LearnRequest } from '@hx-memory/contract';
import { and, asc, eq, gt, inArray, isNotNull, isNull, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import { type ArtifactType, type CompilerEvent, createCompiler } from '../../../compiler/index.js';
import type { Actor } from '../../../actor.js';
import { events, learnJobs, memories } from '../../../db/schema/index.js';
import { createSearchMaintenance } from '../../../db/search-maintenance.js';
import { isDatabaseUnavailable } from '../../../db/unavailable.js';
import { AppError, notFound } from '../../../errors.js';
import { newId } from '../../../ids.js';
import { createJobRunner, type JobOutcome } from '../../../jobs/index.js';
import { type NamespaceAccessChecker, resolveWriteNamespace } from '../namespace-scope.js';
import type { ServiceDeps } from '../../deps.js';
import { createLearnApplier, isProcedural, toCompilerEvent, toStoredMemory } from './apply.js';

/** Events compiled per transaction: bounds memory use and transaction length on big scopes. */
const CHUNK = 2000;
/** Most memories / events handed to the artifact builder per run. */
const ARTIFACT_MEMORY_CAP = 20_000;
const ARTIFACT_EVENT_CAP = 20_000;
/** A running job not finished after this long is treated as dead (its process crashed). */
const STALE_RUNNING_MS = 15 * 60 * 1000;
/** Jobs still queued or running this long before boot are taken up again (crash recovery). */
const RECOVER_AFTER_MS = 60 * 1000;

type JobRow = typeof learnJobs.$inferSelect;
/** What artifact building needs to know of the events a job compiled. */
type Touched = { namespaces: Set<string>; sessions: Set<string> };

/** Thrown between chunks once the process shuts down: the job is handed back, not failed. */
class Interrupted extends Error {
  constructor() {
    super('learn job interrupted by shutdown');
    this.name = 'Interrupted';
  }
}

/** The event columns the compiler reads (not the stored tsvector, hashes or keys). */
const COMPILE_COLUMNS = {
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

/** The memory columns the artifact builder reads (toStoredMemory). */
const STORED_MEMORY_COLUMNS = {
  id: memories.id,
  kind: memories.kind,
  subjectId: memories.subjectId,
  sessionId: memories.sessionId,
  agentId: memories.agentId,
  namespace: memories.namespace,
  content: memories.content,
  dedupeKey: memories.dedupeKey,
  attributeKey: memories.attributeKey,
  attributes: memories.attributes,
  confidence: memories.confidence,
  validFrom: memories.validFrom,
  occurredAt: memories.occurredAt,
  sourceEventIds: memories.sourceEventIds,
  mentions: memories.mentions,
  status: memories.status,
  validTo: memories.validTo,
  lastSeenAt: memories.lastSeenAt,
};
type Filters = { namespace: string | null; sessionId: string | null; subjectId: string | null; agentId: string | null };

const ZERO_ARTIFACTS = { created: 0, updated: 0, unchanged: 0, byType: {} as Record<string, number> };
const ZERO_STATS = {
  eventsProcessed: 0,
  memoriesProcessed: 0,
  memoriesCreated: 0,
  memoriesMerged: 0,
  memoriesSuperseded: 0,
  patternsFound: 0,
  compilationMs: 0,
};
type Stats = typeof ZERO_STATS;

/** The counts a job has recorded so far (chunks committed by its earlier, interrupted runs). */
function recordedStats(row: JobRow): Stats {
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
function statsPlus(delta: Partial<Stats>): SQL {
  // Decimal addition: milliseconds rounded here add up without float noise.
  const pairs = Object.entries(delta).map(
    ([key, value]) =>
      sql`${key}::text, coalesce((${learnJobs.stats} ->> ${key}::text)::numeric, 0) + ${value}::numeric`,
  );
  return sql`coalesce(${learnJobs.stats}, '{}'::jsonb) || jsonb_build_object(${sql.join(pairs, sql`, `)})`;
}

/** The job's first start (database clock, exact): events compiled since then were compiled by the job itself. */
const startedAtOf = (jobId: string) =>
  sql`(select ${learnJobs.startedAt} from ${learnJobs} where ${learnJobs.id} = ${jobId})`;

/**
 * Events the job has still to compile. Incremental: never compiled. Full: not compiled since the job
 * first started, so a resumed full run skips what its interrupted run already did.
 */
function pendingEvents(job: JobRow): SQL {
  if (job.scope === 'incremental') return isNull(events.compiledAt);
  return or(isNull(events.compiledAt), lt(events.compiledAt, startedAtOf(job.id))) as SQL;
}

const elapsedMs = (since: number) => Math.round((performance.now() - since) * 100) / 100;

const idIn = (ids: string[]) => sql`${events.id} = any(${sql.param(ids)}::text[])`;

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

export function createLearnService(
  deps: Pick<ServiceDeps, 'database' | 'config' | 'logger' | 'onShutdown'>,
  services: { policies: NamespaceAccessChecker },
) {
  const { database, logger, config } = deps;
  const { db } = database;
  const compiler = createCompiler();
  const applier = createLearnApplier(database);
  /** Local waiters for `wait: true`, woken when this process finishes the job. */
  const finished = new Map<string, Set<() => void>>();
  let closed = false;

  const maintenance = createSearchMaintenance(database, logger);
  const runner = createJobRunner(config, logger, (jobId) => runJob(jobId));
  deps.onShutdown(async () => {
    closed = true;
    await runner.close();
    await maintenance.close();
  });

  function lockKeyOf(tenantId: string, environment: string) {
    return `${tenantId}:${environment}`;
  }

  function notifyFinished(jobId: string) {
    const waiters = finished.get(jobId);
    if (!waiters) return;
    finished.delete(jobId);
    for (const w of waiters) w();
  }

  /** Takes the job if no other learn of its tenant+environment runs; an advisory lock makes the check atomic across processes. */
  async function claim(jobId: string): Promise<JobRow | 'busy' | undefined> {
    return db.transaction(async (tx) => {
      const [job] = await tx.select().from(learnJobs).where(eq(learnJobs.id, jobId)).limit(1);
      if (!job || (job.status !== 'queued' && job.status !== 'running')) return undefined;
      await database.rows(sql`select pg_advisory_xact_lock(hashtext(${`hx-learn:${job.scopeKey}`}))`, tx);
      const staleBefore = new Date(Date.now() - STALE_RUNNING_MS);
      const [other] = await tx
        .select({ id: learnJobs.id })
        .from(learnJobs)
        .where(
          and(
            eq(learnJobs.tenantId, job.tenantId),
            eq(learnJobs.environment, job.environment),
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
          compiler: compiler.name,
        })
        .where(eq(learnJobs.id, job.id))
        .returning();
      return claimed;
    });
  }

  function scopeConditions(job: JobRow): SQL[] {
    const f = job.filters as Filters;
    const conds: SQL[] = [eq(events.tenantId, job.tenantId), eq(events.environment, job.environment)];
    if (f.namespace) conds.push(eq(events.namespace, f.namespace));
    if (f.sessionId) conds.push(eq(events.sessionId, f.sessionId));
    if (f.subjectId) conds.push(eq(events.subjectId, f.subjectId));
    if (f.agentId) conds.push(eq(events.agentId, f.agentId));
    return conds;
  }

  /**
   * Compiles one chunk in one transaction: its memories, its events' compiledAt and the job's counts
   * commit together. Answers the events it compiled.
   */
  async function applyChunk(job: JobRow, rows: CompilerEvent[], chunkStarted: number): Promise<CompilerEvent[]> {
    const scope = { tenantId: job.tenantId, environment: job.environment };
    let drafts = compiler.extract(rows.map(toCompilerEvent));
    const now = new Date();
    return db.transaction(async (tx) => {
      await database.rows(sql`select pg_advisory_xact_lock(hashtext(${`hx-learn-apply:${job.scopeKey}`}))`, tx);
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
      const { result } = await applier.applyMemories(tx, scope, drafts, now);
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

  /** Namespaces and sessions of the events an earlier, interrupted run of the job compiled. */
  async function addEarlierRunTouched(job: JobRow, touched: Touched): Promise<void> {
    const rows = await db
      .selectDistinct({ namespace: events.namespace, sessionId: events.sessionId })
      .from(events)
      .where(
        and(
          ...scopeConditions(job),
          lte(events.createdAt, job.createdAt),
          sql`${events.compiledAt} >= ${startedAtOf(job.id)}`,
        ),
      )
      .limit(ARTIFACT_EVENT_CAP);
    for (const r of rows) {
      touched.namespaces.add(r.namespace);
      touched.sessions.add(r.sessionId);
    }
  }

  /** Compiles the scope's pending events chunk by chunk; between chunks, a shutdown stops it (Interrupted). */
  async function compileEvents(job: JobRow, touched: Touched): Promise<number> {
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
      if (closed) throw new Interrupted();
      const chunkStarted = performance.now();
      const where = and(...conds, lte(events.createdAt, until), pending, afterId ? gt(events.id, afterId) : undefined);
      const rows = await db.select(COMPILE_COLUMNS).from(events).where(where).orderBy(asc(events.id)).limit(CHUNK);
      if (rows.length === 0) break;
      afterId = rows[rows.length - 1]!.id;
      const done = await applyChunk(job, rows, chunkStarted);
      compiled += done.length;
      for (const r of done) {
        touched.namespaces.add(r.namespace);
        touched.sessions.add(r.sessionId);
      }
      if (rows.length < CHUNK) break;
    }
    return compiled;
  }

  /** Rebuilds the artifacts of the namespaces and sessions the job touched. */
  async function buildArtifacts(job: JobRow, touched: Touched) {
    const scope = { tenantId: job.tenantId, environment: job.environment };
    const options = job.options as { minPatternStrength?: number; artifactTypes?: ArtifactType[] };
    const conds = scopeConditions(job);
    const namespaces = [...touched.namespaces];
    const f = job.filters as Filters;
    const memoryRows = await db
      .select(STORED_MEMORY_COLUMNS)
      .from(memories)
      .where(
        and(
          eq(memories.tenantId, job.tenantId),
          eq(memories.environment, job.environment),
          eq(memories.status, 'active'),
          inArray(memories.namespace, namespaces),
          f.subjectId ? eq(memories.subjectId, f.subjectId) : undefined,
          f.agentId ? eq(memories.agentId, f.agentId) : undefined,
        ),
      )
      .orderBy(sql`${memories.lastSeenAt} desc`)
      .limit(ARTIFACT_MEMORY_CAP);
    const sessions = [...touched.sessions];
    const sessionEvents = await db
      .select(COMPILE_COLUMNS)
      .from(events)
      .where(
        and(
          eq(events.tenantId, job.tenantId),
          eq(events.environment, job.environment),
          inArray(events.namespace, namespaces),
          inArray(events.sessionId, sessions.slice(0, 5000)),
        ),
      )
      .orderBy(sql`${events.id} desc`)
      .limit(ARTIFACT_EVENT_CAP);
    // Agent-trace history of the scope, so recurring procedures across sessions are seen.
    const traceEvents = await db
      .select(COMPILE_COLUMNS)
      .from(events)
      .where(and(...conds, inArray(events.namespace, namespaces), sql`${events.type} <> 'message'`))
      .orderBy(sql`${events.id} desc`)
      .limit(ARTIFACT_EVENT_CAP);
    const byId = new Map([...sessionEvents, ...traceEvents].map((e) => [e.id, e]));
    const compilerEvents = [...byId.values()].sort((a, b) => (a.id < b.id ? -1 : 1)).map(toCompilerEvent);
    const drafts = compiler.buildArtifacts({
      memories: memoryRows.map(toStoredMemory),
      events: compilerEvents,
      artifactTypes: options.artifactTypes,
      minPatternStrength: options.minPatternStrength,
    });
    const wanted = options.artifactTypes ? new Set<string>(options.artifactTypes) : undefined;
    // The compiler applies minPatternStrength; the type filter is re-checked here as a guard.
    const kept = wanted ? drafts.filter((d) => wanted.has(d.type)) : drafts;
    const artifacts = await db.transaction(async (tx) => {
      await database.rows(sql`select pg_advisory_xact_lock(hashtext(${`hx-learn-apply:${job.scopeKey}`}))`, tx);
      return applier.applyArtifacts(tx, scope, kept, new Date());
    });
    return { artifacts, patternsFound: kept.filter((d) => isProcedural(d.type)).length };
  }

  /** Compiles the job's pending events, rebuilds its artifacts and records it completed. */
  async function compileAndComplete(job: JobRow): Promise<void> {
    const earlier = recordedStats(job).eventsProcessed;
    const touched: Touched = { namespaces: new Set(), sessions: new Set() };
    const compiled = await compileEvents(job, touched);
    let artifacts = { ...ZERO_ARTIFACTS, byType: {} as Record<string, number> };
    let patterns: SQL = sql`'{}'::jsonb`;
    const started = performance.now();
    // Nothing compiled by the job: nothing to rebuild (re-running an incremental learn changes nothing).
    if (earlier + compiled > 0) {
      // The artifacts are one more unit of work: not begun once shutting down.
      if (closed) throw new Interrupted();
      if (earlier > 0) await addEarlierRunTouched(job, touched);
      const built = await buildArtifacts(job, touched);
      artifacts = built.artifacts;
      patterns = sql`jsonb_build_object('patternsFound', ${built.patternsFound}::int)`;
    }
    const stats = sql`${statsPlus({ compilationMs: elapsedMs(started) })} || ${patterns}`;
    await db
      .update(learnJobs)
      .set({ status: 'completed', stats, artifacts, finishedAt: new Date() })
      .where(eq(learnJobs.id, job.id));
    if (earlier + compiled > 0) maintenance.afterWrites();
  }

  async function fail(job: JobRow, err: unknown): Promise<void> {
    const message =
      err instanceof AppError
        ? err.message
        : `compilation failed (${(err as Error)?.name ?? 'Error'}); see server logs for request ${job.requestId ?? job.id}`;
    logger.error({ err, cause: (err as { cause?: Error })?.cause?.message, jobId: job.id }, 'learn job failed');
    await db
      .update(learnJobs)
      .set({ status: 'failed', error: message, finishedAt: new Date() })
      .where(eq(learnJobs.id, job.id))
      .catch((e) => logger.error({ err: e, jobId: job.id }, 'could not record learn job failure'));
  }

  /**
   * Hands a job stopped by shutdown back: queued again, its committed chunks compiled, its counts kept.
   * Its next run (BullMQ: the next worker; in process: the next start) continues after them.
   */
  async function release(jobId: string, err: unknown): Promise<void> {
    // Not between chunks: the shutdown timeout closed the database under a chunk, which rolled back.
    if (!(err instanceof Interrupted)) logger.warn({ err, jobId }, 'learn job stopped mid-chunk by shutdown');
    try {
      await db
        .update(learnJobs)
        .set({ status: 'queued' })
        .where(and(eq(learnJobs.id, jobId), eq(learnJobs.status, 'running')));
      logger.info({ jobId }, 'learn job interrupted by shutdown: queued to resume');
    } catch (e) {
      // The database is gone already: the job stays running, and crash recovery takes it up.
      logger.warn({ err: e, jobId }, 'could not requeue the interrupted learn job');
    }
  }

  /** The runner's processor: claims, compiles, records the outcome. Never throws for a failed compile. */
  async function runJob(jobId: string): Promise<JobOutcome> {
    // Shutting down: take no new job. It stays queued (BullMQ: for another worker; in process: the next start).
    if (closed) return 'interrupted';
    let job: JobRow | 'busy' | undefined;
    try {
      job = await claim(jobId);
    } catch (err) {
      if (closed) return 'interrupted';
      // The database is unreachable: try again later, as when another process holds the job.
      if (isDatabaseUnavailable(err)) return 'busy';
      throw err;
    }
    if (job === 'busy') return 'busy';
    if (!job) return 'done';
    try {
      await compileAndComplete(job);
      return 'done';
    } catch (err) {
      // Whatever stops a job during shutdown (the Interrupted signal, or the database closing under it)
      // is no fault of the job: it resumes later rather than failing.
      if (closed) {
        await release(job.id, err);
        return 'interrupted';
      }
      // Nor is losing the database: the chunk rolled back, and the job (still `running`, which claim
      // takes up again) resumes after its committed chunks once the database answers.
      if (isDatabaseUnavailable(err)) {
        logger.warn({ err, jobId: job.id }, 'learn job paused: database unavailable');
        return 'busy';
      }
      await fail(job, err);
      return 'done';
    } finally {
      notifyFinished(job.id);
    }
  }

  async function load(jobId: string): Promise<JobRow | undefined> {
    const [row] = await db.select().from(learnJobs).where(eq(learnJobs.id, jobId)).limit(1);
    return row;
  }

  /** Resolves when the job is completed or failed, or after `timeoutMs` (answers the latest state). */
  async function waitFor(jobId: string, timeoutMs: number): Promise<JobRow> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const row = await load(jobId);
      if (!row) throw notFound('Learn job');
      // Shutting down: answer the state now, so the request is not what holds the drain up.
      if (row.status === 'completed' || row.status === 'failed' || Date.now() >= deadline || closed) return row;
      // Woken by this process finishing the job, or polled (another worker may run it).
      await new Promise<void>((resolve) => {
        const waiters = finished.get(jobId) ?? new Set();
        const done = () => {
          clearTimeout(timer);
          waiters.delete(done);
          resolve();
        };
        const timer = setTimeout(done, Math.min(250, Math.max(1, deadline - Date.now())));
        waiters.add(done);
        finished.set(jobId, waiters);
      });
    }
  }

  /** Jobs no live process holds, taken up at boot. */
  function orphanedJobs(): SQL {
    const waiting = or(eq(learnJobs.status, 'queued'), eq(learnJobs.status, 'running')) as SQL;
    // The embedded database belongs to this one process: whatever it left waiting is ours to run.
    if (database.driver === 'pglite') return waiting;
    // A shared PostgreSQL: another live process may hold a young job; old ones were left by a crash.
    const crashed = and(waiting, lt(learnJobs.createdAt, new Date(Date.now() - RECOVER_AFTER_MS))) as SQL;
    // BullMQ put the jobs a graceful shutdown released back on its queue; in process, they wait for us.
    if (runner.kind === 'bullmq') return crashed;
    const released = and(eq(learnJobs.status, 'queued'), isNotNull(learnJobs.startedAt)) as SQL;
    return or(crashed, released) as SQL;
  }

  // Recovery: jobs left queued or running by a stopped or crashed process are taken up again, oldest first.
  setImmediate(() => {
    if (closed) return;
    db.select({ id: learnJobs.id, tenantId: learnJobs.tenantId, environment: learnJobs.environment })
      .from(learnJobs)
      .where(orphanedJobs())
      .orderBy(asc(learnJobs.createdAt))
      .limit(1000)
      .then((rows) =>
        Promise.all(rows.map((r) => runner.enqueue({ id: r.id, lockKey: lockKeyOf(r.tenantId, r.environment) }))),
      )
      .catch((err) => {
        if (!closed) logger.warn({ err }, 'could not recover learn jobs');
      });
  });

  return {
    async start(actor: Actor, input: LearnRequest): Promise<{ status: 200 | 202; job: LearnJob }> {
      const filters: Filters = {
        namespace:
          actor.namespaceId || input.namespace
            ? await resolveWriteNamespace(services.policies, actor, input.namespace)
            : null,
        sessionId: input.sessionId ?? null,
        subjectId: input.subjectId ?? null,
        agentId: input.agentId ?? actor.agentId ?? null,
      };
      const options: Record<string, unknown> = {};
      if (input.options.minPatternStrength !== undefined) options.minPatternStrength = input.options.minPatternStrength;
      if (input.options.artifactTypes !== undefined) options.artifactTypes = [...new Set(input.options.artifactTypes)];
      const lockKey = lockKeyOf(actor.tenantId, actor.environment);
      const [row] = await db
        .insert(learnJobs)
        .values({
          id: newId('job'),
          tenantId: actor.tenantId,
          environment: actor.environment,
          scopeKey: lockKey,
          scope: input.scope,
          filters,
          options,
          status: 'queued',
          apiKeyId: actor.apiKeyId ?? null,
          requestId: actor.requestId,
        })
        .returning();
      // Redis down: the job is recorded and handed to the queue when Redis returns; no use waiting for it.
      const handed = await runner.enqueue({ id: row!.id, lockKey });
      if (!input.wait || handed === 'deferred') return { status: 202, job: toLearnJob(row!) };
      // Leave room under the server's request timeout to answer.
      const final = await waitFor(row!.id, Math.max(1000, config.REQUEST_TIMEOUT_MS - 2000));
      const done = final.status === 'completed' || final.status === 'failed';
      return { status: done ? 200 : 202, job: toLearnJob(final) };
    },

    async get(actor: Actor, jobId: string): Promise<LearnJob> {
      const [row] = await db
        .select()
        .from(learnJobs)
        .where(
          and(
            eq(learnJobs.id, jobId),
            eq(learnJobs.tenantId, actor.tenantId),
            eq(learnJobs.environment, actor.environment),
          ),
        )
        .limit(1);
      if (!row) throw notFound('Learn job');
      const f = row.filters as Filters;
      // A namespace-bound key sees only jobs of its namespace.
      if (actor.namespaceId && f.namespace !== actor.namespaceId) throw notFound('Learn job');
      return toLearnJob(row);
    },

    /** For `hx worker` and tests: process one job by id in this process. */
    runJob,
  };
}

export type LearnService = ReturnType<typeof createLearnService>;

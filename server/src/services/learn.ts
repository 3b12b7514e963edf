/**
 * Learn: compilation jobs. POST /v1/learn records a queued job and hands it to the job runner; the
 * runner calls `runJob`, which claims the job (one running learn per tenant and environment, across
 * processes), compiles the scope's events chunk by chunk through the compiler interface, applies the
 * output (learn-apply.ts) and records the counts or the error.
 */
import type { LearnJob, LearnRequest } from '@hx-memory/contract';
import { and, asc, eq, gt, inArray, isNull, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import { type ArtifactType, createCompiler } from '../compiler/index.js';
import type { Actor } from '../context.js';
import { events, learnJobs, memories } from '../db/schema/index.js';
import { AppError, notFound } from '../errors.js';
import { newId } from '../ids.js';
import { createJobRunner } from '../jobs/index.js';
import { resolveWriteNamespace } from './core-scope.js';
import type { ServiceDeps, Services } from './index.js';
import { createLearnApplier, isProcedural, toCompilerEvent, toStoredMemory } from './learn-apply.js';

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

export function createLearnService(deps: ServiceDeps, services: Services) {
  const { database, logger, config } = deps;
  const { db } = database;
  const compiler = createCompiler();
  const applier = createLearnApplier(database);
  /** Local waiters for `wait: true`, woken when this process finishes the job. */
  const finished = new Map<string, Set<() => void>>();
  let closed = false;

  const runner = createJobRunner(config, logger, (jobId) => runJob(jobId));
  deps.onShutdown(async () => {
    closed = true;
    await runner.close();
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
      const [claimed] = await tx
        .update(learnJobs)
        .set({ status: 'running', startedAt: new Date(), compiler: compiler.name })
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

  async function compile(job: JobRow) {
    const started = performance.now();
    const scope = { tenantId: job.tenantId, environment: job.environment };
    const options = job.options as { minPatternStrength?: number; artifactTypes?: ArtifactType[] };
    const conds = scopeConditions(job);
    const stats = { ...ZERO_STATS };
    const touchedNamespaces = new Set<string>();
    const touchedSessions = new Set<string>();
    // Events captured after the job was created wait for the next run.
    const until = job.createdAt;
    let afterId: string | undefined;

    for (;;) {
      if (closed) throw new AppError('internal_error', 'server shutting down');
      const where = and(
        ...conds,
        lte(events.createdAt, until),
        job.scope === 'incremental' ? isNull(events.compiledAt) : undefined,
        afterId ? gt(events.id, afterId) : undefined,
      );
      const rows = await db.select(COMPILE_COLUMNS).from(events).where(where).orderBy(asc(events.id)).limit(CHUNK);
      if (rows.length === 0) break;
      afterId = rows[rows.length - 1]!.id;
      const compilerEvents = rows.map(toCompilerEvent);
      const drafts = compiler.extract(compilerEvents);
      const now = new Date();
      await db.transaction(async (tx) => {
        await database.rows(sql`select pg_advisory_xact_lock(hashtext(${`hx-learn-apply:${job.scopeKey}`}))`, tx);
        // The chunk's lookups pass thousands of ids as one array: plan them with the values (hashed
        // lookups), not as a cached generic plan that compares each row with each id.
        await database.rows(sql`select set_config('plan_cache_mode', 'force_custom_plan', true)`, tx);
        const { result } = await applier.applyMemories(tx, scope, drafts, now);
        stats.memoriesProcessed += result.processed;
        stats.memoriesCreated += result.created;
        stats.memoriesMerged += result.merged;
        stats.memoriesSuperseded += result.superseded;
        await tx
          .update(events)
          .set({ compiledAt: now })
          .where(
            and(
              eq(events.tenantId, job.tenantId),
              sql`${events.id} = any(${sql.param(rows.map((r) => r.id))}::text[])`,
            ),
          );
      });
      stats.eventsProcessed += rows.length;
      for (const r of rows) {
        touchedNamespaces.add(r.namespace);
        touchedSessions.add(r.sessionId);
      }
      if (rows.length < CHUNK) break;
    }

    let artifactResult = { ...ZERO_ARTIFACTS, byType: {} as Record<string, number> };
    // Nothing new compiled: nothing to rebuild (re-running an incremental learn changes nothing).
    if (stats.eventsProcessed > 0) {
      const namespaces = [...touchedNamespaces];
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
      const sessions = [...touchedSessions];
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
      stats.patternsFound = kept.filter((d) => isProcedural(d.type)).length;
      artifactResult = await db.transaction(async (tx) => {
        await database.rows(sql`select pg_advisory_xact_lock(hashtext(${`hx-learn-apply:${job.scopeKey}`}))`, tx);
        return applier.applyArtifacts(tx, scope, kept, new Date());
      });
    }
    stats.compilationMs = Math.round((performance.now() - started) * 100) / 100;
    return { stats, artifacts: artifactResult };
  }

  /** The runner's processor: claims, compiles, records the outcome. Never throws for a failed compile. */
  async function runJob(jobId: string): Promise<'done' | 'busy'> {
    let job: JobRow | 'busy' | undefined;
    try {
      job = await claim(jobId);
    } catch (err) {
      if (closed) return 'done';
      throw err;
    }
    if (job === 'busy') return 'busy';
    if (!job) return 'done';
    try {
      const { stats, artifacts } = await compile(job);
      await db
        .update(learnJobs)
        .set({ status: 'completed', stats, artifacts, finishedAt: new Date() })
        .where(eq(learnJobs.id, job.id));
    } catch (err) {
      const message =
        err instanceof AppError
          ? err.message
          : `compilation failed (${(err as Error)?.name ?? 'Error'}); see server logs for request ${job.requestId ?? job.id}`;
      logger.error({ err, cause: (err as { cause?: Error })?.cause?.message, jobId: job.id }, 'learn job failed');
      await db
        .update(learnJobs)
        .set({ status: 'failed', error: message, finishedAt: new Date() })
        .where(eq(learnJobs.id, job.id))
        .catch((e) => logger.error({ err: e, jobId }, 'could not record learn job failure'));
    } finally {
      notifyFinished(job.id);
    }
    return 'done';
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
      if (row.status === 'completed' || row.status === 'failed' || Date.now() >= deadline) return row;
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

  // Crash recovery: jobs left queued/running well before this boot are taken up again.
  setImmediate(() => {
    if (closed) return;
    const before = new Date(Date.now() - RECOVER_AFTER_MS);
    db.select({ id: learnJobs.id, tenantId: learnJobs.tenantId, environment: learnJobs.environment })
      .from(learnJobs)
      .where(and(or(eq(learnJobs.status, 'queued'), eq(learnJobs.status, 'running')), lt(learnJobs.createdAt, before)))
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
          actor.namespaceId || input.namespace ? await resolveWriteNamespace(services, actor, input.namespace) : null,
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
      await runner.enqueue({ id: row!.id, lockKey });
      if (!input.wait) return { status: 202, job: toLearnJob(row!) };
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

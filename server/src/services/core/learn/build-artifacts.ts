/** Rebuilds the artifacts of the namespaces and sessions a learn job touched, once its events are compiled. */
import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import type { ArtifactType } from '../../../compiler/index.js';
import { events, memories } from '../../../db/schema/index.js';
import { ofEnvironment } from '../../../db/scoped-rows.js';
import { type ArtifactApplyResult, applyArtifacts } from './apply-artifacts.js';
import { COMPILE_COLUMNS, lockScopeWrites, type Touched } from './compile-events.js';
import { type Filters, type JobRow, scopeConditions, startedAtOf } from './job-row.js';
import type { LearnRuntime } from './runtime.js';
import { activeMemoriesIn, isProcedural, toCompilerEvent, toStoredMemory } from './shapes.js';
import type { StoredMemory } from '../../../compiler/index.js';

/** Most memories / events handed to the artifact builder per run. */
const ARTIFACT_MEMORY_CAP = 20_000;
const ARTIFACT_EVENT_CAP = 20_000;

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

/** Adds the namespaces and sessions of the events an earlier, interrupted run of the job compiled. */
export async function addEarlierRunTouched(rt: LearnRuntime, job: JobRow, touched: Touched): Promise<void> {
  const rows = await rt.database.db
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

/**
 * The entities' source events that no active memory was learned from but a superseded one was: the
 * digest must not list "Lisbon (place)" as a name mentioned in passing once "lives in Lisbon" is
 * superseded. Only those events are looked up (few: an entity's events all learned otherwise are not).
 */
async function supersededEventsOf(
  rt: LearnRuntime,
  job: JobRow,
  namespaces: string[],
  stored: StoredMemory[],
): Promise<string[]> {
  const learned = new Set(stored.filter((m) => m.kind !== 'entity').flatMap((m) => m.sourceEventIds));
  const unlearned = [
    ...new Set(
      stored.filter((m) => m.kind === 'entity').flatMap((m) => m.sourceEventIds.filter((id) => !learned.has(id))),
    ),
  ];
  if (unlearned.length === 0) return [];
  const rows = await rt.database.db
    .select({ ids: memories.sourceEventIds })
    .from(memories)
    .where(
      and(
        ofEnvironment(memories, job),
        eq(memories.status, 'superseded'),
        inArray(memories.namespace, namespaces),
        sql`${memories.sourceEventIds} && ${sql.param(unlearned)}::text[]`,
      ),
    );
  const wanted = new Set(unlearned);
  return [...new Set(rows.flatMap((r) => r.ids.filter((id) => wanted.has(id))))];
}

/** Rebuilds the artifacts of the namespaces and sessions the job touched. */
export async function buildArtifacts(
  rt: LearnRuntime,
  job: JobRow,
  touched: Touched,
): Promise<{ artifacts: ArtifactApplyResult; patternsFound: number }> {
  const { db } = rt.database;
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
        activeMemoriesIn(scope, namespaces),
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
        ofEnvironment(events, job),
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
  const stored = memoryRows.map(toStoredMemory);
  const drafts = rt.compiler.buildArtifacts({
    memories: stored,
    events: compilerEvents,
    supersededEvents: await supersededEventsOf(rt, job, namespaces, stored),
    artifactTypes: options.artifactTypes,
    minPatternStrength: options.minPatternStrength,
  });
  const wanted = options.artifactTypes ? new Set<string>(options.artifactTypes) : undefined;
  // The compiler applies minPatternStrength; the type filter is re-checked here as a guard.
  const kept = wanted ? drafts.filter((d) => wanted.has(d.type)) : drafts;
  const artifacts = await db.transaction(async (tx) => {
    await lockScopeWrites(rt, tx, job);
    return applyArtifacts(rt.database, tx, scope, kept, new Date());
  });
  return { artifacts, patternsFound: kept.filter((d) => isProcedural(d.type)).length };
}

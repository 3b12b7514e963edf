/**
 * Erases a subject and everything derived from it, in bounded batches of one transaction each: the
 * subject's events, the memories about it or compiled from those events, the artifacts about it or
 * built (now or in a kept earlier version) from any of those sources, the vault items redacted from its
 * events, the lineage edges touching any of them, and the query text of access-log rows that read
 * them. A crash leaves the committed batches erased; calling again continues with what is left (each
 * batch re-selects from the database), so the operation is idempotent.
 *
 * Artifacts that also cover other subjects (digests, session summaries) are retired, not patched:
 * the next learn of their sessions compiles them again from the sources that remain.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../../db/client.js';
import {
  accessLogs,
  artifactVersions,
  artifacts,
  events,
  lineageEdges,
  memories,
  vaultItems,
} from '../../../db/schema/index.js';

/** Events per batch; the memories and artifacts they lead to are bounded by the same transaction. */
export const ERASE_EVENT_BATCH = 500;
const ERASE_DERIVED_BATCH = 2000;

export interface ErasureCounts {
  events: number;
  memories: number;
  artifacts: number;
  lineageEdges: number;
  vaultItems: number;
  accessLogsScrubbed: number;
  batches: number;
}

export interface SubjectScope {
  tenantId: string;
  environment: string;
  subjectId: string;
  /** Extra condition on a row's namespace column (the caller's namespace filter), or none. */
  inScope: (column: string) => SQL;
}

const textArray = (ids: string[]): SQL =>
  ids.length === 0
    ? sql`'{}'::text[]`
    : sql`array[${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )}]::text[]`;

async function ids(database: Database, tx: Tx, query: SQL): Promise<string[]> {
  return (await database.rows<{ id: string }>(query, tx)).map((r) => r.id);
}

/** One batch: selects a bounded slice of what is left and deletes it. Answers its counts. */
async function eraseBatch(database: Database, tx: Tx, s: SubjectScope): Promise<Omit<ErasureCounts, 'batches'>> {
  const { tenantId: t, environment: env, subjectId } = s;
  const eventIds = await ids(
    database,
    tx,
    sql`select id from ${events} where tenant_id = ${t} and environment = ${env} and subject_id = ${subjectId}${s.inScope('namespace')}
        order by id limit ${ERASE_EVENT_BATCH}`,
  );
  const evs = textArray(eventIds);
  const memoryIds = await ids(
    database,
    tx,
    sql`select id from ${memories} where tenant_id = ${t} and environment = ${env}${s.inScope('namespace')}
        and (subject_id = ${subjectId} or source_event_ids && ${evs} or id in (
          select to_id from ${lineageEdges} where tenant_id = ${t} and type = 'captured_from' and from_id = any(${evs})))
        limit ${ERASE_DERIVED_BATCH}`,
  );
  const mems = textArray(memoryIds);
  const artifactIds = await ids(
    database,
    tx,
    sql`select id from ${artifacts} where tenant_id = ${t} and environment = ${env}${s.inScope('namespace')}
        and (subject_id = ${subjectId} or source_events && ${evs} or source_memories && ${mems}
          or id in (select to_id from ${lineageEdges} where tenant_id = ${t} and type = 'compiled_into' and from_id = any(${mems}))
          or id in (select artifact_id from ${artifactVersions} where tenant_id = ${t}
            and (source_events && ${evs} or source_memories && ${mems})))
        limit ${ERASE_DERIVED_BATCH}`,
  );
  const arts = textArray(artifactIds);
  // Secrets redacted out of the events live on in the vault: they go with their source.
  const vaultItemIds = await ids(
    database,
    tx,
    sql`select id from ${vaultItems} where tenant_id = ${t} and (id in (
          select to_id from ${lineageEdges} where tenant_id = ${t} and type = 'redacted_into' and from_id = any(${evs}))
          or metadata->>'eventId' = any(${evs}))`,
  );
  const vis = textArray(vaultItemIds);
  const all = textArray([...eventIds, ...memoryIds, ...artifactIds, ...vaultItemIds]);
  const scrubbed = await ids(
    database,
    tx,
    sql`update ${accessLogs} set query = null where tenant_id = ${t} and query is not null
        and (memory_ids && ${mems} or artifact_ids && ${arts}) returning id`,
  );
  const edges = await ids(
    database,
    tx,
    sql`delete from ${lineageEdges} where tenant_id = ${t} and (from_id = any(${all}) or to_id = any(${all})) returning id`,
  );
  await database.rows(sql`delete from ${vaultItems} where tenant_id = ${t} and id = any(${vis})`, tx);
  await database.rows(sql`delete from ${artifactVersions} where tenant_id = ${t} and artifact_id = any(${arts})`, tx);
  await database.rows(sql`delete from ${artifacts} where tenant_id = ${t} and id = any(${arts})`, tx);
  await database.rows(sql`delete from ${memories} where tenant_id = ${t} and id = any(${mems})`, tx);
  await database.rows(sql`delete from ${events} where tenant_id = ${t} and id = any(${evs})`, tx);
  return {
    events: eventIds.length,
    memories: memoryIds.length,
    artifacts: artifactIds.length,
    lineageEdges: edges.length,
    vaultItems: vaultItemIds.length,
    accessLogsScrubbed: scrubbed.length,
  };
}

/**
 * Erases in batches until a batch finds nothing left; `last` runs in the final batch's transaction
 * (the audit record) with the totals.
 */
export async function eraseSubject(
  database: Database,
  s: SubjectScope,
  last: (tx: Tx, totals: ErasureCounts) => Promise<void>,
): Promise<ErasureCounts> {
  const totals: ErasureCounts = {
    events: 0,
    memories: 0,
    artifacts: 0,
    lineageEdges: 0,
    vaultItems: 0,
    accessLogsScrubbed: 0,
    batches: 0,
  };
  for (;;) {
    const done = await database.db.transaction(async (tx) => {
      const n = await eraseBatch(database, tx, s);
      for (const k of Object.keys(n) as (keyof typeof n)[]) totals[k] += n[k];
      const empty = n.events + n.memories + n.artifacts + n.vaultItems === 0;
      if (!empty) totals.batches += 1;
      else await last(tx, totals);
      return empty;
    });
    if (done) return totals;
  }
}

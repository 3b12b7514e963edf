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
import { artifacts, events, lineageEdges, memories } from '../../../db/schema/index.js';
import { citesSources, ids, removeDerived, textArray, vaultItemsOf } from './derived.js';

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
        and (subject_id = ${subjectId} or ${citesSources(t, evs, mems)})
        limit ${ERASE_DERIVED_BATCH}`,
  );
  const vaultItemIds = await vaultItemsOf(database, tx, t, evs);
  const removed = await removeDerived(database, tx, t, {
    artifacts: artifactIds,
    vaultItems: vaultItemIds,
    memories: memoryIds,
    edgesOf: [...eventIds, ...memoryIds],
  });
  await database.rows(sql`delete from ${memories} where tenant_id = ${t} and id = any(${mems})`, tx);
  await database.rows(sql`delete from ${events} where tenant_id = ${t} and id = any(${evs})`, tx);
  return {
    events: eventIds.length,
    memories: memoryIds.length,
    artifacts: artifactIds.length,
    vaultItems: vaultItemIds.length,
    ...removed,
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

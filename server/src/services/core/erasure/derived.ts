/**
 * What was derived from events and memories that are being erased, shared by subject erasure
 * (erase-subject.ts) and lifecycle deletion (enterprise/lifecycle/apply.ts): the artifacts built from
 * them (now or in a kept earlier version), the vault items redacted out of the events, and the query
 * text of the access-log rows that read any of it. Everything runs on the caller's transaction.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { Database, Queryable } from '../../../db/client.js';
import { accessLogs, artifactVersions, artifacts, lineageEdges, vaultItems } from '../../../db/schema/index.js';

export const textArray = (ids: string[]): SQL =>
  ids.length === 0
    ? sql`'{}'::text[]`
    : sql`array[${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )}]::text[]`;

export async function ids(database: Database, q: Queryable, query: SQL): Promise<string[]> {
  return (await database.rows<{ id: string }>(query, q)).map((r) => r.id);
}

/** The condition on `artifacts` rows built from any of these events or memories. */
export function citesSources(tenantId: string, evs: SQL, mems: SQL): SQL {
  return sql`(source_events && ${evs} or source_memories && ${mems}
    or id in (select to_id from ${lineageEdges} where tenant_id = ${tenantId} and type = 'compiled_into' and from_id = any(${mems}))
    or id in (select artifact_id from ${artifactVersions} where tenant_id = ${tenantId}
      and (source_events && ${evs} or source_memories && ${mems})))`;
}

/** Artifacts built from these sources, in any namespace and environment of the tenant. */
export function artifactsCiting(database: Database, q: Queryable, tenantId: string, evs: SQL, mems: SQL) {
  return ids(
    database,
    q,
    sql`select id from ${artifacts} where tenant_id = ${tenantId} and ${citesSources(tenantId, evs, mems)}`,
  );
}

/** Secrets redacted out of these events live on in the vault: they go with their source. */
export function vaultItemsOf(database: Database, q: Queryable, tenantId: string, evs: SQL) {
  return ids(
    database,
    q,
    sql`select id from ${vaultItems} where tenant_id = ${tenantId} and (id in (
          select to_id from ${lineageEdges} where tenant_id = ${tenantId} and type = 'redacted_into' and from_id = any(${evs}))
          or metadata->>'eventId' = any(${evs}))`,
  );
}

/** Access-log rows that still hold the query text of a read of these memories or artifacts. */
export function accessLogsReading(database: Database, q: Queryable, tenantId: string, mems: SQL, arts: SQL) {
  return ids(
    database,
    q,
    sql`select id from ${accessLogs} where tenant_id = ${tenantId} and query is not null
        and (memory_ids && ${mems} or artifact_ids && ${arts})`,
  );
}

export interface DerivedRemoval {
  artifacts: string[];
  vaultItems: string[];
  /** Memories whose reads' query text is scrubbed (their rows themselves are the caller's). */
  memories: string[];
  /** Ids whose lineage edges go too (the artifacts and vault items always do). */
  edgesOf: string[];
}

/**
 * Deletes the artifacts (with their versions) and vault items, the lineage edges touching them or
 * `edgesOf`, and scrubs the query text of access logs that read them. Answers the counts.
 */
export async function removeDerived(database: Database, q: Queryable, tenantId: string, d: DerivedRemoval) {
  const t = tenantId;
  const arts = textArray(d.artifacts);
  const vis = textArray(d.vaultItems);
  const all = textArray([...d.edgesOf, ...d.artifacts, ...d.vaultItems]);
  const scrubbed = await ids(
    database,
    q,
    sql`update ${accessLogs} set query = null where tenant_id = ${t} and query is not null
        and (memory_ids && ${textArray(d.memories)} or artifact_ids && ${arts}) returning id`,
  );
  const edges = await ids(
    database,
    q,
    sql`delete from ${lineageEdges} where tenant_id = ${t} and (from_id = any(${all}) or to_id = any(${all})) returning id`,
  );
  await database.rows(sql`delete from ${vaultItems} where tenant_id = ${t} and id = any(${vis})`, q);
  await database.rows(sql`delete from ${artifactVersions} where tenant_id = ${t} and artifact_id = any(${arts})`, q);
  await database.rows(sql`delete from ${artifacts} where tenant_id = ${t} and id = any(${arts})`, q);
  return { lineageEdges: edges.length, accessLogsScrubbed: scrubbed.length };
}

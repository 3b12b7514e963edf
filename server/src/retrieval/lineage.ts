/**
 * The lineage the context packer needs, read from learn's lineage edges (event -captured_from->
 * memory, memory -compiled_into-> artifact) in one statement for a pack's candidates: which memories
 * each candidate event was learned into, with their status, and which superseded memories each
 * candidate artifact was compiled from. Both walk the edges' indexes from the few candidate ids
 * (the unique (tenant, from, to, type) index from events, lineage_to_idx to artifacts), then the
 * memories by primary key: cost grows with the pack, not the tenant.
 * The look-up starts early (prefetchLineage, beside the neighbour and entity statements) for the ids
 * most likely to be packed, and only the ids it missed are read after the pack is chosen: one round
 * trip less on the request's critical path in most calls (issue 29).
 * Also the standing profile of a named subject (what an agent should know of the person it talks
 * to whatever the query says).
 */
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import type { CandidateRow } from './candidates.js';
import { type RetrievalScope, scopeConditions } from './scope.js';

export interface LearnedMemory {
  id: string;
  content: string;
  kind: string;
  /** Superseded at the scope's point in time (now, or asOf). */
  superseded: boolean;
  validFrom: string | Date | null;
  validTo: string | Date | null;
}

export interface PackLineage {
  /**
   * Candidate event id -> the memories learned from it (active or superseded, not deleted), but
   * entities: "Melanie (person)" is learned from every turn naming her and says none of their facts.
   */
  memoriesOfEvent: Map<string, LearnedMemory[]>;
  /** Candidate artifact id -> contents of the superseded memories it was compiled from. */
  supersededInArtifact: Map<string, string[]>;
}

/** A memory learned from an event, as a lineage statement returns it. */
export interface LearnedRow {
  id: string;
  content: string;
  kind: string;
  status: string;
  valid_from: string | Date | null;
  valid_to: string | Date | null;
}

interface LineageRow extends LearnedRow {
  candidate: string;
  edge: 'captured_from' | 'compiled_into';
}

/** The memories a packer weighs against an event: active or superseded, entities left out (PackLineage). */
function learnedFilter(scope: RetrievalScope): SQL {
  return sql`m.tenant_id = ${scope.tenantId} and m.environment = ${scope.environment}
      and m.status in ('active', 'superseded') and m.kind <> 'entity'`;
}

/**
 * A column `learned`: the memories learned from the event `eventId` (a column reference) as a JSON
 * array, for the statements that bring new turns into a pack (neighbours, entity hops), so their
 * lineage needs no statement of its own.
 */
export function learnedColumn(scope: RetrievalScope, eventId: SQL): SQL {
  return sql`(select coalesce(json_agg(json_build_object('id', m.id, 'content', m.content, 'kind', m.kind,
        'status', m.status, 'valid_from', m.valid_from, 'valid_to', m.valid_to)), '[]'::json)
      from lineage_edges e join memories m on m.id = e.to_id
      where e.tenant_id = ${scope.tenantId} and e.type = 'captured_from' and e.from_id = ${eventId}
        and ${learnedFilter(scope)}) as learned`;
}

function toTime(v: string | Date | null): number | null {
  if (!v) return null;
  const t = (v instanceof Date ? v : new Date(v)).getTime();
  return Number.isNaN(t) ? null : t;
}

/** A lineage look-up started before the pack's candidates are final (ids it covers, and its answer). */
export interface LineagePrefetch {
  events: Set<string>;
  artifacts: Set<string>;
  result: Promise<PackLineage>;
}

/** Starts reading the lineage of these candidates now; completeLineage adds what the final pack needs beyond them. */
export function prefetchLineage(
  database: Database,
  scope: RetrievalScope,
  eventIds: string[],
  artifactIds: string[],
): LineagePrefetch {
  const result = fetchPackLineage(database, scope, eventIds, artifactIds);
  // Awaited by completeLineage; a failure surfaces there, not as an unhandled rejection meanwhile.
  result.catch(() => {});
  return { events: new Set(eventIds), artifacts: new Set(artifactIds), result };
}

/**
 * The lineage of the final pack's candidates: the prefetched part, what rows brought in by the
 * neighbour and entity statements carry (`learned`, see learnedColumn), and one statement for the ids
 * neither covers (none in most calls).
 */
export async function completeLineage(
  database: Database,
  scope: RetrievalScope,
  prefetch: LineagePrefetch | undefined,
  eventRows: ReadonlyArray<Pick<CandidateRow, 'id' | 'learned'>>,
  artifactIds: string[],
): Promise<PackLineage> {
  const carried = new Map<string, LearnedRow[]>();
  for (const row of eventRows) if (Array.isArray(row.learned)) carried.set(row.id, row.learned);
  const covered = (id: string) => prefetch?.events.has(id) || carried.has(id);
  const missingEvents = [...new Set(eventRows.map((r) => r.id))].filter((id) => !covered(id));
  const missingArtifacts = [...new Set(artifactIds)].filter((id) => !prefetch?.artifacts.has(id));
  const [early, late] = await Promise.all([
    prefetch?.result,
    fetchPackLineage(database, scope, missingEvents, missingArtifacts),
  ]);
  const out = early ?? { memoriesOfEvent: new Map(), supersededInArtifact: new Map() };
  for (const [id, learned] of carried)
    if (!out.memoriesOfEvent.has(id) && !prefetch?.events.has(id))
      for (const r of learned) addRow(out, scope, { ...r, candidate: id, edge: 'captured_from' });
  for (const [id, memories] of late.memoriesOfEvent) out.memoriesOfEvent.set(id, memories);
  for (const [id, contents] of late.supersededInArtifact) out.supersededInArtifact.set(id, contents);
  return out;
}

/** Files one lineage row under its candidate. */
function addRow(out: PackLineage, scope: RetrievalScope, r: LineageRow): void {
  // As of a past time, a memory superseded later was current then.
  const asOf = scope.asOf?.getTime();
  const validTo = toTime(r.valid_to);
  const superseded = r.status === 'superseded' && (asOf === undefined || (validTo !== null && validTo <= asOf));
  if (r.edge === 'compiled_into') {
    if (!superseded) return;
    const list = out.supersededInArtifact.get(r.candidate) ?? [];
    list.push(r.content);
    out.supersededInArtifact.set(r.candidate, list);
    return;
  }
  const list = out.memoriesOfEvent.get(r.candidate) ?? [];
  list.push({ id: r.id, content: r.content, kind: r.kind, superseded, validFrom: r.valid_from, validTo: r.valid_to });
  out.memoriesOfEvent.set(r.candidate, list);
}

export async function fetchPackLineage(
  database: Database,
  scope: RetrievalScope,
  eventIds: string[],
  artifactIds: string[],
): Promise<PackLineage> {
  const out: PackLineage = { memoriesOfEvent: new Map(), supersededInArtifact: new Map() };
  if (eventIds.length === 0 && artifactIds.length === 0) return out;
  const rows = await database.rows<LineageRow>(sql`
    select e.from_id as candidate, 'captured_from' as edge, m.id, m.content, m.kind, m.status,
      m.valid_from, m.valid_to
    from lineage_edges e join memories m on m.id = e.to_id
    where e.tenant_id = ${scope.tenantId} and e.type = 'captured_from'
      and e.from_id = any(${sql.param(eventIds)}::text[]) and ${learnedFilter(scope)}
    union all
    select e.to_id as candidate, 'compiled_into' as edge, m.id, m.content, m.kind, m.status,
      m.valid_from, m.valid_to
    from lineage_edges e join memories m on m.id = e.from_id
    where e.tenant_id = ${scope.tenantId} and e.type = 'compiled_into'
      and e.to_id = any(${sql.param(artifactIds)}::text[])
      and m.tenant_id = ${scope.tenantId} and m.environment = ${scope.environment}
      and m.status = 'superseded'`);
  for (const r of rows) addRow(out, scope, r);
  return out;
}

/** The newest profile artifact of the subject in the scope, if any (the columns of a candidate row). */
export async function fetchSubjectProfile(
  database: Database,
  scope: RetrievalScope,
  subjectId: string,
): Promise<CandidateRow | undefined> {
  const [row] = await database.rows<CandidateRow>(sql`
    select d.id, d.markdown as text, d.search::text as tsv, d.updated_at as occurred_at, d.session_id,
      d.type as kind, d.confidence, d.created_at as valid_from, null::timestamptz as valid_to,
      d.subject_id as speaker, d.source_events as source_ids, d.evidence_count, null::int as mentions, d.updated_at
    from artifacts d
    where ${scopeConditions('artifact', scope)} and d.type = 'profile' and d.subject_id = ${subjectId}
    order by d.updated_at desc
    limit 1`);
  return row;
}

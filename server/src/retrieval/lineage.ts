/**
 * The lineage the context packer needs, read from learn's lineage edges (event -captured_from->
 * memory, memory -compiled_into-> artifact) in one statement for a pack's candidates: which memories
 * each candidate event was learned into, with their status, and which superseded memories each
 * candidate artifact was compiled from. Both walk the edges' indexes from the few candidate ids
 * (the unique (tenant, from, to, type) index from events, lineage_to_idx to artifacts), then the
 * memories by primary key: cost grows with the pack, not the tenant. The same statement reads when
 * each candidate episode was told (`attributes.saidAt`), by primary key; a kind with no ids is left
 * out of the statement.
 * Also the standing profile of a named subject (what an agent should know of the person it talks
 * to whatever the query says).
 */
import { type SQL, sql } from 'drizzle-orm';
import { subjectSlug } from '../compiler/normalise.js';
import type { Database } from '../db/client.js';
import { type CandidateRow, jsonRows, selectColumns } from './candidates.js';
import { timeOf } from './query-time.js';
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
   * entities: "Melanie (person)" is learned from every turn naming her and says none of their facts;
   * and procedures: one learned from a run cites each of its steps, and the failing test run says
   * none of the fix (taken for it, the packer left a playbook's fix out as said already).
   */
  memoriesOfEvent: Map<string, LearnedMemory[]>;
  /** Candidate artifact id -> contents of the superseded memories it was compiled from. */
  supersededInArtifact: Map<string, string[]>;
  /**
   * Candidate episode id -> when the turn it was learned from was told (`attributes.saidAt`, as learn
   * wrote it; episodes learned before 2026-11-30 have none). Read here, for the pack's few episodes,
   * rather than with every candidate memory.
   */
  toldAt: Map<string, string>;
}

interface LineageRow {
  candidate: string;
  edge: 'captured_from' | 'compiled_into' | 'told_at';
  id: string;
  content: string;
  kind: string;
  status: string;
  valid_from: string | Date | null;
  valid_to: string | Date | null;
}

export async function fetchPackLineage(
  database: Database,
  scope: RetrievalScope,
  eventIds: string[],
  artifactIds: string[],
  episodeIds: string[] = [],
): Promise<PackLineage> {
  const out: PackLineage = { memoriesOfEvent: new Map(), supersededInArtifact: new Map(), toldAt: new Map() };
  if (eventIds.length === 0 && artifactIds.length === 0 && episodeIds.length === 0) return out;
  // Only the branches with ids to look up: a branch over an empty array still costs its planning.
  const branches: SQL[] = [];
  if (eventIds.length > 0)
    branches.push(sql`
    select e.from_id as candidate, 'captured_from' as edge, m.id, m.content, m.kind, m.status,
      m.valid_from, m.valid_to
    from lineage_edges e join memories m on m.id = e.to_id
    where e.tenant_id = ${scope.tenantId} and e.type = 'captured_from'
      and e.from_id = any(${sql.param(eventIds)}::text[])
      and m.tenant_id = ${scope.tenantId} and m.environment = ${scope.environment}
      and m.status in ('active', 'superseded') and m.kind not in ('entity', 'procedure')`);
  if (artifactIds.length > 0)
    branches.push(sql`
    select e.to_id as candidate, 'compiled_into' as edge, m.id, m.content, m.kind, m.status,
      m.valid_from, m.valid_to
    from lineage_edges e join memories m on m.id = e.from_id
    where e.tenant_id = ${scope.tenantId} and e.type = 'compiled_into'
      and e.to_id = any(${sql.param(artifactIds)}::text[])
      and m.tenant_id = ${scope.tenantId} and m.environment = ${scope.environment}
      and m.status = 'superseded'`);
  if (episodeIds.length > 0)
    branches.push(sql`
    select m.id as candidate, 'told_at' as edge, m.id, m.attributes->>'saidAt' as content, m.kind, m.status,
      m.valid_from, m.valid_to
    from memories m
    where m.id = any(${sql.param(episodeIds)}::text[]) and m.tenant_id = ${scope.tenantId}
      and m.environment = ${scope.environment} and m.attributes ? 'saidAt'`);
  // As JSON: a pack's lineage is up to a few hundred rows of eight columns (candidates.ts jsonRows).
  const rows = await jsonRows<LineageRow>(database, sql.join(branches, sql` union all `));
  const asOf = scope.asOf?.getTime();
  for (const r of rows) {
    if (r.edge === 'told_at') {
      if (typeof r.content === 'string') out.toldAt.set(r.candidate, r.content);
      continue;
    }
    // As of a past time, a memory superseded later was current then.
    const validTo = timeOf(r.valid_to);
    const superseded = r.status === 'superseded' && (asOf === undefined || (validTo !== null && validTo <= asOf));
    if (r.edge === 'compiled_into') {
      if (!superseded) continue;
      const list = out.supersededInArtifact.get(r.candidate) ?? [];
      list.push(r.content);
      out.supersededInArtifact.set(r.candidate, list);
      continue;
    }
    const list = out.memoriesOfEvent.get(r.candidate) ?? [];
    list.push({
      id: r.id,
      content: r.content,
      kind: r.kind,
      superseded,
      validFrom: r.valid_from,
      validTo: r.valid_to,
    });
    out.memoriesOfEvent.set(r.candidate, list);
  }
  return out;
}

/** Profiles joined to a pack for its subject at most: the subject's own and the people around them. */
export const SUBJECT_PROFILES = 3;

/** A profile joined to a subject's pack: `own` when it is the subject's, not a person they spoke of. */
export type SubjectProfile = CandidateRow & { own: boolean };

/**
 * The profiles learned under the subject id (the columns of a candidate row): the subject's own first
 * (keyed by its name), then the people the subject spoke of (a husband's diet, a daughter's school),
 * the best evidenced first. Not the last updated alone: that was whoever was spoken of last.
 */
export async function fetchSubjectProfiles(
  database: Database,
  scope: RetrievalScope,
  subjectId: string,
): Promise<SubjectProfile[]> {
  return database.rows<SubjectProfile>(sql`
    select ${selectColumns('artifact')}, d.key = ${subjectSlug(subjectId)} as own
    from artifacts d
    where ${scopeConditions('artifact', scope)} and d.type = 'profile' and d.subject_id = ${subjectId}
    order by (d.key = ${subjectSlug(subjectId)}) desc, d.evidence_count desc, d.updated_at desc
    limit ${SUBJECT_PROFILES}`);
}

/**
 * Applies memory drafts inside a learn transaction: drafts are merged into near-duplicates (mentions
 * and confidence grow, no copies), newer values of a subject+attribute supersede older ones
 * (supersede.ts), and every write gets its lineage edges. Merging is idempotent per source event, so
 * compiling the same events again changes nothing.
 */
import { and, sql } from 'drizzle-orm';
import type { MemoryDraft } from '../../../compiler/index.js';
import type { Database, Tx } from '../../../db/client.js';
import { memories } from '../../../db/schema/index.js';
import { ofEnvironment } from '../../../db/scoped-rows.js';
import { newId } from '../../../ids.js';
import { insertEdges } from './insert-edges.js';
import { clamp01, type Edge, placeOf, round, type Scope, tombstoneKey, union } from './shapes.js';
import { type Contender, supersede } from './supersede.js';

export interface MemoryApplyResult {
  processed: number;
  created: number;
  merged: number;
  superseded: number;
}

type MemoryRow = typeof memories.$inferSelect;
/** What merging reads of a stored memory. */
type LookupRow = Pick<
  MemoryRow,
  | 'id'
  | 'namespace'
  | 'dedupeKey'
  | 'status'
  | 'validTo'
  | 'sourceEventIds'
  | 'confidence'
  | 'mentions'
  | 'lastSeenAt'
  | 'attributes'
>;

const lastSeenOf = (d: MemoryDraft) => d.lastSeenAt ?? d.occurredAt ?? d.validFrom;

/** Drafts of one compile with the same namespace and dedupe key become one. */
function combineDrafts(drafts: MemoryDraft[]): MemoryDraft[] {
  const byKey = new Map<string, MemoryDraft>();
  for (const d of drafts) {
    const k = `${d.namespace}\u0000${d.dedupeKey}`;
    const seen = byKey.get(k);
    if (!seen) {
      byKey.set(k, { ...d, sourceEventIds: [...new Set(d.sourceEventIds)] });
      continue;
    }
    const later = d.validFrom.getTime() >= seen.validFrom.getTime() ? d : seen;
    byKey.set(k, {
      ...later,
      validFrom: seen.validFrom.getTime() <= d.validFrom.getTime() ? seen.validFrom : d.validFrom,
      confidence: Math.max(seen.confidence, d.confidence),
      attributes: { ...seen.attributes, ...d.attributes },
      sourceEventIds: union(seen.sourceEventIds, d.sourceEventIds),
      mentions: (seen.mentions ?? 1) + (d.mentions ?? 1),
      lastSeenAt: lastSeenOf(seen).getTime() >= lastSeenOf(d).getTime() ? lastSeenOf(seen) : lastSeenOf(d),
    });
  }
  return [...byKey.values()];
}

/** New memories in one statement (rows as one JSON parameter). */
async function insertMemories(
  database: Database,
  tx: Tx,
  scope: Scope,
  rows: (typeof memories.$inferInsert)[],
  now: Date,
) {
  if (rows.length === 0) return;
  const payload = JSON.stringify(
    rows.map((r) => ({
      id: r.id,
      namespace: r.namespace,
      subject_id: r.subjectId ?? null,
      session_id: r.sessionId ?? null,
      agent_id: r.agentId ?? null,
      kind: r.kind,
      content: r.content,
      attribute_key: r.attributeKey ?? null,
      dedupe_key: r.dedupeKey,
      attributes: r.attributes ?? {},
      confidence: r.confidence,
      mentions: r.mentions ?? 1,
      status: r.status ?? 'active',
      valid_from: (r.validFrom as Date).toISOString(),
      valid_to: r.validTo ? r.validTo.toISOString() : null,
      occurred_at: r.occurredAt ? r.occurredAt.toISOString() : null,
      last_seen_at: (r.lastSeenAt as Date).toISOString(),
      source_event_ids: r.sourceEventIds ?? [],
    })),
  );
  await database.rows(
    sql`insert into ${memories} (id, tenant_id, environment, namespace, subject_id, session_id, agent_id, kind, content,
          attribute_key, dedupe_key, attributes, confidence, mentions, status, valid_from, valid_to, occurred_at,
          last_seen_at, source_event_ids, created_at, updated_at)
        select v.id, ${scope.tenantId}, ${scope.environment}, v.namespace, v.subject_id, v.session_id, v.agent_id, v.kind,
          v.content, v.attribute_key, v.dedupe_key, v.attributes, v.confidence, v.mentions, v.status, v.valid_from,
          v.valid_to, v.occurred_at, v.last_seen_at, v.source_event_ids, ${now.toISOString()}::timestamptz,
          ${now.toISOString()}::timestamptz
        from jsonb_to_recordset(${payload}::text::jsonb) as v(id text, namespace text, subject_id text, session_id text,
          agent_id text, kind text, content text, attribute_key text, dedupe_key text, attributes jsonb, confidence real,
          mentions int, status text, valid_from timestamptz, valid_to timestamptz, occurred_at timestamptz,
          last_seen_at timestamptz, source_event_ids text[])`,
    tx,
  );
}

/** What a merge changes on a stored memory. */
interface MergeUpdate {
  id: string;
  mentions: number;
  confidence: number;
  lastSeenAt: Date;
  /** Source events not yet on the memory: appended in SQL, the stored list is not sent back. */
  freshIds: string[];
  attributes: Record<string, unknown>;
}

/** The merged memories' new counts, in one statement (rows as one JSON parameter). */
async function updateMergedMemories(database: Database, tx: Tx, scope: Scope, updates: MergeUpdate[], now: Date) {
  if (updates.length === 0) return;
  const payload = JSON.stringify(
    updates.map((u) => ({
      id: u.id,
      mentions: u.mentions,
      confidence: u.confidence,
      last_seen_at: u.lastSeenAt.toISOString(),
      fresh_ids: u.freshIds,
      attributes: u.attributes,
    })),
  );
  await database.rows(
    sql`update ${memories} m set mentions = v.mentions, confidence = v.confidence, last_seen_at = v.last_seen_at,
          source_event_ids = m.source_event_ids || v.fresh_ids, attributes = v.attributes, updated_at = ${now.toISOString()}::timestamptz
        from jsonb_to_recordset(${payload}::text::jsonb) as v(id text, mentions int, confidence real,
          last_seen_at timestamptz, fresh_ids text[], attributes jsonb)
        where m.id = v.id and m.tenant_id = ${scope.tenantId}`,
    tx,
  );
}

/** Merges memory drafts into stored memories; answers the counts and the ids touched. */
export async function applyMemories(database: Database, tx: Tx, scope: Scope, rawDrafts: MemoryDraft[], now: Date) {
  const result: MemoryApplyResult = { processed: 0, created: 0, merged: 0, superseded: 0 };
  const drafts = combineDrafts(rawDrafts);
  result.processed = drafts.length;
  if (drafts.length === 0) return { result, touchedIds: [] as string[] };

  const namespaces = [...new Set(drafts.map((d) => d.namespace))];
  const lookupKeys = [...new Set(drafts.flatMap((d) => [d.dedupeKey, tombstoneKey(d.dedupeKey)]))];
  // Arrays as one parameter each (thousands of keys per chunk), planned with their values (hashed).
  const rows: LookupRow[] = await tx
    .select({
      id: memories.id,
      namespace: memories.namespace,
      dedupeKey: memories.dedupeKey,
      status: memories.status,
      validTo: memories.validTo,
      sourceEventIds: memories.sourceEventIds,
      confidence: memories.confidence,
      mentions: memories.mentions,
      lastSeenAt: memories.lastSeenAt,
      attributes: memories.attributes,
    })
    .from(memories)
    .where(
      and(
        ofEnvironment(memories, scope),
        sql`${memories.namespace} = any(${sql.param(namespaces)}::text[])`,
        sql`${memories.dedupeKey} = any(${sql.param(lookupKeys)}::text[])`,
      ),
    );
  const byDedupe = new Map<string, LookupRow[]>();
  for (const r of rows) {
    const k = `${r.namespace}\u0000${r.dedupeKey}`;
    byDedupe.set(k, [...(byDedupe.get(k) ?? []), r]);
  }

  const inserts: (typeof memories.$inferInsert)[] = [];
  const updates: MergeUpdate[] = [];
  const edges: Edge[] = [];
  const touched: string[] = [];
  /** New memories that carry an attribute key: candidates for supersession. */
  const contenders: Contender[] = [];

  for (const d of drafts) {
    const candidates = byDedupe.get(`${d.namespace}\u0000${d.dedupeKey}`) ?? [];
    if ((byDedupe.get(`${d.namespace}\u0000${tombstoneKey(d.dedupeKey)}`) ?? []).length > 0) continue;
    const active = candidates.find((r) => r.status === 'active');
    // A superseded memory absorbs re-compiles of what it was built from, not a later re-statement.
    const closed = candidates.find(
      (r) => r.status === 'superseded' && (r.validTo === null || d.validFrom.getTime() <= r.validTo.getTime()),
    );
    const target = active ?? closed;
    const lastSeen = lastSeenOf(d);
    if (target) {
      const known = new Set(target.sourceEventIds);
      const fresh = d.sourceEventIds.filter((id) => !known.has(id));
      // Idempotent per source event: what was compiled before is not counted again.
      if (fresh.length === 0) continue;
      const added = Math.max(1, Math.round(((d.mentions ?? 1) * fresh.length) / Math.max(1, d.sourceEventIds.length)));
      const confidence = clamp01(Math.max(target.confidence, d.confidence) + 0.05 * added);
      const sourceEventIds = union(target.sourceEventIds, fresh);
      const mentions = target.mentions + added;
      const lastSeenAt = lastSeen.getTime() > target.lastSeenAt.getTime() ? lastSeen : target.lastSeenAt;
      updates.push({
        id: target.id,
        mentions,
        confidence: round(confidence),
        lastSeenAt,
        freshIds: fresh,
        attributes: { ...target.attributes, ...d.attributes },
      });
      Object.assign(target, { mentions, confidence, lastSeenAt, sourceEventIds });
      for (const e of fresh) edges.push({ from: e, to: target.id, type: 'captured_from' });
      touched.push(target.id);
      result.merged += 1;
      continue;
    }
    const id = newId('mem');
    const row = {
      id,
      ...placeOf(scope, d),
      agentId: d.agentId,
      kind: d.kind,
      content: d.content,
      attributeKey: d.attributeKey,
      dedupeKey: d.dedupeKey,
      attributes: d.attributes,
      confidence: round(clamp01(d.confidence)),
      mentions: Math.max(1, d.mentions ?? 1),
      status: 'active',
      validFrom: d.validFrom,
      validTo: null,
      occurredAt: d.occurredAt,
      lastSeenAt: lastSeen,
      sourceEventIds: d.sourceEventIds,
      createdAt: now,
      updatedAt: now,
    } satisfies typeof memories.$inferInsert;
    inserts.push(row);
    byDedupe.set(`${d.namespace}\u0000${d.dedupeKey}`, [...candidates, row]);
    for (const e of d.sourceEventIds) edges.push({ from: e, to: id, type: 'captured_from' });
    if (d.attributeKey)
      contenders.push({
        id,
        namespace: d.namespace,
        attributeKey: d.attributeKey,
        validFrom: d.validFrom,
        dedupeKey: d.dedupeKey,
        replaces: stringsOf(d.attributes.replaces),
        endsValue: valueEnded(d.attributes),
        endsSlots: stringsOf(d.attributes.endsSlotsIn),
      });
    touched.push(id);
    result.created += 1;
  }

  await insertMemories(database, tx, scope, inserts, now);
  await updateMergedMemories(database, tx, scope, updates, now);

  result.superseded = await supersede(database, tx, scope, contenders, edges, now);
  await insertEdges(database, tx, scope, edges);
  return { result, touchedIds: touched };
}

/** An attribute's strings (`replaces`: the keys a memory says it replaces; `endsSlotsIn`), if any. */
function stringsOf(value: unknown): string[] | undefined {
  return Array.isArray(value) ? value.filter((k): k is string => typeof k === 'string') : undefined;
}

/**
 * The slots of the value a memory says ended by name (`attributes.endsValueIn`, with its `object` or
 * `value`, or the head word `endsHead`: "graduated" ends an occupation that is a student's), if any.
 */
function valueEnded(attributes: Record<string, unknown>): Contender['endsValue'] {
  const prefixes = attributes.endsValueIn;
  const head = typeof attributes.endsHead === 'string' ? attributes.endsHead : undefined;
  const value = head ?? attributes.object ?? attributes.value;
  if (!Array.isArray(prefixes) || typeof value !== 'string') return undefined;
  return {
    slotPrefixes: prefixes.filter((p): p is string => typeof p === 'string'),
    value,
    ...(head ? { byHead: true } : {}),
  };
}

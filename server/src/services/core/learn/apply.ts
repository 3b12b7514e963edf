/**
 * Applies compiler output to the database inside a learn transaction: memory drafts are merged into
 * near-duplicates (mentions and confidence grow, no copies), newer values of a subject+attribute
 * supersede older ones, artifacts are created or versioned, and every write gets its lineage edges.
 * Merging is idempotent per source event, so compiling the same events again changes nothing.
 */
import type { ArtifactDraft, CompilerEvent, MemoryDraft, StoredMemory } from '../../../compiler/index.js';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../../db/client.js';
import { artifactVersions, artifacts, lineageEdges, memories } from '../../../db/schema/index.js';
import { newId } from '../../../ids.js';
import { canonicalJson, sha256 } from '../capture/normalize.js';

export interface Scope {
  tenantId: string;
  environment: string;
}

export interface MemoryApplyResult {
  processed: number;
  created: number;
  merged: number;
  superseded: number;
}

export interface ArtifactApplyResult {
  created: number;
  updated: number;
  unchanged: number;
  byType: Record<string, number>;
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

const PROCEDURAL = new Set(['task_schema', 'failure_playbook', 'causal_pattern', 'decision_policy']);
export const isProcedural = (type: string) => PROCEDURAL.has(type);

/** Dedupe key of a deleted memory's tombstone: the same draft never brings it back. */
export const tombstoneKey = (dedupeKey: string) => `deleted:${sha256(dedupeKey)}`;

const union = (a: string[], b: string[]) => [...new Set([...a, ...b])];
const round = (n: number) => Math.round(n * 1000) / 1000;
const clamp01 = (n: number) => Math.min(0.99, Math.max(0.01, n));

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

export function toStoredMemory(
  r: Pick<
    MemoryRow,
    | 'id'
    | 'kind'
    | 'subjectId'
    | 'sessionId'
    | 'agentId'
    | 'namespace'
    | 'content'
    | 'dedupeKey'
    | 'attributeKey'
    | 'attributes'
    | 'confidence'
    | 'validFrom'
    | 'occurredAt'
    | 'sourceEventIds'
    | 'mentions'
    | 'status'
    | 'validTo'
    | 'lastSeenAt'
  >,
): StoredMemory {
  return {
    id: r.id,
    kind: r.kind as StoredMemory['kind'],
    subjectId: r.subjectId,
    sessionId: r.sessionId,
    agentId: r.agentId,
    namespace: r.namespace,
    content: r.content,
    dedupeKey: r.dedupeKey,
    attributeKey: r.attributeKey,
    attributes: r.attributes,
    confidence: r.confidence,
    validFrom: r.validFrom,
    occurredAt: r.occurredAt,
    sourceEventIds: r.sourceEventIds,
    mentions: r.mentions,
    status: r.status as StoredMemory['status'],
    validTo: r.validTo,
    lastSeenAt: r.lastSeenAt,
  };
}

/** Keeps only the compiler's fields of a row that may carry more columns. */
export function toCompilerEvent(r: CompilerEvent): CompilerEvent {
  return {
    id: r.id,
    type: r.type,
    sessionId: r.sessionId,
    namespace: r.namespace,
    subjectId: r.subjectId,
    agentId: r.agentId,
    payload: r.payload,
    metadata: r.metadata,
    text: r.text,
    occurredAt: r.occurredAt,
  };
}

export function createLearnApplier(database: Database) {
  /** All edges in one statement (rows as one JSON parameter; the query builder cost ~1 ms per 10 rows). */
  async function insertEdges(tx: Tx, scope: Scope, edges: { from: string; to: string; type: string }[]) {
    if (edges.length === 0) return;
    const rows = edges.map((e) => ({ id: newId('edge'), f: e.from, t: e.to, y: e.type }));
    await database.rows(
      sql`insert into ${lineageEdges} (id, tenant_id, from_id, to_id, type)
          select v.id, ${scope.tenantId}, v.f, v.t, v.y
          from jsonb_to_recordset(${JSON.stringify(rows)}::text::jsonb) as v(id text, f text, t text, y text)
          on conflict do nothing`,
      tx,
    );
  }

  /** New memories in one statement (rows as one JSON parameter). */
  async function insertMemories(tx: Tx, scope: Scope, rows: (typeof memories.$inferInsert)[], now: Date) {
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

  /** Merges memory drafts into stored memories; answers the counts and the ids touched. */
  async function applyMemories(tx: Tx, scope: Scope, rawDrafts: MemoryDraft[], now: Date) {
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
          eq(memories.tenantId, scope.tenantId),
          eq(memories.environment, scope.environment),
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
    const updates: {
      id: string;
      mentions: number;
      confidence: number;
      lastSeenAt: Date;
      /** Source events not yet on the memory: appended in SQL, the stored list is not sent back. */
      freshIds: string[];
      attributes: Record<string, unknown>;
    }[] = [];
    const edges: { from: string; to: string; type: string }[] = [];
    const touched: string[] = [];
    /** New memories that carry an attribute key: candidates for supersession. */
    const contenders: { id: string; namespace: string; attributeKey: string; validFrom: Date; dedupeKey: string }[] =
      [];

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
        const added = Math.max(
          1,
          Math.round(((d.mentions ?? 1) * fresh.length) / Math.max(1, d.sourceEventIds.length)),
        );
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
        tenantId: scope.tenantId,
        environment: scope.environment,
        namespace: d.namespace,
        subjectId: d.subjectId,
        sessionId: d.sessionId,
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
        });
      touched.push(id);
      result.created += 1;
    }

    await insertMemories(tx, scope, inserts, now);
    if (updates.length > 0) {
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

    result.superseded = await supersede(tx, scope, contenders, edges, now);
    await insertEdges(tx, scope, edges);
    return { result, touchedIds: touched };
  }

  /**
   * For each subject+attribute a new memory speaks of, the values in time order: each one closes the
   * one before it (validTo, supersededBy, status superseded) and a supersedes edge records it.
   */
  async function supersede(
    tx: Tx,
    scope: Scope,
    contenders: { id: string; namespace: string; attributeKey: string; validFrom: Date; dedupeKey: string }[],
    edges: { from: string; to: string; type: string }[],
    now: Date,
  ): Promise<number> {
    if (contenders.length === 0) return 0;
    const attrKeys = [...new Set(contenders.map((c) => c.attributeKey))];
    const namespaces = [...new Set(contenders.map((c) => c.namespace))];
    const rows = await tx
      .select({
        id: memories.id,
        namespace: memories.namespace,
        attributeKey: memories.attributeKey,
        validFrom: memories.validFrom,
      })
      .from(memories)
      .where(
        and(
          eq(memories.tenantId, scope.tenantId),
          eq(memories.environment, scope.environment),
          eq(memories.status, 'active'),
          inArray(memories.namespace, namespaces),
          inArray(memories.attributeKey, attrKeys),
        ),
      );
    const groups = new Map<string, { id: string; validFrom: Date }[]>();
    for (const r of rows) {
      const k = `${r.namespace}\u0000${r.attributeKey}`;
      groups.set(k, [...(groups.get(k) ?? []), { id: r.id, validFrom: r.validFrom }]);
    }
    const closes: { id: string; valid_to: string; superseded_by: string }[] = [];
    const touchedGroups = new Set(contenders.map((c) => `${c.namespace}\u0000${c.attributeKey}`));
    for (const k of touchedGroups) {
      const list = (groups.get(k) ?? []).sort(
        (a, b) => a.validFrom.getTime() - b.validFrom.getTime() || (a.id < b.id ? -1 : 1),
      );
      for (let i = 0; i + 1 < list.length; i++) {
        const older = list[i]!;
        const newer = list[i + 1]!;
        closes.push({ id: older.id, valid_to: newer.validFrom.toISOString(), superseded_by: newer.id });
        edges.push({ from: newer.id, to: older.id, type: 'supersedes' });
      }
    }
    if (closes.length > 0) {
      await database.rows(
        sql`update ${memories} m set status = 'superseded', valid_to = v.valid_to, superseded_by = v.superseded_by, updated_at = ${now.toISOString()}::timestamptz
            from jsonb_to_recordset(${JSON.stringify(closes)}::text::jsonb) as v(id text, valid_to timestamptz, superseded_by text)
            where m.id = v.id and m.tenant_id = ${scope.tenantId}`,
        tx,
      );
    }
    return closes.length;
  }

  /** The stored, versioned part of an artifact draft, with the fingerprint that detects a change. */
  type ArtifactValues = Pick<
    ArtifactDraft,
    'title' | 'content' | 'markdown' | 'confidence' | 'evidenceCount' | 'sourceEvents' | 'sourceMemories'
  > & { fingerprint: string };

  function fingerprint(d: ArtifactDraft): string {
    return sha256(
      canonicalJson({
        title: d.title,
        content: d.content,
        markdown: d.markdown,
        confidence: round(d.confidence),
        evidenceCount: d.evidenceCount,
        sourceEvents: [...d.sourceEvents].sort(),
        sourceMemories: [...d.sourceMemories].sort(),
      }),
    );
  }

  /** Creates new artifacts, versions changed ones (the old version is kept), leaves equal ones alone. */
  async function applyArtifacts(
    tx: Tx,
    scope: Scope,
    drafts: ArtifactDraft[],
    now: Date,
  ): Promise<ArtifactApplyResult> {
    const result: ArtifactApplyResult = { created: 0, updated: 0, unchanged: 0, byType: {} };
    if (drafts.length === 0) return result;
    const unique = new Map<string, ArtifactDraft>();
    for (const d of drafts) unique.set(`${d.namespace}\u0000${d.type}\u0000${d.key}`, d);
    const list = [...unique.values()];
    const keys = [...new Set(list.map((d) => d.key))];
    const existing = await tx
      .select()
      .from(artifacts)
      .where(
        and(
          eq(artifacts.tenantId, scope.tenantId),
          eq(artifacts.environment, scope.environment),
          inArray(artifacts.key, keys),
        ),
      );
    const byIdentity = new Map(existing.map((a) => [`${a.namespace}\u0000${a.type}\u0000${a.key}`, a]));
    const inserts: (typeof artifacts.$inferInsert)[] = [];
    const changed: { id: string; version: number; values: ArtifactValues }[] = [];
    const edges: { from: string; to: string; type: string }[] = [];
    const bump = (type: string) => {
      result.byType[type] = (result.byType[type] ?? 0) + 1;
    };
    for (const d of list) {
      const fp = fingerprint(d);
      const old = byIdentity.get(`${d.namespace}\u0000${d.type}\u0000${d.key}`);
      const values: ArtifactValues = {
        title: d.title,
        content: d.content,
        markdown: d.markdown,
        confidence: round(Math.min(1, Math.max(0, d.confidence))),
        evidenceCount: d.evidenceCount,
        sourceEvents: [...new Set(d.sourceEvents)],
        sourceMemories: [...new Set(d.sourceMemories)],
        fingerprint: fp,
      };
      if (!old) {
        const id = newId('art');
        inserts.push({
          id,
          tenantId: scope.tenantId,
          environment: scope.environment,
          namespace: d.namespace,
          subjectId: d.subjectId,
          sessionId: d.sessionId,
          type: d.type,
          key: d.key,
          status: 'active',
          version: 1,
          createdAt: now,
          updatedAt: now,
          ...values,
        });
        for (const m of values.sourceMemories) edges.push({ from: m, to: id, type: 'compiled_into' });
        result.created += 1;
        bump(d.type);
        continue;
      }
      if (old.fingerprint === fp && old.status === 'active') {
        result.unchanged += 1;
        continue;
      }
      changed.push({ id: old.id, version: old.version + 1, values });
      for (const m of values.sourceMemories) {
        if (!old.sourceMemories.includes(m)) edges.push({ from: m, to: old.id, type: 'compiled_into' });
      }
      result.updated += 1;
      bump(d.type);
    }
    if (changed.length > 0) {
      // The version being replaced is kept as it is stored (read above under the same lock), then all
      // changed artifacts are updated in one statement: two statements whatever the count.
      await database.rows(
        sql`insert into ${artifactVersions} (artifact_id, version, tenant_id, title, content, markdown, confidence,
              evidence_count, source_events, source_memories, created_at)
            select id, version, tenant_id, title, content, markdown, confidence, evidence_count, source_events,
              source_memories, updated_at
            from ${artifacts} where tenant_id = ${scope.tenantId} and id = any(${sql.param(changed.map((c) => c.id))}::text[])
            on conflict do nothing`,
        tx,
      );
      const payload = JSON.stringify(
        changed.map(({ id, version, values: v }) => ({
          id,
          version,
          title: v.title,
          content: v.content,
          markdown: v.markdown,
          confidence: v.confidence,
          evidence_count: v.evidenceCount,
          source_events: v.sourceEvents,
          source_memories: v.sourceMemories,
          fingerprint: v.fingerprint,
        })),
      );
      await database.rows(
        sql`update ${artifacts} a set title = v.title, content = v.content, markdown = v.markdown, confidence = v.confidence,
              evidence_count = v.evidence_count, source_events = v.source_events, source_memories = v.source_memories,
              fingerprint = v.fingerprint, status = 'active', version = v.version, updated_at = ${now.toISOString()}::timestamptz
            from jsonb_to_recordset(${payload}::text::jsonb) as v(id text, version int, title text, content jsonb,
              markdown text, confidence real, evidence_count int, source_events text[], source_memories text[],
              fingerprint text)
            where a.id = v.id and a.tenant_id = ${scope.tenantId}`,
        tx,
      );
    }
    for (let i = 0; i < inserts.length; i += 200) await tx.insert(artifacts).values(inserts.slice(i, i + 200));
    await insertEdges(tx, scope, edges);
    return result;
  }

  return { applyMemories, applyArtifacts };
}

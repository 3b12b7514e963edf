/**
 * Applies artifact drafts inside a learn transaction: new artifacts are created, changed ones get a
 * new version (the replaced version is kept in artifact_versions), equal ones are left alone; new
 * source memories get compiled_into edges.
 */
import { and, inArray, sql } from 'drizzle-orm';
import type { ArtifactDraft } from '../../../compiler/index.js';
import type { Database, Tx } from '../../../db/client.js';
import { artifacts, artifactVersions } from '../../../db/schema/index.js';
import { ofEnvironment } from '../../../db/scoped-rows.js';
import { newId } from '../../../ids.js';
import { canonicalJson, sha256 } from '../capture/normalize.js';
import { insertEdges } from './insert-edges.js';
import { type Edge, placeOf, round, type Scope } from './shapes.js';

export interface ArtifactApplyResult {
  created: number;
  updated: number;
  unchanged: number;
  byType: Record<string, number>;
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
export async function applyArtifacts(
  database: Database,
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
    .where(and(ofEnvironment(artifacts, scope), inArray(artifacts.key, keys)));
  const byIdentity = new Map(existing.map((a) => [`${a.namespace}\u0000${a.type}\u0000${a.key}`, a]));
  const inserts: (typeof artifacts.$inferInsert)[] = [];
  const changed: { id: string; version: number; values: ArtifactValues }[] = [];
  const edges: Edge[] = [];
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
        ...placeOf(scope, d),
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
  await insertEdges(database, tx, scope, edges);
  return result;
}

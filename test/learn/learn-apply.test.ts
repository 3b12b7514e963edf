/**
 * Applying compiler output to the database, on hand-written drafts (independent of what the
 * compiler extracts): near-duplicate merging, idempotency per source event, supersession, artifact
 * versioning and lineage edges.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ArtifactDraft, MemoryDraft } from '../../server/src/compiler/types.js';
import { type Database, openDatabase } from '../../server/src/db/client.js';
import { migrate } from '../../server/src/db/migrate.js';
import { artifactVersions, artifacts, lineageEdges, memories } from '../../server/src/db/schema/index.js';
import { applyArtifacts } from '../../server/src/services/core/learn/apply-artifacts.js';
import { applyMemories } from '../../server/src/services/core/learn/apply-memories.js';

let database: Database;
let n = 0;
const scope = () => ({ tenantId: `ten_apply_${Date.now()}_${++n}`, environment: 'live' });

beforeAll(async () => {
  database = await openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir: 'memory://' });
  await migrate(database);
});
afterAll(async () => {
  await database?.close();
});

function draft(over: Partial<MemoryDraft>): MemoryDraft {
  return {
    kind: 'fact',
    subjectId: 'user-1',
    sessionId: 's1',
    agentId: null,
    namespace: 'default',
    content: 'User likes tea',
    dedupeKey: 'user-1|likes tea',
    attributeKey: null,
    attributes: {},
    confidence: 0.6,
    validFrom: new Date('2024-01-01T00:00:00Z'),
    occurredAt: new Date('2024-01-01T00:00:00Z'),
    sourceEventIds: ['evt_a'],
    ...over,
  };
}

const apply = (s: { tenantId: string; environment: string }, drafts: MemoryDraft[]) =>
  database.db.transaction((tx) => applyMemories(database, tx, s, drafts, new Date()));

const memoriesOf = (tenantId: string) =>
  database.db.select().from(memories).where(eq(memories.tenantId, tenantId)).orderBy(memories.validFrom);

const edgesOf = (tenantId: string, type: string) =>
  database.db
    .select()
    .from(lineageEdges)
    .where(and(eq(lineageEdges.tenantId, tenantId), eq(lineageEdges.type, type)));

describe('memory merging', () => {
  it('creates a memory with captured_from edges from each source event', async () => {
    const s = scope();
    const { result } = await apply(s, [draft({ sourceEventIds: ['evt_a', 'evt_b'] })]);
    expect(result).toMatchObject({ processed: 1, created: 1, merged: 0, superseded: 0 });
    const [m] = await memoriesOf(s.tenantId);
    expect(m).toMatchObject({ status: 'active', mentions: 1, content: 'User likes tea' });
    const edges = await edgesOf(s.tenantId, 'captured_from');
    expect(edges.map((e) => e.fromId).sort()).toEqual(['evt_a', 'evt_b']);
    expect(edges.every((e) => e.toId === m!.id)).toBe(true);
  });

  it('merges a near-duplicate: mentions and confidence grow, last-seen moves, no copy', async () => {
    const s = scope();
    await apply(s, [draft({})]);
    const later = new Date('2024-02-01T00:00:00Z');
    const { result } = await apply(s, [draft({ sourceEventIds: ['evt_b'], occurredAt: later, validFrom: later })]);
    expect(result).toMatchObject({ created: 0, merged: 1 });
    const rows = await memoriesOf(s.tenantId);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.mentions).toBe(2);
    expect(rows[0]!.confidence).toBeGreaterThan(0.6);
    expect(rows[0]!.lastSeenAt.toISOString()).toBe(later.toISOString());
    expect([...rows[0]!.sourceEventIds].sort()).toEqual(['evt_a', 'evt_b']);
  });

  it('is idempotent per source event: compiling the same events again changes nothing', async () => {
    const s = scope();
    await apply(s, [draft({})]);
    const before = await memoriesOf(s.tenantId);
    const { result } = await apply(s, [draft({})]);
    expect(result).toMatchObject({ created: 0, merged: 0, superseded: 0 });
    const after = await memoriesOf(s.tenantId);
    expect(after).toEqual(before);
    expect(await edgesOf(s.tenantId, 'captured_from')).toHaveLength(1);
  });

  it('combines duplicate drafts of one run into one memory', async () => {
    const s = scope();
    const { result } = await apply(s, [draft({ sourceEventIds: ['evt_1'] }), draft({ sourceEventIds: ['evt_2'] })]);
    expect(result.created).toBe(1);
    const rows = await memoriesOf(s.tenantId);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.mentions).toBe(2);
  });

  it('keeps tenants apart: the same dedupe key in another tenant is another memory', async () => {
    const a = scope();
    const b = scope();
    await apply(a, [draft({})]);
    const { result } = await apply(b, [draft({})]);
    expect(result.created).toBe(1);
  });
});

describe('supersession', () => {
  const paris = (over: Partial<MemoryDraft> = {}) =>
    draft({
      content: 'User lives in Paris',
      dedupeKey: 'user-1|lives in paris',
      attributeKey: 'user-1:location',
      validFrom: new Date('2024-01-01T00:00:00Z'),
      sourceEventIds: ['evt_paris'],
      ...over,
    });
  const berlin = (over: Partial<MemoryDraft> = {}) =>
    draft({
      content: 'User moved to Berlin',
      dedupeKey: 'user-1|lives in berlin',
      attributeKey: 'user-1:location',
      validFrom: new Date('2024-03-01T00:00:00Z'),
      occurredAt: new Date('2024-03-01T00:00:00Z'),
      sourceEventIds: ['evt_berlin'],
      ...over,
    });

  it('a newer value closes the older memory (validTo, supersededBy, status) with a supersedes edge', async () => {
    const s = scope();
    await apply(s, [paris()]);
    const { result } = await apply(s, [berlin()]);
    expect(result.superseded).toBe(1);
    const [old, current] = await memoriesOf(s.tenantId);
    expect(old).toMatchObject({ content: 'User lives in Paris', status: 'superseded', supersededBy: current!.id });
    expect(old!.validTo?.toISOString()).toBe('2024-03-01T00:00:00.000Z');
    expect(current).toMatchObject({ status: 'active', validTo: null });
    const edges = await edgesOf(s.tenantId, 'supersedes');
    expect(edges).toEqual([expect.objectContaining({ fromId: current!.id, toId: old!.id })]);
  });

  it('orders by time, not by arrival: an older value learnt later is closed at once', async () => {
    const s = scope();
    await apply(s, [berlin()]);
    await apply(s, [paris()]);
    const rows = await memoriesOf(s.tenantId);
    const p = rows.find((r) => r.content.includes('Paris'))!;
    const b = rows.find((r) => r.content.includes('Berlin'))!;
    expect(p.status).toBe('superseded');
    expect(p.supersededBy).toBe(b.id);
    expect(b.status).toBe('active');
  });

  it('re-compiling the superseded statement does not revive it', async () => {
    const s = scope();
    await apply(s, [paris()]);
    await apply(s, [berlin()]);
    const { result } = await apply(s, [paris(), berlin()]);
    expect(result).toMatchObject({ created: 0, merged: 0, superseded: 0 });
    const rows = await memoriesOf(s.tenantId);
    expect(rows.filter((r) => r.status === 'active').map((r) => r.content)).toEqual(['User moved to Berlin']);
  });

  it('only the same subject+attribute supersedes', async () => {
    const s = scope();
    await apply(s, [paris()]);
    await apply(s, [berlin({ attributeKey: 'user-2:location', subjectId: 'user-2' })]);
    const rows = await memoriesOf(s.tenantId);
    expect(rows.every((r) => r.status === 'active')).toBe(true);
  });
});

describe('artifacts', () => {
  function artifact(over: Partial<ArtifactDraft> = {}): ArtifactDraft {
    return {
      type: 'profile',
      key: 'user-1',
      namespace: 'default',
      subjectId: 'user-1',
      sessionId: null,
      title: 'Profile of user-1',
      content: { facts: ['likes tea'] },
      markdown: '# user-1\n- likes tea',
      confidence: 0.7,
      evidenceCount: 1,
      sourceEvents: ['evt_a'],
      sourceMemories: ['mem_1'],
      ...over,
    };
  }
  const applyArt = (s: { tenantId: string; environment: string }, drafts: ArtifactDraft[]) =>
    database.db.transaction((tx) => applyArtifacts(database, tx, s, drafts, new Date()));

  it('creates, leaves an equal rebuild unchanged, and versions a changed one keeping the old version', async () => {
    const s = scope();
    expect(await applyArt(s, [artifact()])).toMatchObject({
      created: 1,
      updated: 0,
      unchanged: 0,
      byType: { profile: 1 },
    });
    expect(await applyArt(s, [artifact()])).toMatchObject({ created: 0, updated: 0, unchanged: 1, byType: {} });
    const changed = artifact({
      content: { facts: ['likes tea', 'lives in Berlin'] },
      markdown: '# user-1\n- likes tea\n- lives in Berlin',
      sourceMemories: ['mem_1', 'mem_2'],
      evidenceCount: 2,
    });
    expect(await applyArt(s, [changed])).toMatchObject({ updated: 1, byType: { profile: 1 } });
    const [row] = await database.db.select().from(artifacts).where(eq(artifacts.tenantId, s.tenantId));
    expect(row).toMatchObject({ version: 2, evidenceCount: 2 });
    const versions = await database.db.select().from(artifactVersions).where(eq(artifactVersions.artifactId, row!.id));
    expect(versions).toHaveLength(1);
    expect(versions[0]).toMatchObject({ version: 1, markdown: '# user-1\n- likes tea' });
    const edges = await edgesOf(s.tenantId, 'compiled_into');
    expect(edges.map((e) => e.fromId).sort()).toEqual(['mem_1', 'mem_2']);
    expect(edges.every((e) => e.toId === row!.id)).toBe(true);
  });

  it('keys artifacts by namespace, type and key', async () => {
    const s = scope();
    const res = await applyArt(s, [artifact(), artifact({ namespace: 'other' }), artifact({ type: 'timeline' })]);
    expect(res.created).toBe(3);
    const [{ count }] = (await database.rows<{ count: number }>(
      sql`select count(*)::int as count from artifacts where tenant_id = ${s.tenantId}`,
    )) as [{ count: number }];
    expect(count).toBe(3);
  });
});

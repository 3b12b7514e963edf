/** Memories routes through real HTTP: list/get/delete, forgetting a subject along lineage, isolation. */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auth, createApiKey, namespaceBoundKey, newTenant, useTestServer } from '../helpers/index.js';

const server = useTestServer();

type Memory = {
  id: string;
  content: string;
  kind: string;
  status: string;
  subjectId: string | null;
  sourceEventIds: string[];
} & Record<string, unknown>;

async function seed(key: string) {
  const events = [
    { subjectId: 'alice', sessionId: 'a1', content: 'I live in Paris. I love jazz music and I work as a pilot.' },
    { subjectId: 'alice', sessionId: 'a1', content: 'Please always call me Ali.' },
    { subjectId: 'bob', sessionId: 'b1', content: 'I live in Oslo. I love skiing and I work as a chef.' },
  ].map((e, i) => ({
    type: 'message',
    sessionId: e.sessionId,
    subjectId: e.subjectId,
    payload: { role: 'user', content: e.content },
    occurredAt: new Date(Date.UTC(2024, 1, 1, 9, i)).toISOString(),
  }));
  const cap = await server.http().post('/v1/capture/batch').set(auth(key)).send({ events });
  expect(cap.status).toBe(201);
  const job = await server.http().post('/v1/learn').set(auth(key)).send({ wait: true });
  expect(job.body.data.status).toBe('completed');
}

async function list(key: string, query = '') {
  const res = await server.http().get(`/v1/memories?limit=100${query}`).set(auth(key));
  expect(res.status).toBe(200);
  return res.body.data.memories as Memory[];
}

describe('GET /v1/memories', () => {
  it('lists memories newest first with the full shape, filters by subject, kind and status', async () => {
    const { apiKey } = await newTenant(server);
    await seed(apiKey);
    const all = await list(apiKey);
    expect(all.length).toBeGreaterThan(1);
    const m = all[0]!;
    expect(m.id).toMatch(/^mem_/);
    for (const k of ['kind', 'namespace', 'content', 'validFrom', 'lastSeenAt', 'status', 'createdAt', 'updatedAt'])
      expect(m[k]).toEqual(expect.any(String));
    expect(m.confidence).toEqual(expect.any(Number));
    expect(m.mentions).toBeGreaterThanOrEqual(1);
    expect(m.sourceEventIds.length).toBeGreaterThan(0);
    expect(all.map((x) => x.id)).toEqual([...all.map((x) => x.id)].sort().reverse());
    const alice = await list(apiKey, '&subjectId=alice');
    expect(alice.length).toBeGreaterThan(0);
    expect(alice.every((x) => x.subjectId === 'alice')).toBe(true);
    const kind = all[0]!.kind;
    expect((await list(apiKey, `&kind=${kind}`)).every((x) => x.kind === kind)).toBe(true);
    expect((await list(apiKey, '&status=superseded')).every((x) => x.status === 'superseded')).toBe(true);
  });

  it('pages with a cursor and records the reads in the access log', async () => {
    const { apiKey, user } = await newTenant(server);
    await seed(apiKey);
    const all = await list(apiKey);
    const ids: string[] = [];
    let cursor: string | undefined;
    for (let i = 0; i < 50; i++) {
      const res = await server
        .http()
        .get('/v1/memories')
        .query({ limit: 1, ...(cursor ? { cursor } : {}) })
        .set(auth(apiKey));
      ids.push(...res.body.data.memories.map((x: { id: string }) => x.id));
      cursor = res.body.data.pagination.cursor;
      if (!res.body.data.pagination.hasMore) break;
    }
    expect(ids).toEqual(all.map((x) => x.id));
    // The access log is written behind (audit/access-log.ts); reading the table directly, write it first.
    await server.ctx.services.accessLog.flush();
    const logs = await server.ctx.database.rows<{ memory_ids: string[] }>(
      sql`select memory_ids from access_logs where tenant_id = ${user.tenantId} and operation = 'memories.list'`,
    );
    expect(logs.flatMap((l) => l.memory_ids)).toEqual(expect.arrayContaining(all.map((x) => x.id)));
  });

  it('validates the query', async () => {
    const { apiKey } = await newTenant(server);
    const res = await server.http().get('/v1/memories?kind=rumour&status=gone&limit=0').set(auth(apiKey));
    expect(res.status).toBe(400);
    expect(res.body.error.details.map((d: { field: string }) => d.field)).toEqual(
      expect.arrayContaining(['query.kind', 'query.status', 'query.limit']),
    );
  });
});

describe('GET and DELETE /v1/memories/:id', () => {
  it('gets a memory; deleting erases it, keeps it from coming back on a full re-learn, and deprecates its artifacts', async () => {
    const { apiKey } = await newTenant(server);
    await seed(apiKey);
    const [m] = await list(apiKey, '&subjectId=alice');
    const got = await server.http().get(`/v1/memories/${m!.id}`).set(auth(apiKey));
    expect(got.status).toBe(200);
    expect(got.body.data).toEqual(m);
    const del = await server.http().delete(`/v1/memories/${m!.id}`).set(auth(apiKey));
    expect(del.status).toBe(200);
    expect(del.body.data).toMatchObject({ id: m!.id, deleted: true });
    expect((await server.http().get(`/v1/memories/${m!.id}`).set(auth(apiKey))).status).toBe(404);
    expect((await server.http().delete(`/v1/memories/${m!.id}`).set(auth(apiKey))).status).toBe(404);
    const [row] = await server.ctx.database.rows<{ content: string; status: string }>(
      sql`select content, status from memories where id = ${m!.id}`,
    );
    expect(row).toEqual({ content: '', status: 'deleted' });
    const full = await server.http().post('/v1/learn').set(auth(apiKey)).send({ scope: 'full', wait: true });
    expect(full.body.data.status).toBe('completed');
    const after = await list(apiKey);
    expect(after.find((x) => x.content === m!.content)).toBeUndefined();
  });

  it('another tenant, environment or namespace cannot read or delete it', async () => {
    const a = await newTenant(server);
    const b = await newTenant(server);
    await seed(a.apiKey);
    const [m] = await list(a.apiKey);
    expect((await server.http().get(`/v1/memories/${m!.id}`).set(auth(b.apiKey))).status).toBe(404);
    expect((await server.http().delete(`/v1/memories/${m!.id}`).set(auth(b.apiKey))).status).toBe(404);
    const testKey = await createApiKey(server, a.user, { environment: 'test' });
    expect((await server.http().get(`/v1/memories/${m!.id}`).set(auth(testKey))).status).toBe(404);
    expect(await list(testKey)).toEqual([]);
    const { key: bound } = await namespaceBoundKey(server, a.user);
    expect((await server.http().get(`/v1/memories/${m!.id}`).set(auth(bound))).status).toBe(404);
    expect((await server.http().get('/v1/memories?namespace=default').set(auth(bound))).status).toBe(403);
    expect((await server.http().get(`/v1/memories/${m!.id}`).set(auth(a.apiKey))).status).toBe(200);
  });
});

describe('DELETE /v1/subjects/:subjectId', () => {
  it("forgets the subject's events, memories and artifacts along lineage, and nothing of others", async () => {
    const { apiKey, user } = await newTenant(server);
    await seed(apiKey);
    const bobBefore = await list(apiKey, '&subjectId=bob');
    const res = await server.http().delete('/v1/subjects/alice').set(auth(apiKey));
    expect(res.status).toBe(200);
    const { deleted } = res.body.data;
    expect(res.body.data.subjectId).toBe('alice');
    expect(deleted.events).toBe(2);
    expect(deleted.memories).toBeGreaterThan(0);
    expect(deleted.lineageEdges).toBeGreaterThan(0);
    const left = await server.ctx.database.rows<{ n: number }>(
      sql`select count(*)::int as n from events where tenant_id = ${user.tenantId} and subject_id = 'alice'`,
    );
    expect(left[0]!.n).toBe(0);
    expect(await list(apiKey, '&subjectId=alice')).toEqual([]);
    const all = await list(apiKey);
    expect(all.some((x) => /paris|jazz|pilot/i.test(x.content))).toBe(false);
    const arts = (await server.http().get('/v1/artifacts?limit=100').set(auth(apiKey))).body.data.artifacts;
    expect(arts.some((a: { markdown: string }) => /paris|jazz|pilot/i.test(a.markdown))).toBe(false);
    expect(arts.some((a: { subjectId: string }) => a.subjectId === 'alice')).toBe(false);
    expect(await list(apiKey, '&subjectId=bob')).toEqual(bobBefore);
    const audit = await server.ctx.database.rows<{ action: string }>(
      sql`select action from audit_logs where tenant_id = ${user.tenantId} and action = 'subject.forget'`,
    );
    expect(audit).toHaveLength(1);
    // Forgetting an unknown subject answers zero counts.
    const none = await server.http().delete('/v1/subjects/nobody').set(auth(apiKey));
    expect(none.body.data.deleted).toEqual({
      events: 0,
      memories: 0,
      artifacts: 0,
      lineageEdges: 0,
      vaultItems: 0,
      accessLogsScrubbed: 0,
    });
  });

  it("touches only the caller's tenant and environment", async () => {
    const a = await newTenant(server);
    const b = await newTenant(server);
    await seed(a.apiKey);
    const res = await server.http().delete('/v1/subjects/alice').set(auth(b.apiKey));
    expect(res.body.data.deleted.events).toBe(0);
    const testKey = await createApiKey(server, a.user, { environment: 'test' });
    expect((await server.http().delete('/v1/subjects/alice').set(auth(testKey))).body.data.deleted.events).toBe(0);
    expect((await list(a.apiKey, '&subjectId=alice')).length).toBeGreaterThan(0);
  });
});

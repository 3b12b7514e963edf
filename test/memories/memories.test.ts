/** Memories routes through real HTTP: list/get/delete, forgetting a subject along lineage, isolation. */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  auth,
  captureAndLearn,
  createApiKey,
  errorFields,
  expectStatus,
  type HxTestClient,
  namespaceBoundKey,
  newTenant,
  useTestServer,
} from '../helpers/index.js';

const server = useTestServer();

type Memory = {
  id: string;
  content: string;
  kind: string;
  status: string;
  subjectId: string | null;
  sourceEventIds: string[];
} & Record<string, unknown>;

const seed = (key: string) =>
  captureAndLearn(server, key, [
    { subjectId: 'alice', sessionId: 'a1', content: 'I live in Paris. I love jazz music and I work as a pilot.' },
    { subjectId: 'alice', sessionId: 'a1', content: 'Please always call me Ali.' },
    { subjectId: 'bob', sessionId: 'b1', content: 'I live in Oslo. I love skiing and I work as a chef.' },
  ]);

type ListQuery = NonNullable<Parameters<HxTestClient['memories']['list']>[0]>['query'];

async function list(key: string, query: ListQuery = {}) {
  const res = await server.api(key).memories.list({ query: { limit: 100, ...query } });
  return expectStatus(res, 200).body.data.memories as Memory[];
}

/** The memory routes of the typed client, as `key`. */
const memories = (key: string) => server.api(key).memories;

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
    const alice = await list(apiKey, { subjectId: 'alice' });
    expect(alice.length).toBeGreaterThan(0);
    expect(alice.every((x) => x.subjectId === 'alice')).toBe(true);
    const kind = all[0]!.kind;
    expect((await list(apiKey, { kind: kind as NonNullable<ListQuery>['kind'] })).every((x) => x.kind === kind)).toBe(
      true,
    );
    expect((await list(apiKey, { status: 'superseded' })).every((x) => x.status === 'superseded')).toBe(true);
  });

  it('pages with a cursor and records the reads in the access log', async () => {
    const { apiKey, user } = await newTenant(server);
    await seed(apiKey);
    const all = await list(apiKey);
    const ids: string[] = [];
    let cursor: string | undefined;
    for (let i = 0; i < 50; i++) {
      const res = await memories(apiKey).list({ query: { limit: 1, ...(cursor ? { cursor } : {}) } });
      const page = expectStatus(res, 200).body.data;
      ids.push(...page.memories.map((x) => x.id));
      cursor = page.pagination.cursor;
      if (!page.pagination.hasMore) break;
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
    // Values the contract does not have: this query goes over the raw wire.
    const res = await server.http().get('/v1/memories?kind=rumour&status=gone&limit=0').set(auth(apiKey));
    expect(res.status).toBe(400);
    expect(errorFields(res.body)).toEqual(expect.arrayContaining(['query.kind', 'query.status', 'query.limit']));
  });
});

describe('GET and DELETE /v1/memories/:id', () => {
  it('gets a memory; deleting erases it, keeps it from coming back on a full re-learn, and deprecates its artifacts', async () => {
    const { apiKey } = await newTenant(server);
    await seed(apiKey);
    const [m] = await list(apiKey, { subjectId: 'alice' });
    const params = { id: m!.id };
    const got = await memories(apiKey).get({ params });
    expect(expectStatus(got, 200).body.data).toEqual(m);
    const del = await memories(apiKey).delete({ params });
    expect(expectStatus(del, 200).body.data).toMatchObject({ id: m!.id, deleted: true });
    expect((await memories(apiKey).get({ params })).status).toBe(404);
    expect((await memories(apiKey).delete({ params })).status).toBe(404);
    const [row] = await server.ctx.database.rows<{ content: string; status: string }>(
      sql`select content, status from memories where id = ${m!.id}`,
    );
    expect(row).toEqual({ content: '', status: 'deleted' });
    const full = await server.api(apiKey).learn.learn({ body: { scope: 'full', wait: true } });
    expect(expectStatus(full, 200).body.data.status).toBe('completed');
    const after = await list(apiKey);
    expect(after.find((x) => x.content === m!.content)).toBeUndefined();
  });

  it('another tenant, environment or namespace cannot read or delete it', async () => {
    const a = await newTenant(server);
    const b = await newTenant(server);
    await seed(a.apiKey);
    const [m] = await list(a.apiKey);
    const params = { id: m!.id };
    expect((await memories(b.apiKey).get({ params })).status).toBe(404);
    expect((await memories(b.apiKey).delete({ params })).status).toBe(404);
    const testKey = await createApiKey(server, a.user, { environment: 'test' });
    expect((await memories(testKey).get({ params })).status).toBe(404);
    expect(await list(testKey)).toEqual([]);
    const { key: bound } = await namespaceBoundKey(server, a.user);
    expect((await memories(bound).get({ params })).status).toBe(404);
    expect((await memories(bound).list({ query: { namespace: 'default' } })).status).toBe(403);
    expect((await memories(a.apiKey).get({ params })).status).toBe(200);
  });
});

describe('DELETE /v1/subjects/:subjectId', () => {
  it("forgets the subject's events, memories and artifacts along lineage, and nothing of others", async () => {
    const { apiKey, user } = await newTenant(server);
    await seed(apiKey);
    const bobBefore = await list(apiKey, { subjectId: 'bob' });
    const res = await memories(apiKey).forgetSubject({ params: { subjectId: 'alice' } });
    const forgotten = expectStatus(res, 200).body.data;
    const { deleted } = forgotten;
    expect(forgotten.subjectId).toBe('alice');
    expect(deleted.events).toBe(2);
    expect(deleted.memories).toBeGreaterThan(0);
    expect(deleted.lineageEdges).toBeGreaterThan(0);
    const left = await server.ctx.database.rows<{ n: number }>(
      sql`select count(*)::int as n from events where tenant_id = ${user.tenantId} and subject_id = 'alice'`,
    );
    expect(left[0]!.n).toBe(0);
    expect(await list(apiKey, { subjectId: 'alice' })).toEqual([]);
    const all = await list(apiKey);
    expect(all.some((x) => /paris|jazz|pilot/i.test(x.content))).toBe(false);
    const arts = expectStatus(await server.api(apiKey).artifacts.list({ query: { limit: 100 } }), 200).body.data
      .artifacts;
    expect(arts.some((a) => /paris|jazz|pilot/i.test(a.markdown))).toBe(false);
    expect(arts.some((a) => a.subjectId === 'alice')).toBe(false);
    expect(await list(apiKey, { subjectId: 'bob' })).toEqual(bobBefore);
    const audit = await server.ctx.database.rows<{ action: string }>(
      sql`select action from audit_logs where tenant_id = ${user.tenantId} and action = 'subject.forget'`,
    );
    expect(audit).toHaveLength(1);
    // Forgetting an unknown subject answers zero counts.
    const none = await memories(apiKey).forgetSubject({ params: { subjectId: 'nobody' } });
    expect(expectStatus(none, 200).body.data.deleted).toEqual({
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
    const forget = async (key: string) =>
      expectStatus(await memories(key).forgetSubject({ params: { subjectId: 'alice' } }), 200).body.data.deleted;
    expect((await forget(b.apiKey)).events).toBe(0);
    const testKey = await createApiKey(server, a.user, { environment: 'test' });
    expect((await forget(testKey)).events).toBe(0);
    expect((await list(a.apiKey, { subjectId: 'alice' })).length).toBeGreaterThan(0);
  });
});

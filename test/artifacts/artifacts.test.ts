/** GET /v1/artifacts and /v1/artifacts/:id through real HTTP: filters, sorts, cursor pages, isolation. */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { TOTAL_CAP } from '../../server/src/services/core/artifacts.js';
import { auth, createApiKey, namespaceBoundKey, newTenant, useTestServer } from '../helpers/index.js';

const server = useTestServer();

/** Several subjects and sessions, so the compiler builds profiles, summaries and more. */
async function seed(key: string, namespace?: string) {
  const events = [];
  for (let s = 0; s < 4; s++) {
    for (let i = 0; i < 3; i++) {
      events.push({
        type: 'message',
        sessionId: `sess-${s}`,
        subjectId: `user-${s}`,
        ...(namespace ? { namespace } : {}),
        payload: {
          role: 'user',
          content: `I live in City${s}. I like sport number ${i}. My sister is called Name${s}.`,
        },
        occurredAt: new Date(Date.UTC(2024, 0, 1 + s, 10, i)).toISOString(),
      });
    }
  }
  const cap = await server.http().post('/v1/capture/batch').set(auth(key)).send({ events });
  expect(cap.status).toBe(201);
  const job = await server.http().post('/v1/learn').set(auth(key)).send({ wait: true });
  expect(job.body.data.status).toBe('completed');
  expect(job.body.data.artifacts.created).toBeGreaterThan(0);
}

describe('GET /v1/artifacts', () => {
  it('lists artifacts with the full shape and a total', async () => {
    const { apiKey } = await newTenant(server);
    await seed(apiKey);
    const res = await server.http().get('/v1/artifacts').set(auth(apiKey));
    expect(res.status).toBe(200);
    const { artifacts, pagination } = res.body.data;
    expect(artifacts.length).toBeGreaterThan(0);
    expect(pagination.total).toBeGreaterThanOrEqual(artifacts.length);
    const a = artifacts[0];
    expect(a.id).toMatch(/^art_/);
    for (const k of ['type', 'status', 'title', 'markdown', 'namespace', 'createdAt', 'updatedAt'])
      expect(a[k]).toEqual(expect.any(String));
    expect(a.version).toBe(1);
    expect(a.content).toEqual(expect.any(Object));
    expect(Array.isArray(a.sourceEvents) && Array.isArray(a.sourceMemories)).toBe(true);
  });

  it('pages with a cursor in every sort, never repeating or skipping an artifact', async () => {
    const { apiKey } = await newTenant(server);
    await seed(apiKey);
    const all = (await server.http().get('/v1/artifacts?limit=100').set(auth(apiKey))).body.data;
    const total = all.pagination.total;
    expect(total).toBeGreaterThan(2);
    for (const sort of ['createdAt', 'updatedAt', 'confidence', 'evidenceCount']) {
      for (const order of ['asc', 'desc']) {
        const seen: Array<Record<string, number | string>> = [];
        let cursor: string | undefined;
        for (let i = 0; i < 50; i++) {
          const res = await server
            .http()
            .get('/v1/artifacts')
            .query({ sort, order, limit: 2, ...(cursor ? { cursor } : {}) })
            .set(auth(apiKey));
          expect(res.status).toBe(200);
          // Every page carries the total of the whole list, not of what follows the cursor.
          expect(res.body.data.pagination.total).toBe(total);
          seen.push(...res.body.data.artifacts);
          cursor = res.body.data.pagination.cursor;
          if (!res.body.data.pagination.hasMore) break;
        }
        expect(new Set(seen.map((a) => a.id)).size).toBe(total);
        expect(seen).toHaveLength(total);
        const values = seen.map((a) => (sort.endsWith('At') ? Date.parse(String(a[sort])) : Number(a[sort])));
        const sorted = [...values].sort((x, y) => (order === 'asc' ? x - y : y - x));
        expect(values).toEqual(sorted);
      }
    }
    // A cursor past the last row (as after the rest was deleted): an empty page still says the total.
    const past = `a1.${Buffer.from(
      JSON.stringify({ s: 'createdAt', o: 'desc', v: '2000-01-01T00:00:00.000Z', id: 'art_0' }),
    ).toString('base64url')}`;
    const empty = await server
      .http()
      .get('/v1/artifacts')
      .query({ sort: 'createdAt', order: 'desc', limit: 2, cursor: past })
      .set(auth(apiKey));
    expect(empty.status).toBe(200);
    expect(empty.body.data.artifacts).toEqual([]);
    expect(empty.body.data.pagination).toMatchObject({ hasMore: false, total });
  });

  it('leaves the total out above the count cap, and pages rows sharing one createdAt by id', async () => {
    const { user, apiKey } = await newTenant(server);
    // Learn writes many artifacts in one transaction with one createdAt (its clock, in milliseconds);
    // seeded by SQL here for the volume.
    await server.ctx.database.rows(
      sql`insert into artifacts (id, tenant_id, environment, namespace, type, key, title, content, markdown, confidence,
          created_at)
        select 'art_cap' || lpad(g::text, 6, '0'), ${user.tenantId}, 'live', 'default', 'session_summary', 'cap' || g,
          'Artifact ' || g, '{}'::jsonb, 'Body ' || g, 0.5, date_trunc('milliseconds', now())
        from generate_series(1, ${TOTAL_CAP + 1}) g`,
    );
    const first = await server.http().get('/v1/artifacts?limit=3').set(auth(apiKey));
    expect(first.status).toBe(200);
    expect(first.body.data.pagination.hasMore).toBe(true);
    expect(first.body.data.pagination).not.toHaveProperty('total');
    const ids = first.body.data.artifacts.map((a: { id: string }) => a.id);
    const id = (n: number) => `art_cap${String(n).padStart(6, '0')}`;
    expect(ids).toEqual([id(TOTAL_CAP + 1), id(TOTAL_CAP), id(TOTAL_CAP - 1)]);
    const next = await server
      .http()
      .get('/v1/artifacts')
      .query({ limit: 3, cursor: first.body.data.pagination.cursor })
      .set(auth(apiKey));
    expect(next.body.data.artifacts[0].id).toBe(id(TOTAL_CAP - 2));
    // Under the cap the count is exact again.
    await server.ctx.database.rows(
      sql`delete from artifacts where tenant_id = ${user.tenantId} and id > 'art_cap009000'`,
    );
    const counted = await server.http().get('/v1/artifacts?limit=1').set(auth(apiKey));
    expect(counted.body.data.pagination.total).toBe(9000);
  });

  it('filters by type, status, subjectId, sessionId and namespace', async () => {
    const { apiKey } = await newTenant(server);
    await seed(apiKey);
    await seed(apiKey, 'other');
    const all = (await server.http().get('/v1/artifacts?limit=100').set(auth(apiKey))).body.data.artifacts;
    const type = all[0].type;
    const byType = (await server.http().get(`/v1/artifacts?type=${type}&limit=100`).set(auth(apiKey))).body.data;
    expect(byType.artifacts.length).toBeGreaterThan(0);
    expect(byType.artifacts.every((a: { type: string }) => a.type === type)).toBe(true);
    expect(byType.pagination.total).toBe(all.filter((a: { type: string }) => a.type === type).length);
    const other = (await server.http().get('/v1/artifacts?namespace=other&limit=100').set(auth(apiKey))).body.data
      .artifacts;
    expect(other.length).toBeGreaterThan(0);
    expect(other.every((a: { namespace: string }) => a.namespace === 'other')).toBe(true);
    const withSubject = all.find((a: { subjectId: string | null }) => a.subjectId);
    if (withSubject) {
      const bySubject = (
        await server.http().get(`/v1/artifacts?subjectId=${withSubject.subjectId}&limit=100`).set(auth(apiKey))
      ).body.data.artifacts;
      expect(bySubject.every((a: { subjectId: string }) => a.subjectId === withSubject.subjectId)).toBe(true);
    }
    const withSession = all.find((a: { sessionId: string | null }) => a.sessionId);
    if (withSession) {
      const bySession = (await server.http().get(`/v1/artifacts?sessionId=${withSession.sessionId}`).set(auth(apiKey)))
        .body.data.artifacts;
      expect(bySession.every((a: { sessionId: string }) => a.sessionId === withSession.sessionId)).toBe(true);
    }
    const deprecated = (await server.http().get('/v1/artifacts?status=deprecated').set(auth(apiKey))).body.data;
    expect(deprecated.artifacts).toEqual([]);
    expect(deprecated.pagination.total).toBe(0);
  });

  it('rejects bad query values and a cursor of another sort with 400 naming the field', async () => {
    const { apiKey } = await newTenant(server);
    await seed(apiKey);
    const bad = await server.http().get('/v1/artifacts?sort=title&order=up&limit=500&type=poem').set(auth(apiKey));
    expect(bad.status).toBe(400);
    expect(bad.body.error.details.map((d: { field: string }) => d.field)).toEqual(
      expect.arrayContaining(['query.sort', 'query.order', 'query.limit', 'query.type']),
    );
    const page = (await server.http().get('/v1/artifacts?limit=1&sort=confidence').set(auth(apiKey))).body.data;
    const mixed = await server
      .http()
      .get(`/v1/artifacts?limit=1&sort=createdAt&cursor=${page.pagination.cursor}`)
      .set(auth(apiKey));
    expect(mixed.status).toBe(400);
    expect(mixed.body.error.details[0].field).toBe('query.cursor');
    const garbage = await server.http().get('/v1/artifacts?cursor=zzz').set(auth(apiKey));
    expect(garbage.status).toBe(400);
  });
});

describe('GET /v1/artifacts/:id', () => {
  it('answers one artifact; another tenant, environment or namespace sees 404', async () => {
    const a = await newTenant(server);
    const b = await newTenant(server);
    await seed(a.apiKey);
    const [art] = (await server.http().get('/v1/artifacts?limit=1').set(auth(a.apiKey))).body.data.artifacts;
    const got = await server.http().get(`/v1/artifacts/${art.id}`).set(auth(a.apiKey));
    expect(got.status).toBe(200);
    expect(got.body.data).toEqual(art);
    expect((await server.http().get(`/v1/artifacts/${art.id}`).set(auth(b.apiKey))).status).toBe(404);
    const testKey = await createApiKey(server, a.user, { environment: 'test' });
    expect((await server.http().get(`/v1/artifacts/${art.id}`).set(auth(testKey))).status).toBe(404);
    expect((await server.http().get('/v1/artifacts').set(auth(testKey))).body.data.pagination.total).toBe(0);
    const { key: bound } = await namespaceBoundKey(server, a.user);
    expect((await server.http().get(`/v1/artifacts/${art.id}`).set(auth(bound))).status).toBe(404);
    expect((await server.http().get('/v1/artifacts?namespace=default').set(auth(bound))).status).toBe(403);
    expect((await server.http().get(`/v1/artifacts/${art.id}`).set(auth(a.jwt))).status).toBe(401);
  });
});

/** POST /v1/learn and GET /v1/learn/jobs/:id through real HTTP: job lifecycle, incremental/full, scope, isolation. */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auth, createApiKey, newTenant, useTestServer } from '../helpers/index.js';

const server = useTestServer();

const msg = (sessionId: string, content: string, occurredAt: string, extra: Record<string, unknown> = {}) => ({
  type: 'message',
  sessionId,
  subjectId: 'user-1',
  payload: { role: 'user', content },
  occurredAt,
  ...extra,
});

const CONVERSATION = [
  msg('s1', 'I live in Paris and I work as a nurse.', '2024-01-10T10:00:00Z'),
  msg('s1', 'I love hiking in the mountains on weekends.', '2024-01-10T10:01:00Z'),
  msg('s1', 'Please always answer me in short sentences.', '2024-01-10T10:02:00Z'),
  msg('s2', 'Yesterday I went to a concert with my sister Anna.', '2024-02-05T18:00:00Z'),
];

async function capture(key: string, events: unknown[]) {
  const res = await server.http().post('/v1/capture/batch').set(auth(key)).send({ events });
  expect(res.status).toBe(201);
  return res.body.data.results.map((r: { eventId: string }) => r.eventId) as string[];
}

async function learn(key: string, body: Record<string, unknown> = {}) {
  const res = await server
    .http()
    .post('/v1/learn')
    .set(auth(key))
    .send({ wait: true, ...body });
  expect(res.status).toBe(200);
  expect(res.body.data.status).toBe('completed');
  return res.body.data;
}

async function allMemories(key: string) {
  const res = await server.http().get('/v1/memories?limit=100').set(auth(key));
  expect(res.status).toBe(200);
  return res.body.data.memories as Array<Record<string, unknown> & { id: string; sourceEventIds: string[] }>;
}

describe('POST /v1/learn', () => {
  it('compiles captured events into memories and answers the finished job with wait: true', async () => {
    const { apiKey } = await newTenant(server);
    const ids = await capture(apiKey, CONVERSATION);
    const job = await learn(apiKey);
    expect(job.id).toMatch(/^job_/);
    expect(job.runId).toBe(job.id);
    expect(job.jobId).toBe(job.id);
    expect(job.scope).toBe('incremental');
    expect(job.stats.eventsProcessed).toBe(4);
    expect(job.stats.memoriesProcessed).toBeGreaterThan(0);
    expect(job.stats.compilationMs).toBeGreaterThanOrEqual(0);
    expect(job.error).toBeNull();
    expect(job.finishedAt).not.toBeNull();
    const mems = await allMemories(apiKey);
    expect(mems.length).toBeGreaterThan(0);
    // Every memory cites captured events, and has a captured_from edge from each.
    for (const m of mems) {
      expect(m.sourceEventIds.length).toBeGreaterThan(0);
      for (const e of m.sourceEventIds) expect(ids).toContain(e);
    }
    const edges = await server.ctx.database.rows<{ from_id: string; to_id: string }>(
      sql`select from_id, to_id from lineage_edges where type = 'captured_from' and to_id = ${mems[0]!.id}`,
    );
    expect(edges.map((e) => e.from_id).sort()).toEqual([...mems[0]!.sourceEventIds].sort());
  });

  it('answers 202 with a queued job, which GET /v1/learn/jobs/:id shows completing', async () => {
    const { apiKey } = await newTenant(server);
    await capture(apiKey, CONVERSATION.slice(0, 2));
    const res = await server.http().post('/v1/learn').set(auth(apiKey)).send({});
    expect(res.status).toBe(202);
    expect(['queued', 'running']).toContain(res.body.data.status);
    expect(res.body.data.artifacts).toEqual({ created: 0, updated: 0, unchanged: 0, byType: {} });
    let job = res.body.data;
    for (let i = 0; i < 100 && job.status !== 'completed' && job.status !== 'failed'; i++) {
      await new Promise((r) => setTimeout(r, 50));
      const got = await server.http().get(`/v1/learn/jobs/${job.id}`).set(auth(apiKey));
      expect(got.status).toBe(200);
      job = got.body.data;
    }
    expect(job.status).toBe('completed');
    expect(job.stats.eventsProcessed).toBe(2);
    expect(job.startedAt).not.toBeNull();
  });

  it('incremental compiles only new events; re-running with nothing new changes nothing', async () => {
    const { apiKey } = await newTenant(server);
    await capture(apiKey, CONVERSATION.slice(0, 3));
    const first = await learn(apiKey);
    expect(first.stats.eventsProcessed).toBe(3);
    const before = await allMemories(apiKey);
    const artifactsBefore = (await server.http().get('/v1/artifacts?limit=100').set(auth(apiKey))).body.data.artifacts;

    const again = await learn(apiKey);
    expect(again.stats.eventsProcessed).toBe(0);
    expect(again.stats.memoriesProcessed).toBe(0);
    expect(again.artifacts).toMatchObject({ created: 0, updated: 0 });
    expect(await allMemories(apiKey)).toEqual(before);
    expect((await server.http().get('/v1/artifacts?limit=100').set(auth(apiKey))).body.data.artifacts).toEqual(
      artifactsBefore,
    );

    await capture(apiKey, CONVERSATION.slice(3));
    const third = await learn(apiKey);
    expect(third.stats.eventsProcessed).toBe(1);
  });

  it('full recompiles every event of the scope without copying or changing what is already there', async () => {
    const { apiKey } = await newTenant(server);
    await capture(apiKey, CONVERSATION);
    await learn(apiKey);
    const before = await allMemories(apiKey);
    const full = await learn(apiKey, { scope: 'full' });
    expect(full.scope).toBe('full');
    expect(full.stats.eventsProcessed).toBe(4);
    expect(full.stats.memoriesCreated).toBe(0);
    expect(full.stats.memoriesMerged).toBe(0);
    expect(full.artifacts.created).toBe(0);
    expect(full.artifacts.updated).toBe(0);
    expect(await allMemories(apiKey)).toEqual(before);
  });

  it('compiles only the requested scope (sessionId), leaving the rest for later', async () => {
    const { apiKey } = await newTenant(server);
    await capture(apiKey, CONVERSATION);
    const s2 = await learn(apiKey, { sessionId: 's2' });
    expect(s2.stats.eventsProcessed).toBe(1);
    expect(s2.filters).toEqual({ namespace: null, sessionId: 's2', subjectId: null, agentId: null });
    const rest = await learn(apiKey);
    expect(rest.stats.eventsProcessed).toBe(3);
  });

  it('a newer value supersedes the older memory of the same subject and attribute', async () => {
    const { apiKey } = await newTenant(server);
    await capture(apiKey, [msg('a', 'I live in Paris.', '2024-01-01T09:00:00Z')]);
    await learn(apiKey);
    await capture(apiKey, [msg('b', 'I moved to Berlin last month.', '2024-06-01T09:00:00Z')]);
    const job = await learn(apiKey);
    expect(job.stats.memoriesSuperseded).toBeGreaterThanOrEqual(1);
    const superseded = (await server.http().get('/v1/memories?status=superseded').set(auth(apiKey))).body.data.memories;
    const paris = superseded.find((m: { content: string }) => /paris/i.test(m.content));
    expect(paris).toBeDefined();
    expect(paris.validTo).not.toBeNull();
    const successor = (await server.http().get(`/v1/memories/${paris.supersededBy}`).set(auth(apiKey))).body.data;
    expect(successor.content).toMatch(/berlin/i);
    expect(successor.status).toBe('active');
  });

  it('never runs two learns of a tenant at once', async () => {
    const { apiKey } = await newTenant(server);
    await capture(
      apiKey,
      Array.from({ length: 60 }, (_, i) =>
        msg(`s${i % 5}`, `I like topic number ${i} quite a lot.`, '2024-03-01T10:00:00Z'),
      ),
    );
    const [a, b] = await Promise.all([
      server.http().post('/v1/learn').set(auth(apiKey)).send({ wait: true }),
      server.http().post('/v1/learn').set(auth(apiKey)).send({ wait: true }),
    ]);
    expect(a.body.data.status).toBe('completed');
    expect(b.body.data.status).toBe('completed');
    const [first, second] = [a.body.data, b.body.data].sort((x, y) => (x.startedAt < y.startedAt ? -1 : 1));
    expect(new Date(second.startedAt).getTime()).toBeGreaterThanOrEqual(new Date(first.finishedAt).getTime());
    // Together they compiled each event exactly once.
    expect(first.stats.eventsProcessed + second.stats.eventsProcessed).toBe(60);
  });

  it('validates the body, naming the fields', async () => {
    const { apiKey } = await newTenant(server);
    const res = await server
      .http()
      .post('/v1/learn')
      .set(auth(apiKey))
      .send({ scope: 'everything', options: { minPatternStrength: 2, artifactTypes: ['nope'] } });
    expect(res.status).toBe(400);
    const fields = res.body.error.details.map((d: { field: string }) => d.field);
    expect(fields).toEqual(expect.arrayContaining(['scope', 'options.minPatternStrength', 'options.artifactTypes[0]']));
  });
});

describe('isolation', () => {
  it('a job of another tenant or environment is 404; JWTs are refused', async () => {
    const a = await newTenant(server);
    const b = await newTenant(server);
    await capture(a.apiKey, CONVERSATION.slice(0, 1));
    const job = await learn(a.apiKey);
    expect((await server.http().get(`/v1/learn/jobs/${job.id}`).set(auth(b.apiKey))).status).toBe(404);
    const testKey = await createApiKey(server, a.user, { environment: 'test' });
    expect((await server.http().get(`/v1/learn/jobs/${job.id}`).set(auth(testKey))).status).toBe(404);
    expect((await server.http().get('/v1/learn/jobs/job_nope').set(auth(a.apiKey))).body.error.code).toBe('not_found');
    expect((await server.http().post('/v1/learn').set(auth(a.jwt)).send({})).status).toBe(401);
  });

  it('a test key compiles only test events', async () => {
    const { user, apiKey } = await newTenant(server);
    const testKey = await createApiKey(server, user, { environment: 'test' });
    await capture(apiKey, CONVERSATION);
    await capture(testKey, CONVERSATION.slice(0, 1));
    const job = await learn(testKey);
    expect(job.stats.eventsProcessed).toBe(1);
    const live = await learn(apiKey);
    expect(live.stats.eventsProcessed).toBe(4);
    const testMems = await allMemories(testKey);
    const liveMems = await allMemories(apiKey);
    const liveIds = new Set(liveMems.map((m) => m.id));
    expect(testMems.every((m) => !liveIds.has(m.id))).toBe(true);
  });
});

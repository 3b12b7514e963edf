/** POST /v1/learn and GET /v1/learn/jobs/:id through real HTTP: job lifecycle, incremental/full, scope, isolation. */
import type { CaptureEvent } from '@hx-memory/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createApiKey, errorFields, expectStatus, newTenant, postRaw, useTestServer } from '../helpers/index.js';
import type { HxTestClient, RouteBody } from '../helpers/index.js';

const server = useTestServer();

type LearnBody = RouteBody<HxTestClient['learn']['learn']>;

const msg = (sessionId: string, content: string, occurredAt: string): CaptureEvent => ({
  type: 'message',
  sessionId,
  subjectId: 'user-1',
  payload: { role: 'user', content },
  occurredAt,
});

const CONVERSATION = [
  msg('s1', 'I live in Paris and I work as a nurse.', '2024-01-10T10:00:00Z'),
  msg('s1', 'I love hiking in the mountains on weekends.', '2024-01-10T10:01:00Z'),
  msg('s1', 'Please always answer me in short sentences.', '2024-01-10T10:02:00Z'),
  msg('s2', 'Yesterday I went to a concert with my sister Anna.', '2024-02-05T18:00:00Z'),
];

async function capture(key: string, events: CaptureEvent[]) {
  const res = await server.api(key).capture.captureBatch({ body: { events } });
  return expectStatus(res, 201).body.data.results.map((r) => r.eventId);
}

async function learn(key: string, body: LearnBody = {}) {
  const res = await server.api(key).learn.learn({ body: { wait: true, ...body } });
  const job = expectStatus(res, 200).body.data;
  expect(job.status).toBe('completed');
  return job;
}

async function allMemories(key: string) {
  const res = await server.api(key).memories.list({ query: { limit: 100 } });
  return expectStatus(res, 200).body.data.memories;
}

async function allArtifacts(key: string) {
  return expectStatus(await server.api(key).artifacts.list({ query: { limit: 100 } }), 200).body.data.artifacts;
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
    const api = server.api(apiKey).learn;
    const res = expectStatus(await api.learn({ body: {} }), 202);
    expect(['queued', 'running']).toContain(res.body.data.status);
    expect(res.body.data.artifacts).toEqual({ created: 0, updated: 0, unchanged: 0, byType: {} });
    let job = res.body.data;
    for (let i = 0; i < 100 && job.status !== 'completed' && job.status !== 'failed'; i++) {
      await new Promise((r) => setTimeout(r, 50));
      const got = await api.getJob({ params: { id: job.id } });
      job = expectStatus(got, 200).body.data;
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
    const artifactsBefore = await allArtifacts(apiKey);

    const again = await learn(apiKey);
    expect(again.stats.eventsProcessed).toBe(0);
    expect(again.stats.memoriesProcessed).toBe(0);
    expect(again.artifacts).toMatchObject({ created: 0, updated: 0 });
    expect(await allMemories(apiKey)).toEqual(before);
    expect(await allArtifacts(apiKey)).toEqual(artifactsBefore);

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
    const memories = server.api(apiKey).memories;
    const superseded = expectStatus(await memories.list({ query: { status: 'superseded' } }), 200).body.data.memories;
    const paris = superseded.find((m) => /paris/i.test(m.content));
    expect(paris).toBeDefined();
    expect(paris!.validTo).not.toBeNull();
    const got = await memories.get({ params: { id: String(paris!.supersededBy) } });
    const successor = expectStatus(got, 200).body.data;
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
    const api = server.api(apiKey).learn;
    const [a, b] = await Promise.all([api.learn({ body: { wait: true } }), api.learn({ body: { wait: true } })]);
    const jobs = [a, b].map((res) => expectStatus(res, 200).body.data);
    expect(jobs[0]!.status).toBe('completed');
    expect(jobs[1]!.status).toBe('completed');
    const [first, second] = jobs.sort((x, y) => (String(x.startedAt) < String(y.startedAt) ? -1 : 1));
    expect(new Date(String(second!.startedAt)).getTime()).toBeGreaterThanOrEqual(
      new Date(String(first!.finishedAt)).getTime(),
    );
    // Together they compiled each event exactly once.
    expect(first!.stats.eventsProcessed + second!.stats.eventsProcessed).toBe(60);
  });

  it('validates the body, naming the fields', async () => {
    const { apiKey } = await newTenant(server);
    // An unknown scope and artifact type: values the contract's types refuse, sent raw.
    const res = await postRaw(server, '/v1/learn', apiKey, {
      scope: 'everything',
      options: { minPatternStrength: 2, artifactTypes: ['nope'] },
    });
    expect(res.status).toBe(400);
    const fields = errorFields(res.body);
    expect(fields).toEqual(expect.arrayContaining(['scope', 'options.minPatternStrength', 'options.artifactTypes[0]']));
  });
});

describe('isolation', () => {
  it('a job of another tenant or environment is 404; JWTs are refused', async () => {
    const a = await newTenant(server);
    const b = await newTenant(server);
    await capture(a.apiKey, CONVERSATION.slice(0, 1));
    const job = await learn(a.apiKey);
    const getJob = (key: string, id = job.id) => server.api(key).learn.getJob({ params: { id } });
    expect((await getJob(b.apiKey)).status).toBe(404);
    const testKey = await createApiKey(server, a.user, { environment: 'test' });
    expect((await getJob(testKey)).status).toBe(404);
    expect(expectStatus(await getJob(a.apiKey, 'job_nope'), 404).body.error.code).toBe('not_found');
    expect((await server.api(a.jwt).learn.learn({ body: {} })).status).toBe(401);
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

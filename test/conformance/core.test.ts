/**
 * Core routes (API key) against SPEC.md and DESIGN §5 wire shapes, with plain HTTP only.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestServer, auth, newTenant } from '../helpers/index.js';
import { expectError, expectOk, expectPage, expectRateLimitHeaders, expectValidation, ISO } from './wire.js';

const server = useTestServer();
let key: string;
let jwt: string;

beforeAll(async () => {
  ({ apiKey: key, jwt } = await newTenant(server, 'core'));
  // A small corpus: conversations about a subject and an agent trace.
  const events = [
    {
      type: 'message',
      sessionId: 'c-s1',
      subjectId: 'alice',
      payload: { role: 'user', content: 'My name is Alice and I prefer dark mode.' },
    },
    {
      type: 'message',
      sessionId: 'c-s1',
      subjectId: 'alice',
      payload: { role: 'user', content: 'I live in Paris. Always answer in French.' },
    },
    {
      type: 'command_exec',
      sessionId: 'c-s2',
      payload: { command: 'npm test', exitCode: 1, stdout: '', stderr: 'Error: Cannot find module ./x' },
    },
    {
      type: 'file_edit',
      sessionId: 'c-s2',
      payload: { path: 'src/index.ts', summary: 'fix import of ./x', diff: '-a\n+b' },
    },
    {
      type: 'command_exec',
      sessionId: 'c-s2',
      payload: { command: 'npm test', exitCode: 0, stdout: 'ok', stderr: '' },
    },
  ];
  const res = await server.http().post('/v1/capture/batch').set(auth(key)).send({ events });
  if (res.status !== 201) throw new Error(JSON.stringify(res.body));
  const learn = await server.http().post('/v1/learn').set(auth(key)).send({ scope: 'full', wait: true });
  if (learn.status !== 200) throw new Error(JSON.stringify(learn.body));
});

describe('POST /v1/capture', () => {
  it('answers 201 {eventId evt_, status ingested, salienceScore} then 200 duplicate for the same event', async () => {
    const body = { type: 'message', sessionId: 'dup-s', payload: { role: 'user', content: 'duplicate me please' } };
    const first = await server.http().post('/v1/capture').set(auth(key)).send(body);
    const a = expectOk(first, 201);
    expect(a.eventId).toMatch(/^evt_/);
    expect(a.status).toBe('ingested');
    expect(typeof a.salienceScore).toBe('number');
    const second = await server.http().post('/v1/capture').set(auth(key)).send(body);
    const b = expectOk(second, 200);
    expect(b.status).toBe('duplicate');
    expect(b.eventId).toBe(a.eventId);
    expect(typeof b.salienceScore).toBe('number');
  });

  it('accepts every DESIGN event type and the Hx additions', async () => {
    const types = [
      'message',
      'tool_call',
      'tool_result',
      'command_exec',
      'file_edit',
      'test_run',
      'browser_action',
      'api_result',
      'observation',
      'outcome',
      'feedback',
      'document',
    ];
    const payloads: Record<string, object> = {
      message: { role: 'user', content: 'hello' },
      command_exec: { command: 'ls', exitCode: 0, stdout: 'a', stderr: '' },
      test_run: { command: 'npm test', passed: 3, failed: 0, output: 'ok' },
      tool_call: { tool: 'search', input: { q: 'x' } },
      tool_result: { tool: 'search', output: 'y', error: null },
      file_edit: { path: 'a.ts', summary: 'edit', diff: '+x' },
    };
    for (const type of types) {
      const res = await server
        .http()
        .post('/v1/capture')
        .set(auth(key))
        .send({
          type,
          sessionId: 'types-s',
          payload: payloads[type] ?? { note: `a ${type} event`, extra: 1 },
          metadata: { source: 'conformance' },
          idempotencyKey: `idem-${type}`,
          agentId: 'agent-1',
          subjectId: 'subj-types',
          occurredAt: '2024-01-02T03:04:05.000Z',
        });
      const d = expectOk(res, 201);
      expect(d.eventId).toMatch(/^evt_/);
    }
  });

  it('rejects an unknown type and a missing payload with validation_error naming the fields', async () => {
    expectValidation(
      await server.http().post('/v1/capture').set(auth(key)).send({ type: 'nope', sessionId: 's', payload: {} }),
      'type',
    );
    expectValidation(
      await server.http().post('/v1/capture').set(auth(key)).send({ type: 'message', sessionId: 's' }),
      'payload',
    );
  });

  it('Idempotency-Key: same key and body answers the first answer again; a different body is 409 conflict', async () => {
    const k = `idem-${Date.now()}`;
    const body = { type: 'observation', sessionId: 'idem-s', payload: { text: 'first body' } };
    const a = await server.http().post('/v1/capture').set(auth(key)).set('Idempotency-Key', k).send(body);
    const da = expectOk(a, 201);
    const b = await server.http().post('/v1/capture').set(auth(key)).set('Idempotency-Key', k).send(body);
    expect(b.status).toBe(201);
    expect(b.body.data).toEqual(da);
    const c = await server
      .http()
      .post('/v1/capture')
      .set(auth(key))
      .set('Idempotency-Key', k)
      .send({ ...body, payload: { text: 'another body' } });
    expectError(c, 'conflict');
  });
});

describe('POST /v1/capture/batch', () => {
  it('answers {results [{eventId, status}], summary {total, ingested, duplicates, errors}}', async () => {
    const events = [
      { type: 'message', sessionId: 'b-s', payload: { role: 'user', content: 'batch one' } },
      { type: 'message', sessionId: 'b-s', payload: { role: 'assistant', content: 'batch two' } },
    ];
    const res = await server.http().post('/v1/capture/batch').set(auth(key)).send({ events });
    const d = expectOk(res, 201);
    expect(d.results).toHaveLength(2);
    for (const r of d.results) {
      expect(r.eventId).toMatch(/^evt_/);
      expect(['ingested', 'duplicate']).toContain(r.status);
    }
    expect(d.summary).toEqual({ total: 2, ingested: 2, duplicates: 0, errors: 0 });
    const again = expectOk(await server.http().post('/v1/capture/batch').set(auth(key)).send({ events }), 200);
    expect(again.summary).toMatchObject({ total: 2, ingested: 0, duplicates: 2, errors: 0 });
    expect(again.results.map((r: { status: string }) => r.status)).toEqual(['duplicate', 'duplicate']);
  });

  it('refuses more than 1000 events and an empty or invalid batch whole (validation_error)', async () => {
    const many = Array.from({ length: 1001 }, (_, i) => ({ type: 'observation', sessionId: 'big', payload: { i } }));
    expectValidation(await server.http().post('/v1/capture/batch').set(auth(key)).send({ events: many }), 'events');
    const mixed = [
      { type: 'observation', sessionId: 'mixed', payload: { text: 'valid one, must not be stored' } },
      { type: 'bogus', sessionId: 'mixed', payload: {} },
    ];
    expectValidation(await server.http().post('/v1/capture/batch').set(auth(key)).send({ events: mixed }), 'events');
    // stored whole or not at all: the valid one was not stored
    const single = await server.http().post('/v1/capture').set(auth(key)).send(mixed[0]);
    expect(single.status).toBe(201);
  });

  it('Idempotency-Key on batch replays the first answer', async () => {
    const k = `bidem-${Date.now()}`;
    const events = [{ type: 'observation', sessionId: 'bi', payload: { text: 'idempotent batch' } }];
    const a = await server.http().post('/v1/capture/batch').set(auth(key)).set('Idempotency-Key', k).send({ events });
    const da = expectOk(a, 201);
    const b = await server.http().post('/v1/capture/batch').set(auth(key)).set('Idempotency-Key', k).send({ events });
    expect(b.status).toBe(201);
    expect(b.body.data).toEqual(da);
    const c = await server
      .http()
      .post('/v1/capture/batch')
      .set(auth(key))
      .set('Idempotency-Key', k)
      .send({ events: [{ type: 'observation', sessionId: 'bi', payload: { text: 'different' } }] });
    expectError(c, 'conflict');
  });
});

const JOB_STATUSES = ['queued', 'running', 'completed', 'failed'];
function expectJob(job: Record<string, any>) {
  expect(job.runId).toMatch(/^job_/);
  expect(job.jobId).toBe(job.runId);
  expect(JOB_STATUSES).toContain(job.status);
  expect(typeof job.artifacts.created).toBe('number');
  expect(typeof job.artifacts.updated).toBe('number');
  expect(typeof job.artifacts.unchanged).toBe('number');
  expect(typeof job.artifacts.byType).toBe('object');
  for (const f of ['eventsProcessed', 'memoriesProcessed', 'patternsFound', 'compilationMs']) {
    expect(typeof job.stats[f], `stats.${f}`).toBe('number');
  }
}

describe('POST /v1/learn and GET /v1/learn/jobs/:id', () => {
  it('answers 202 with a queued/running job, then the job is visible by id', async () => {
    await server
      .http()
      .post('/v1/capture')
      .set(auth(key))
      .send({ type: 'message', sessionId: 'l-s', payload: { role: 'user', content: 'I work at Initech.' } });
    const res = await server.http().post('/v1/learn').set(auth(key)).send({});
    expect([200, 202]).toContain(res.status);
    const job = expectOk(res, res.status);
    expectJob(job);
    if (res.status === 202) expect(['queued', 'running']).toContain(job.status);
    let seen = job;
    for (let i = 0; i < 100 && !['completed', 'failed'].includes(seen.status); i++) {
      await new Promise((r) => setTimeout(r, 100));
      seen = expectOk(await server.http().get(`/v1/learn/jobs/${job.jobId}`).set(auth(key)));
    }
    expectJob(seen);
    expect(seen.status).toBe('completed');
    expect(seen.jobId).toBe(job.jobId);
  });

  it('answers 200 with the final job when wait: true, with the documented body', async () => {
    const res = await server
      .http()
      .post('/v1/learn')
      .set(auth(key))
      .send({
        scope: 'full',
        options: { minPatternStrength: 0.1, artifactTypes: ['profile', 'task_schema'] },
        wait: true,
      });
    const job = expectOk(res, 200);
    expectJob(job);
    expect(job.status).toBe('completed');
  });

  it('accepts the Hx scope filters and refuses an unknown scope', async () => {
    const res = await server.http().post('/v1/learn').set(auth(key)).send({
      scope: 'incremental',
      namespace: 'default',
      sessionId: 'c-s1',
      subjectId: 'alice',
      agentId: 'a1',
      wait: true,
    });
    expectJob(expectOk(res, 200));
    expectValidation(await server.http().post('/v1/learn').set(auth(key)).send({ scope: 'sometimes' }), 'scope');
  });

  it('an unknown job is 404 not_found', async () => {
    expectError(await server.http().get('/v1/learn/jobs/job_01ARZ3NDEKTSV4RRFFQ69G5FAV').set(auth(key)), 'not_found');
  });
});

describe('POST /v1/synthesize', () => {
  it('answers {packId, context, entries[...provenance], budget{...}} within the budget', async () => {
    const res = await server
      .http()
      .post('/v1/synthesize')
      .set(auth(key))
      .send({
        query: 'What does Alice prefer and how was npm test fixed?',
        options: { maxTokens: 500, minConfidence: 0.1, includeProvenance: true },
      });
    const d = expectOk(res);
    expect(typeof d.packId).toBe('string');
    expect(typeof d.context).toBe('string');
    expect(Array.isArray(d.entries)).toBe(true);
    expect(d.entries.length).toBeGreaterThan(0);
    const SECTIONS = ['procedures', 'failures', 'decisions', 'facts', 'causal', 'context'];
    for (const e of d.entries) {
      expect(SECTIONS).toContain(e.section);
      expect(typeof e.content).toBe('string');
      expect(typeof e.confidence).toBe('number');
      expect(typeof e.score).toBe('number');
      expect(typeof e.kind).toBe('string');
      for (const f of ['occurredAt', 'validFrom', 'validTo']) expect(f in e, f).toBe(true);
      expect(Array.isArray(e.provenance)).toBe(true);
      for (const p of e.provenance) {
        expect(['event', 'memory', 'artifact']).toContain(p.sourceType);
        expect(typeof p.sourceId).toBe('string');
        const prefix = { event: 'evt_', memory: 'mem_', artifact: 'art_' }[p.sourceType as 'event'];
        expect(p.sourceId.startsWith(prefix)).toBe(true);
        if (p.sourceType === 'artifact') {
          expect(typeof p.artifactType).toBe('string');
          expect(typeof p.evidenceCount).toBe('number');
        }
      }
    }
    const b = d.budget;
    expect(b.limit).toBe(500);
    for (const f of ['used', 'compressionRatio', 'entriesIncluded', 'entriesDropped'])
      expect(typeof b[f], f).toBe('number');
    expect(b.used).toBeLessThanOrEqual(b.limit);
    expect(b.entriesIncluded).toBe(d.entries.length);
  });

  // DESIGN §5: "entries in rank order". `score` is the rank value (relevance less redundancy), so it
  // agrees with the order after diversification.
  it('entries come in rank order, i.e. descending score', async () => {
    const d = expectOk(
      await server
        .http()
        .post('/v1/synthesize')
        .set(auth(key))
        .send({ query: 'What does Alice prefer and how was npm test fixed?', options: { minConfidence: 0.1 } }),
    );
    const scores = d.entries.map((e: { score: number }) => e.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
  });

  it('defaults maxTokens to 4000 and accepts the Hx scope fields', async () => {
    const res = await server
      .http()
      .post('/v1/synthesize')
      .set(auth(key))
      .send({
        query: 'Paris',
        namespace: 'default',
        subjectId: 'alice',
        sessionId: 'c-s1',
        agentId: 'x',
        asOf: new Date().toISOString(),
        options: { sections: ['facts', 'context'] },
      });
    const d = expectOk(res);
    expect(d.budget.limit).toBe(4000);
  });

  it('rejects a missing query with validation_error naming query', async () => {
    expectValidation(await server.http().post('/v1/synthesize').set(auth(key)).send({}), 'query');
  });
});

const ARTIFACT_TYPES = [
  'profile',
  'session_summary',
  'timeline',
  'digest',
  'task_schema',
  'failure_playbook',
  'causal_pattern',
  'decision_policy',
];
describe('GET /v1/artifacts and /v1/artifacts/:id', () => {
  it('lists {artifacts, pagination} with the DESIGN artifact shape', async () => {
    const d = expectOk(await server.http().get('/v1/artifacts').set(auth(key)));
    const list = expectPage(d, 'artifacts');
    expect(list.length).toBeGreaterThan(0);
    for (const a of list) {
      expect(a.id).toMatch(/^art_/);
      expect(ARTIFACT_TYPES).toContain(a.type);
      expect(['active', 'deprecated', 'superseded']).toContain(a.status);
      expect(typeof a.title).toBe('string');
      expect(typeof a.content).toBe('object');
      expect(typeof a.markdown).toBe('string');
      expect(typeof a.confidence).toBe('number');
      expect(typeof a.evidenceCount).toBe('number');
      expect(typeof a.version).toBe('number');
      expect(Array.isArray(a.sourceEvents)).toBe(true);
      expect(Array.isArray(a.sourceMemories)).toBe(true);
      expect(a.createdAt).toMatch(ISO);
      expect(a.updatedAt).toMatch(ISO);
    }
    const one = expectOk(await server.http().get(`/v1/artifacts/${list[0].id}`).set(auth(key)));
    expect(one.id).toBe(list[0].id);
    expect(one.type).toBe(list[0].type);
  });

  it('pages with limit and cursor; limit defaults to 20, max 100, above is validation_error', async () => {
    const p1 = expectOk(await server.http().get('/v1/artifacts?limit=1').set(auth(key)));
    expect(expectPage(p1, 'artifacts')).toHaveLength(1);
    expect(p1.pagination.hasMore).toBe(true);
    const p2 = expectOk(
      await server
        .http()
        .get(`/v1/artifacts?limit=1&cursor=${encodeURIComponent(p1.pagination.cursor)}`)
        .set(auth(key)),
    );
    expect(expectPage(p2, 'artifacts')[0].id).not.toBe(p1.artifacts[0].id);
    expectOk(await server.http().get('/v1/artifacts?limit=100').set(auth(key)));
    expectValidation(await server.http().get('/v1/artifacts?limit=101').set(auth(key)), 'limit');
  });

  it('filters by type/status and sorts by the documented keys', async () => {
    const t = expectOk(await server.http().get('/v1/artifacts?type=session_summary&status=active').set(auth(key)));
    for (const a of t.artifacts) expect(a.type).toBe('session_summary');
    for (const sort of ['createdAt', 'updatedAt', 'confidence', 'evidenceCount']) {
      for (const order of ['asc', 'desc']) {
        const d = expectOk(
          await server.http().get(`/v1/artifacts?sort=${sort}&order=${order}&limit=100`).set(auth(key)),
        );
        const vals = d.artifacts.map((a: Record<string, string | number>) => a[sort]);
        const sorted = [...vals].sort((x, y) => (x < y ? -1 : x > y ? 1 : 0));
        expect(vals, `${sort} ${order}`).toEqual(order === 'asc' ? sorted : sorted.reverse());
      }
    }
    expectOk(await server.http().get('/v1/artifacts?namespace=default&subjectId=alice&sessionId=c-s1').set(auth(key)));
    expectValidation(await server.http().get('/v1/artifacts?sort=bogus').set(auth(key)), 'sort');
  });

  it('an unknown artifact is 404 not_found', async () => {
    expectError(await server.http().get('/v1/artifacts/art_01ARZ3NDEKTSV4RRFFQ69G5FAV').set(auth(key)), 'not_found');
  });
});

describe('memories and subjects (DESIGN §5 additions)', () => {
  it('GET /v1/memories lists {memories, pagination} of mem_ ids with the memory fields', async () => {
    const d = expectOk(await server.http().get('/v1/memories').set(auth(key)));
    const list = expectPage(d, 'memories');
    expect(list.length).toBeGreaterThan(0);
    for (const m of list) {
      expect(m.id).toMatch(/^mem_/);
      expect(['fact', 'preference', 'instruction', 'episode', 'entity', 'procedure']).toContain(m.kind);
      expect(['active', 'superseded', 'archived', 'deleted']).toContain(m.status);
      for (const f of [
        'subjectId',
        'namespace',
        'content',
        'attributes',
        'confidence',
        'mentions',
        'validFrom',
        'validTo',
      ])
        expect(f in m, f).toBe(true);
    }
    const one = expectOk(await server.http().get(`/v1/memories/${list[0].id}`).set(auth(key)));
    expect(one.id).toBe(list[0].id);
  });

  it('DELETE /v1/memories/:id then GET is 404', async () => {
    const d = expectOk(await server.http().get('/v1/memories?limit=1').set(auth(key)));
    const id = d.memories[0].id;
    expectOk(await server.http().delete(`/v1/memories/${id}`).set(auth(key)));
    expectError(await server.http().get(`/v1/memories/${id}`).set(auth(key)), 'not_found');
    expectError(await server.http().delete('/v1/memories/mem_01ARZ3NDEKTSV4RRFFQ69G5FAV').set(auth(key)), 'not_found');
  });

  it('DELETE /v1/subjects/:subjectId forgets the subject and answers counts', async () => {
    const d = expectOk(await server.http().delete('/v1/subjects/alice').set(auth(key)));
    expect(d.subjectId).toBe('alice');
    for (const f of ['events', 'memories', 'artifacts']) expect(typeof d.deleted[f], f).toBe('number');
    expect(d.deleted.events).toBeGreaterThan(0);
    const after = expectOk(await server.http().get('/v1/memories?subjectId=alice').set(auth(key)));
    expect(after.memories).toHaveLength(0);
  });
});

describe('GET /v1/usage-metrics', () => {
  it('answers {period {start, end, granularity}, usage {events, compilations, syntheses}, quota {...}}', async () => {
    for (const period of ['1h', '24h', '7d', '30d']) {
      const d = expectOk(await server.http().get(`/v1/usage-metrics?period=${period}`).set(auth(key)));
      expect(d.period.start).toMatch(ISO);
      expect(d.period.end).toMatch(ISO);
      expect(typeof d.period.granularity).toBe('string');
      for (const f of ['total', 'ingested', 'duplicates', 'errors']) expect(typeof d.usage.events[f], f).toBe('number');
      expect(typeof d.usage.events.byType).toBe('object');
      expect(typeof d.usage.compilations).toBe('object');
      expect(typeof d.usage.syntheses).toBe('object');
      for (const f of ['plan', 'eventsLimit', 'eventsUsed', 'eventsRemaining', 'resetDate'])
        expect(f in d.quota, f).toBe(true);
      expect(typeof d.quota.plan).toBe('string');
      expect(typeof d.quota.eventsUsed).toBe('number');
    }
    expectValidation(await server.http().get('/v1/usage-metrics?period=2y').set(auth(key)), 'period');
  });
});

describe('auth on core routes', () => {
  it('every core route refuses a JWT and no credentials with 401 unauthorized', async () => {
    const routes: [string, string][] = [
      ['post', '/v1/capture'],
      ['post', '/v1/capture/batch'],
      ['post', '/v1/learn'],
      ['get', '/v1/learn/jobs/job_x'],
      ['post', '/v1/synthesize'],
      ['get', '/v1/artifacts'],
      ['get', '/v1/artifacts/art_x'],
      ['get', '/v1/memories'],
      ['get', '/v1/memories/mem_x'],
      ['delete', '/v1/memories/mem_x'],
      ['delete', '/v1/subjects/s'],
      ['get', '/v1/usage-metrics'],
    ];
    for (const [m, p] of routes) {
      const h = server.http() as unknown as Record<string, (p: string) => import('supertest').Test>;
      expectError(await h[m](p).set(auth(jwt)).send({}), 'unauthorized');
      expectError(await h[m](p).send({}), 'unauthorized');
      expectError(
        await h[m](p).set('Authorization', 'Bearer hx_live_notarealkeynotarealkeynotarealkey12').send({}),
        'unauthorized',
      );
    }
  });

  it('a revoked API key is refused at once', async () => {
    const created = await server.http().post('/v1/api-keys').set(auth(jwt)).send({ name: 'short-lived' });
    const d = expectOk(created, 201);
    expect(d.key).toMatch(/^hx_(live|test)_[A-Za-z0-9]{32,}$/);
    expectOk(await server.http().get('/v1/artifacts').set(auth(d.key)));
    const list = expectOk(await server.http().get('/v1/api-keys').set(auth(jwt)));
    const id = list.apiKeys.find((k: { name: string }) => k.name === 'short-lived').id;
    expectOk(await server.http().delete(`/v1/api-keys/${id}`).set(auth(jwt)));
    expectError(await server.http().get('/v1/artifacts').set(auth(d.key)), 'unauthorized');
    expectRateLimitHeaders(await server.http().get('/v1/artifacts').set(auth(key)));
  });
});

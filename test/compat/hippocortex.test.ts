/**
 * Compatibility with the public @hippocortex/sdk 1.2 client (github.com/vmaiops-alt/hippocortex-js,
 * src/client.ts and src/types.ts): this file sends exactly the requests that client sends (paths,
 * headers, bodies, query parameters; JSON.stringify drops its undefined options) and asserts every
 * field it reads from the envelope's `data`, so code written for that client works against Hx.
 */
import { type CaptureInput, Hx, NotFoundError, ValidationError } from '@hx-memory/sdk';
import { describe, expect, it } from 'vitest';
import { newTenant, useTestServer } from '../helpers/index.js';

type Data = Record<string, any>;

const server = useTestServer();

class SdkError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly statusCode: number,
    readonly details?: unknown[],
  ) {
    super(message);
  }
}

/** The request layer of the 1.2 client: Bearer key, its headers, `data` on ok, the error fields otherwise. */
function sdkClient(apiKey: string, baseUrl: string) {
  async function request<T>(method: string, path: string, body?: unknown): Promise<T> {
    const res = await fetch(`${baseUrl}${path}`, {
      method,
      headers: {
        Authorization: `Bearer ${apiKey}`,
        'Content-Type': 'application/json',
        Accept: 'application/json',
        'X-Client': 'hippocortex-js-sdk',
        'X-Hippocortex-SDK-Version': 'js/1.2.0',
      },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    const json = (await res.json()) as {
      ok: boolean;
      data?: T;
      error?: { code: string; message: string; details?: unknown[] };
    };
    if (!json.ok || json.error) {
      throw new SdkError(
        json.error?.code ?? 'unknown_error',
        json.error?.message ?? `HTTP ${res.status}`,
        res.status,
        json.error?.details,
      );
    }
    return json.data as T;
  }
  const qs = (pairs: Record<string, string | number | undefined>) => {
    const p = new URLSearchParams();
    for (const [k, v] of Object.entries(pairs)) if (v) p.set(k, String(v));
    const s = p.toString();
    return s ? `?${s}` : '';
  };
  return {
    capture: (event: Record<string, unknown>) => request<Data>('POST', '/capture', event),
    captureBatch: (events: Record<string, unknown>[]) => request<Data>('POST', '/capture/batch', { events }),
    learn: (options?: { scope?: string; minPatternStrength?: number; artifactTypes?: string[] }) =>
      request<Data>('POST', '/learn', {
        scope: options?.scope ?? 'incremental',
        options: { minPatternStrength: options?.minPatternStrength, artifactTypes: options?.artifactTypes },
      }),
    synthesize: (query: string, options?: Record<string, unknown>) =>
      request<Data>('POST', '/synthesize', { query, options }),
    listArtifacts: (o?: {
      type?: string;
      status?: string;
      sort?: string;
      order?: string;
      limit?: number;
      cursor?: string;
    }) =>
      request<Data>(
        'GET',
        `/artifacts${qs({ type: o?.type, status: o?.status, sort: o?.sort, order: o?.order, limit: o?.limit, cursor: o?.cursor })}`,
      ),
    getArtifact: (id: string) => request<Data>('GET', `/artifacts/${encodeURIComponent(id)}`),
    getMetrics: (o?: { period?: string; granularity?: string }) =>
      request<Data>('GET', `/usage-metrics${qs({ period: o?.period, granularity: o?.granularity })}`),
  };
}

/** Hx's GET /v1/learn/jobs/:id (the 1.2 client has no job call; its learn answers the job at once). */
async function jobOf(apiKey: string, id: string): Promise<Data> {
  const res = await fetch(`${server.url}/v1/learn/jobs/${id}`, { headers: { Authorization: `Bearer ${apiKey}` } });
  return ((await res.json()) as Data).data;
}

/** A coding agent fixing a failing test, twice (so the procedure recurs), plus a short conversation. */
function agentTrace(sessionId: string, day: number) {
  const at = (m: number) => new Date(Date.UTC(2024, 4, day, 10, m)).toISOString();
  return [
    {
      type: 'message',
      sessionId,
      payload: { role: 'user', content: 'The checkout tests fail, please fix them.' },
      occurredAt: at(0),
    },
    {
      type: 'command_exec',
      sessionId,
      payload: {
        command: 'npm test',
        exitCode: 1,
        stdout: '',
        stderr: "TypeError: Cannot read properties of undefined (reading 'total') at src/cart.ts:42",
      },
      occurredAt: at(1),
    },
    {
      type: 'file_edit',
      sessionId,
      payload: { path: 'src/cart.ts', summary: 'guard against an empty cart', diff: '+ if (!cart) return 0;' },
      occurredAt: at(2),
    },
    {
      type: 'test_run',
      sessionId,
      payload: { command: 'npm test', passed: 12, failed: 0, output: 'all tests passed' },
      occurredAt: at(3),
    },
    { type: 'outcome', sessionId, payload: { success: true, summary: 'checkout tests fixed' }, occurredAt: at(4) },
  ];
}

describe('@hippocortex/sdk 1.2 client against Hx', () => {
  it('capture -> captureBatch -> learn -> listArtifacts -> getArtifact -> getMetrics', async () => {
    const { apiKey } = await newTenant(server);
    const hx = sdkClient(apiKey, `${server.url}/v1`);

    // capture: the README's example call.
    const captured = await hx.capture({
      type: 'message',
      sessionId: 'sess-42',
      payload: { role: 'user', content: 'Deploy to staging' },
    });
    expect(captured.eventId).toEqual(expect.any(String));
    expect(captured.status).toBe('ingested');
    expect(captured.salienceScore).toEqual(expect.any(Number));
    const dup = await hx.capture({
      type: 'message',
      sessionId: 'sess-42',
      payload: { role: 'user', content: 'Deploy to staging' },
    });
    expect(dup.status).toBe('duplicate');

    // captureBatch with metadata, as the client's CaptureEvent allows.
    const events = [
      ...agentTrace('run-1', 1),
      ...agentTrace('run-2', 2),
      {
        type: 'message',
        sessionId: 'chat-1',
        payload: { role: 'user', content: 'I prefer TypeScript and I live in Lisbon.' },
        metadata: { channel: 'web' },
      },
    ];
    const batch = await hx.captureBatch(events);
    expect(batch.results).toHaveLength(events.length);
    for (const r of batch.results) {
      expect(r.eventId).toEqual(expect.any(String));
      expect(['ingested', 'duplicate']).toContain(r.status);
    }
    expect(batch.summary).toEqual({ total: events.length, ingested: events.length, duplicates: 0, errors: 0 });

    // learn(): scope incremental and empty options; the fields the client reads are there at once.
    const run = await hx.learn();
    expect(run.runId).toMatch(/^job_/);
    expect(typeof run.status).toBe('string');
    for (const k of ['created', 'updated', 'unchanged']) expect(run.artifacts[k]).toEqual(expect.any(Number));
    expect(run.artifacts.byType).toEqual(expect.any(Object));
    for (const k of ['memoriesProcessed', 'patternsFound', 'compilationMs'])
      expect(run.stats[k]).toEqual(expect.any(Number));
    // The job finishes in the background; Hx's GET /v1/learn/jobs/:id shows it.
    let job = run;
    for (let i = 0; i < 200 && job.status !== 'completed' && job.status !== 'failed'; i++) {
      await new Promise((r) => setTimeout(r, 50));
      job = await jobOf(apiKey, run.runId);
    }
    expect(job.status).toBe('completed');
    expect(job.stats.eventsProcessed).toBe(events.length + 1);

    // learn with the client's options shape.
    const typed = await hx.learn({
      scope: 'full',
      minPatternStrength: 0.2,
      artifactTypes: ['task_schema', 'failure_playbook'],
    });
    expect(typed.runId).toMatch(/^job_/);

    // listArtifacts with every query parameter the client sends.
    const listed = await hx.listArtifacts({ sort: 'confidence', order: 'desc', limit: 2 });
    expect(Array.isArray(listed.artifacts)).toBe(true);
    expect(listed.artifacts.length).toBeGreaterThan(0);
    expect(listed.pagination.hasMore).toEqual(expect.any(Boolean));
    expect(listed.pagination.total).toEqual(expect.any(Number));
    expect(listed.pagination.total).toBeGreaterThanOrEqual(listed.artifacts.length);
    for (const a of listed.artifacts) {
      expect(a).toMatchObject({
        id: expect.any(String),
        type: expect.any(String),
        status: expect.stringMatching(/^(active|deprecated|superseded)$/),
        title: expect.any(String),
        content: expect.any(Object),
        confidence: expect.any(Number),
        evidenceCount: expect.any(Number),
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
      });
    }
    if (listed.pagination.hasMore) {
      const next = await hx.listArtifacts({
        sort: 'confidence',
        order: 'desc',
        limit: 2,
        cursor: listed.pagination.cursor,
      });
      const seen = new Set(listed.artifacts.map((a: { id: string }) => a.id));
      expect(next.artifacts.every((a: { id: string }) => !seen.has(a.id))).toBe(true);
    }
    const first = listed.artifacts[0];
    const filtered = await hx.listArtifacts({ type: first.type, status: 'active' });
    expect(filtered.artifacts.every((a: { type: string }) => a.type === first.type)).toBe(true);

    // getArtifact
    const got = await hx.getArtifact(first.id);
    expect(got).toMatchObject({ id: first.id, type: first.type, title: first.title, confidence: first.confidence });

    // getMetrics with the client's period and granularity.
    const metrics = await hx.getMetrics({ period: '24h', granularity: 'hour' });
    expect(metrics.period).toMatchObject({ start: expect.any(String), end: expect.any(String), granularity: 'hour' });
    expect(metrics.usage.events).toMatchObject({
      total: expect.any(Number),
      ingested: events.length + 1,
      duplicates: 1,
      errors: expect.any(Number),
      byType: expect.objectContaining({ message: 4, command_exec: 2 }),
    });
    expect(metrics.usage.compilations).toMatchObject({
      total: expect.any(Number),
      artifactsCreated: expect.any(Number),
      artifactsUpdated: expect.any(Number),
    });
    expect(metrics.usage.compilations.total).toBeGreaterThanOrEqual(1);
    expect(metrics.usage.syntheses).toMatchObject({
      total: expect.any(Number),
      avgTokensUsed: expect.any(Number),
      avgCompressionRatio: expect.any(Number),
    });
    expect(metrics.quota).toMatchObject({
      plan: expect.any(String),
      eventsUsed: events.length + 1,
      resetDate: expect.any(String),
    });
    // Hx answers null for an unlimited plan (the test server runs the enterprise plan).
    expect(metrics.quota.eventsLimit === null || typeof metrics.quota.eventsLimit === 'number').toBe(true);
  });

  it('synthesize(query, options)', async () => {
    const { apiKey } = await newTenant(server);
    const hx = sdkClient(apiKey, `${server.url}/v1`);
    await hx.captureBatch([
      {
        type: 'message',
        sessionId: 'c',
        payload: { role: 'user', content: 'Deploy the payment service with the blue-green script.' },
      },
    ]);
    const run = await hx.learn();
    for (let i = 0; i < 200; i++) {
      const job = await jobOf(apiKey, run.runId);
      if (job.status === 'completed' || job.status === 'failed') break;
      await new Promise((r) => setTimeout(r, 50));
    }
    for (const options of [
      undefined,
      { maxTokens: 500, sections: ['facts', 'procedures'], minConfidence: 0.1, includeProvenance: true },
    ]) {
      const ctx = await hx.synthesize('deploy payment service', options);
      expect(ctx.packId).toEqual(expect.any(String));
      expect(Array.isArray(ctx.entries)).toBe(true);
      for (const e of ctx.entries) {
        expect(e).toMatchObject({
          section: expect.any(String),
          content: expect.any(String),
          confidence: expect.any(Number),
        });
        for (const p of e.provenance ?? [])
          expect(p).toMatchObject({ sourceType: expect.any(String), sourceId: expect.any(String) });
      }
      expect(ctx.budget).toMatchObject({
        limit: expect.any(Number),
        used: expect.any(Number),
        compressionRatio: expect.any(Number),
        entriesIncluded: expect.any(Number),
        entriesDropped: expect.any(Number),
      });
      expect(ctx.budget.used).toBeLessThanOrEqual(ctx.budget.limit);
    }
  });

  it('errors arrive as the client expects them: ok false, code, message, details', async () => {
    const { apiKey } = await newTenant(server);
    const hx = sdkClient(apiKey, `${server.url}/v1`);
    const err = await hx.capture({ type: 'message', sessionId: 's', payload: 'not an object' }).catch((e) => e);
    expect(err).toBeInstanceOf(SdkError);
    expect(err.statusCode).toBe(400);
    expect(err.code).toBe('validation_error');
    expect(err.details).toEqual(expect.arrayContaining([expect.objectContaining({ field: 'payload' })]));
    const bad = sdkClient('hx_live_not_a_real_key_0000000000000000000000', `${server.url}/v1`);
    const unauth = await bad.getMetrics().catch((e) => e);
    expect(unauth.statusCode).toBe(401);
    expect(unauth.code).toBe('unauthorized');
    const missing = await hx.getArtifact('art_does_not_exist').catch((e) => e);
    expect(missing.statusCode).toBe(404);
    expect(missing.code).toBe('not_found');
  });
});

describe('the Hx SDK has the same flat calls, with the same arguments', () => {
  it('hx.capture(event), captureBatch(events), learn(options), synthesize(query, options), artifacts, metrics', async () => {
    const { apiKey } = await newTenant(server);
    const hx = new Hx({ baseUrl: server.url, apiKey, maxRetries: 0 });
    expect(typeof hx.capture).toBe('function');

    const one = await hx.capture({
      type: 'message',
      sessionId: 'flat',
      payload: { role: 'user', content: 'Deploy to staging' },
    });
    expect(one).toMatchObject({ eventId: expect.stringMatching(/^evt_/), status: 'ingested' });
    const events = [...agentTrace('run-1', 1), ...agentTrace('run-2', 2)] as CaptureInput[];
    const batch = await hx.captureBatch(events, { idempotencyKey: 'flat-batch-1' });
    expect(batch.summary).toEqual({ total: events.length, ingested: events.length, duplicates: 0, errors: 0 });
    // The same key and body answer the first result again, nothing stored twice.
    expect(await hx.captureBatch(events, { idempotencyKey: 'flat-batch-1' })).toEqual(batch);

    // learn with the 1.2 options shape, plus the Hx `wait`.
    const job = await hx.learn(
      { scope: 'full', minPatternStrength: 0.1, artifactTypes: ['task_schema', 'failure_playbook'], wait: true },
      { timeout: 60_000 },
    );
    expect(job.runId).toMatch(/^job_/);
    expect(job.options).toEqual({ minPatternStrength: 0.1, artifactTypes: ['task_schema', 'failure_playbook'] });
    expect(job.status).toBe('completed');
    expect(job.stats.eventsProcessed).toBe(events.length + 1);
    expect((await hx.learn.getJob({ id: job.runId })).status).toBe('completed');
    // The grouped calls still work unchanged.
    expect((await hx.learn.learn({ scope: 'incremental', wait: true })).status).toBe('completed');

    const ctx = await hx.synthesize('fix the failing checkout tests', {
      maxTokens: 300,
      sections: ['procedures', 'failures', 'facts'],
      sessionId: 'run-2',
    });
    expect(ctx.packId).toEqual(expect.any(String));
    expect(ctx.budget.limit).toBe(300);
    expect(ctx.budget.used).toBeLessThanOrEqual(300);
    expect(ctx.entries.every((e) => ['procedures', 'failures', 'facts', 'instructions'].includes(e.section))).toBe(
      true,
    );
    expect((await hx.synthesize.synthesize({ query: 'checkout tests' })).packId).toEqual(expect.any(String));

    const listed = await hx.listArtifacts({ sort: 'confidence', order: 'desc', limit: 1 });
    expect(listed.artifacts).toHaveLength(1);
    expect(listed.pagination.total).toBeGreaterThanOrEqual(1);
    const first = listed.artifacts[0]!;
    expect(['task_schema', 'failure_playbook']).toContain(first.type);
    if (listed.pagination.hasMore) {
      const next = await hx.listArtifacts({
        sort: 'confidence',
        order: 'desc',
        limit: 1,
        cursor: listed.pagination.cursor!,
      });
      expect(next.artifacts[0]?.id).not.toBe(first.id);
    }
    expect((await hx.getArtifact(first.id)).id).toBe(first.id);
    await expect(hx.getArtifact('art_does_not_exist')).rejects.toBeInstanceOf(NotFoundError);

    const metrics = await hx.getMetrics({ period: '24h', granularity: 'hour' });
    expect(metrics.period.granularity).toBe('hour');
    expect(metrics.usage.events.ingested).toBe(events.length + 1);

    const bad = await hx
      .capture({ type: 'message', sessionId: 's', payload: 'nope' as never })
      .catch((e: unknown) => e);
    expect(bad).toBeInstanceOf(ValidationError);
    expect((bad as ValidationError).status).toBe(400);
  }, 90_000);
});

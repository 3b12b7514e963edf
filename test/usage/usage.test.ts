/** GET /v1/usage-metrics through real HTTP: counts follow captures, duplicates and learns; scoped per tenant and environment. */
import type { CaptureEvent } from '@hx-memory/contract';
import { describe, expect, it } from 'vitest';
import { auth, createApiKey, expectStatus, newTenant, useTestServer } from '../helpers/index.js';

const server = useTestServer();

const metrics = async (key: string, query: { period?: '1h' | '24h' | '7d' | '30d' } = {}) =>
  expectStatus(await server.api(key).usage.get({ query }), 200).body.data;

describe('GET /v1/usage-metrics', () => {
  it('counts ingested events by type, duplicates, compilations and stored totals', async () => {
    const { apiKey } = await newTenant(server);
    const empty = await metrics(apiKey);
    expect(empty.usage.events).toEqual({ total: 0, ingested: 0, duplicates: 0, errors: 0, byType: {} });
    expect(empty.period.granularity).toBe('hour');
    expect(Date.parse(empty.period.end) - Date.parse(empty.period.start)).toBe(86_400_000);

    const events: CaptureEvent[] = [
      { type: 'message', sessionId: 's', payload: { role: 'user', content: 'I live in Rome and I love pasta.' } },
      { type: 'message', sessionId: 's', payload: { role: 'user', content: 'I live in Rome and I love pasta.' } },
      { type: 'command_exec', sessionId: 's', payload: { command: 'ls', exitCode: 0 } },
    ];
    await server.api(apiKey).capture.captureBatch({ body: { events } });
    await server.api(apiKey).learn.learn({ body: { wait: true } });
    const m = await metrics(apiKey, { period: '1h' });
    expect(m.period.granularity).toBe('minute');
    expect(m.usage.events).toEqual({
      total: 3,
      ingested: 2,
      duplicates: 1,
      errors: 0,
      byType: { message: 1, command_exec: 1 },
    });
    expect(m.usage.compilations).toMatchObject({ total: 1, completed: 1, failed: 0, eventsProcessed: 2 });
    expect(m.quota).toMatchObject({ plan: 'enterprise', eventsUsed: 2, eventsLimit: null, eventsRemaining: null });
    expect(m.storage.events).toBe(2);
    expect(m.storage.bytes).toBeGreaterThan(0);
    expect(m.memories.total).toBeGreaterThan(0);
    expect(m.storage.memories).toBe(m.memories.total);
    expect(m.storage.lineageEdges).toBeGreaterThan(0);
  });

  it('keeps tenants and environments apart', async () => {
    const a = await newTenant(server);
    const b = await newTenant(server);
    const testKey = await createApiKey(server, a.user, { environment: 'test' });
    await server
      .api(a.apiKey)
      .capture.capture({ body: { type: 'message', sessionId: 's', payload: { role: 'user', content: 'hello' } } });
    expect((await metrics(a.apiKey)).usage.events.ingested).toBe(1);
    expect((await metrics(b.apiKey)).usage.events.ingested).toBe(0);
    expect((await metrics(testKey)).usage.events.ingested).toBe(0);
    expect((await metrics(testKey)).storage.events).toBe(0);
  });

  it('validates the period and needs an API key', async () => {
    const { apiKey, jwt } = await newTenant(server);
    // Values the contract's types refuse: sent raw.
    const bad = await server.http().get('/v1/usage-metrics?period=1y&granularity=week').set(auth(apiKey));
    expect(bad.status).toBe(400);
    expect(bad.body.error.details.map((d: { field: string }) => d.field).sort()).toEqual([
      'query.granularity',
      'query.period',
    ]);
    expect((await server.api(jwt).usage.get()).status).toBe(401);
    expect((await server.api().usage.get()).status).toBe(401);
  });
});

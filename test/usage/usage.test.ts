/** GET /v1/usage-metrics through real HTTP: counts follow captures, duplicates and learns; scoped per tenant and environment. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey, newTenant, startTestServer, type TestServer } from '../helpers/server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const auth = (key: string) => ({ Authorization: `Bearer ${key}` });
const metrics = async (key: string, q = '') => {
  const res = await server.http().get(`/v1/usage-metrics${q}`).set(auth(key));
  expect(res.status).toBe(200);
  return res.body.data;
};

describe('GET /v1/usage-metrics', () => {
  it('counts ingested events by type, duplicates, compilations and stored totals', async () => {
    const { apiKey } = await newTenant(server);
    const empty = await metrics(apiKey);
    expect(empty.usage.events).toEqual({ total: 0, ingested: 0, duplicates: 0, errors: 0, byType: {} });
    expect(empty.period.granularity).toBe('hour');
    expect(Date.parse(empty.period.end) - Date.parse(empty.period.start)).toBe(86_400_000);

    const events = [
      { type: 'message', sessionId: 's', payload: { role: 'user', content: 'I live in Rome and I love pasta.' } },
      { type: 'message', sessionId: 's', payload: { role: 'user', content: 'I live in Rome and I love pasta.' } },
      { type: 'command_exec', sessionId: 's', payload: { command: 'ls', exitCode: 0 } },
    ];
    await server.http().post('/v1/capture/batch').set(auth(apiKey)).send({ events });
    await server.http().post('/v1/learn').set(auth(apiKey)).send({ wait: true });
    const m = await metrics(apiKey, '?period=1h');
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
      .http()
      .post('/v1/capture')
      .set(auth(a.apiKey))
      .send({ type: 'message', sessionId: 's', payload: { role: 'user', content: 'hello' } });
    expect((await metrics(a.apiKey)).usage.events.ingested).toBe(1);
    expect((await metrics(b.apiKey)).usage.events.ingested).toBe(0);
    expect((await metrics(testKey)).usage.events.ingested).toBe(0);
    expect((await metrics(testKey)).storage.events).toBe(0);
  });

  it('validates the period and needs an API key', async () => {
    const { apiKey, jwt } = await newTenant(server);
    const bad = await server.http().get('/v1/usage-metrics?period=1y&granularity=week').set(auth(apiKey));
    expect(bad.status).toBe(400);
    expect(bad.body.error.details.map((d: { field: string }) => d.field).sort()).toEqual([
      'query.granularity',
      'query.period',
    ]);
    expect((await server.http().get('/v1/usage-metrics').set(auth(jwt))).status).toBe(401);
    expect((await server.http().get('/v1/usage-metrics')).status).toBe(401);
  });
});

/** GET /v1/usage-metrics through real HTTP: counts follow captures, duplicates and learns; scoped per tenant and environment. */
import type { CaptureEvent } from '@hx-memory/contract';
import { describe, expect, it } from 'vitest';
import { auth, createApiKey, expectStatus, newTenant, useTestServer } from '../helpers/index.js';

const server = useTestServer();

const metrics = async (
  key: string,
  query: { period?: '1h' | '24h' | '7d' | '30d'; granularity?: 'minute' | 'hour' | 'day' } = {},
) => expectStatus(await server.api(key).usage.get({ query }), 200).body.data;

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

  it('answers the period as a series of granularity buckets, every bucket present, summing to the totals', async () => {
    const { apiKey } = await newTenant(server);
    const api = server.api(apiKey);
    await api.capture.captureBatch({
      body: {
        events: [
          { type: 'message', sessionId: 's', payload: { role: 'user', content: 'My sister Ada moved to Lisbon.' } },
          { type: 'message', sessionId: 's', payload: { role: 'user', content: 'My sister Ada moved to Lisbon.' } },
          { type: 'message', sessionId: 's', payload: { role: 'user', content: 'She works as a pilot.' } },
        ],
      },
    });
    await api.learn.learn({ body: { wait: true } });
    const synth = expectStatus(await api.synthesize.synthesize({ body: { query: 'Where does Ada live?' } }), 200).body
      .data;
    const sum = (series: { events: number; compilations: number; syntheses: number; tokensUsed: number }[]) =>
      series.reduce(
        (a, p) => ({
          events: a.events + p.events,
          compilations: a.compilations + p.compilations,
          syntheses: a.syntheses + p.syntheses,
          tokensUsed: a.tokensUsed + p.tokensUsed,
        }),
        { events: 0, compilations: 0, syntheses: 0, tokensUsed: 0 },
      );
    const expected = { events: 2, compilations: 1, syntheses: 1, tokensUsed: synth.budget.used };
    expect(synth.budget.used).toBeGreaterThan(0);

    const steps = { minute: 60_000, hour: 3_600_000, day: 86_400_000 };
    const cases = [
      { query: { period: '1h' }, granularity: 'minute' },
      { query: { period: '24h' }, granularity: 'hour' },
      { query: { period: '24h', granularity: 'minute' }, granularity: 'minute' },
      { query: { period: '7d' }, granularity: 'day' },
      { query: { period: '7d', granularity: 'hour' }, granularity: 'hour' },
      // 43,200 minutes would be too many points: answered by hour, and said so.
      { query: { period: '30d', granularity: 'minute' }, granularity: 'hour' },
    ] as const;
    for (const c of cases) {
      const m = await metrics(apiKey, c.query);
      expect(m.period.granularity, JSON.stringify(c.query)).toBe(c.granularity);
      const step = steps[c.granularity];
      const starts = m.series.map((p) => Date.parse(p.start));
      // Consecutive buckets, aligned to the step, from the bucket holding the period's start to the one holding its end.
      for (let i = 1; i < starts.length; i++) expect(starts[i] - starts[i - 1]).toBe(step);
      expect(starts[0] % step).toBe(0);
      expect(starts[0]).toBeLessThanOrEqual(Date.parse(m.period.start));
      expect(starts[0] + step).toBeGreaterThan(Date.parse(m.period.start) - (c.granularity === 'minute' ? 0 : step));
      expect(starts.at(-1)).toBeLessThanOrEqual(Date.parse(m.period.end));
      expect((starts.at(-1) ?? 0) + step).toBeGreaterThan(Date.parse(m.period.end));
      expect(sum(m.series), JSON.stringify(c.query)).toEqual(expected);
      expect(sum(m.series).events).toBe(m.usage.events.ingested);
      expect(sum(m.series).syntheses).toBe(m.usage.syntheses.total);
      // Everything happened just now: in the last bucket or, across a bucket boundary, the one before.
      const recent = m.series.slice(-2);
      expect(sum(recent)).toEqual(expected);
    }
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

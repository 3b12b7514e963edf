/**
 * The SDK calls a new user reaches for first: `hx.listArtifacts()` keeps the @hippocortex/sdk shape
 * (`{ artifacts, pagination }`, one page) and also iterates over every page; `hx.learnAndWait()`
 * returns the finished job, polling when the server answered before the job ended.
 */
import { Hx } from '@hx-memory/sdk';
import { describe, expect, it } from 'vitest';
import { newTenant, useTestServer } from '../helpers/server.js';

const server = useTestServer({}, { timeout: 600_000 });

async function learnedTenant(tag: string) {
  const { apiKey } = await newTenant(server, tag);
  const hx = new Hx({ baseUrl: server.url, apiKey, maxRetries: 0 });
  await hx.captureBatch([
    { type: 'message', sessionId: 's1', payload: { role: 'user', content: 'I moved to Berlin last week.' } },
    { type: 'message', sessionId: 's1', payload: { role: 'user', content: 'I prefer short answers, in German.' } },
    { type: 'message', sessionId: 's2', payload: { role: 'user', content: 'I work on the billing service.' } },
  ]);
  return hx;
}

describe('SDK, the first hour', () => {
  it('learnAndWait: the finished job, also when the server answers 202 first (wait: false)', async () => {
    const hx = await learnedTenant('sdk-poll');
    const polled = await hx.learnAndWait({ wait: false }, { pollIntervalMs: 50 });
    expect(polled.status).toBe('completed');
    expect(polled.stats.eventsProcessed).toBe(3);
    const again = await hx.learnAndWait({ scope: 'full' });
    expect(again.status).toBe('completed');
    expect(again.id).not.toBe(polled.id);
  }, 120_000);

  it('listArtifacts: one page as { artifacts, pagination }, and for await over every page', async () => {
    const hx = await learnedTenant('sdk-list');
    await hx.learnAndWait();
    const all = (await hx.artifacts.list({ limit: 100 })).items.map((a) => a.id);
    expect(all.length).toBeGreaterThan(2);

    const first = await hx.listArtifacts({ limit: 2 });
    expect(Object.keys(first).sort()).toEqual(['artifacts', 'pagination']);
    expect(first.artifacts).toHaveLength(2);
    expect(first.pagination.hasMore).toBe(true);
    expect(JSON.parse(JSON.stringify(first))).toEqual({ artifacts: first.artifacts, pagination: first.pagination });

    const iterated: string[] = [];
    for await (const artifact of first) iterated.push(artifact.id);
    expect(iterated).toEqual(all);
  }, 120_000);
});

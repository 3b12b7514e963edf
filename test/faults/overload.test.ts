/**
 * Fault: overload by large batches. Sixteen parallel 9.6 MiB batches from one key: the server takes
 * on what its per-credential bounds allow and refuses the rest at once (429 with Retry-After), while
 * another tenant's captures, /health and /metrics keep answering.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Answer,
  call,
  cleanupAll,
  message,
  newTenant,
  type ServerProcess,
  skipReason,
  sleep,
  startPostgres,
  startServerProcess,
} from './harness.js';

/** 1000 events of ~9.9 KB: a 9.6+ MiB body, under the 10 MiB batch limit. */
function bigBatch(tag: string): Buffer {
  const filler = 'The deploy pipeline ran the integration suite against staging. '.repeat(160).slice(0, 9900);
  const events = Array.from({ length: 1000 }, (_, i) => message(`${tag} ${i} ${filler}`, `${tag}`));
  return Buffer.from(JSON.stringify({ events }));
}

/** A socket error as an answer of status 0, so that every outcome is counted. */
const failed = (err: Error): Answer => ({ status: 0, headers: {}, body: { error: err.message }, ms: 0 });

describe.skipIf(skipReason)('overload by large batches', () => {
  let server: ServerProcess;

  beforeAll(async () => {
    const pg = await startPostgres();
    server = await startServerProcess({ DATABASE_URL: pg.url });
  }, 300_000);
  afterAll(() => cleanupAll());

  it('refuses what is over the bounds with Retry-After; others, /health and /metrics keep answering', async () => {
    const heavy = await newTenant(server.url, 'heavy');
    const light = await newTenant(server.url, 'light');
    const bodies = Array.from({ length: 16 }, (_, i) => bigBatch(`big-${i}`));
    expect(bodies[0]!.length).toBeGreaterThan(9.5 * 1024 * 1024);

    let done = false;
    const probes: Answer[] = [];
    const others: Answer[] = [];
    const probing = (async () => {
      while (!done) {
        probes.push(await call(server.url, 'GET', '/health').catch(failed));
        probes.push(await call(server.url, 'GET', '/metrics').catch(failed));
        await sleep(200);
      }
    })();
    const otherTenant = (async () => {
      let i = 0;
      while (!done) {
        others.push(
          await call(server.url, 'POST', '/v1/capture', { token: light.apiKey, body: message(`light ${i++}`) }),
        );
        await sleep(100);
      }
    })();
    const batches = await Promise.all(
      bodies.map((raw) =>
        call(server.url, 'POST', '/v1/capture/batch', { token: heavy.apiKey, raw, timeoutMs: 240_000 }),
      ),
    );
    done = true;
    await Promise.all([probing, otherTenant]);

    const statuses = batches.map((b) => b.status);
    const accepted = batches.filter((b) => b.status === 201);
    const refused = batches.filter((b) => b.status === 429 || b.status === 503);
    expect(accepted.length + refused.length, JSON.stringify(statuses)).toBe(16);
    expect(accepted.length).toBeGreaterThan(0);
    expect(refused.length).toBeGreaterThan(0);
    for (const r of refused) {
      expect(['rate_limited', 'service_unavailable']).toContain(r.body.error.code);
      expect(Number(r.headers['retry-after'])).toBeGreaterThan(0);
    }
    // A refusal waits only for the client's upload (discarded unread), never for the accepted work.
    expect(Math.min(...refused.map((r) => r.ms))).toBeLessThan(Math.max(...accepted.map((a) => a.ms)));

    // The probes answered throughout, quickly; the other tenant was never refused.
    expect(probes.length).toBeGreaterThan(2);
    expect(probes.filter((p) => p.status !== 200).map((p) => p.status)).toEqual([]);
    const slowestProbe = Math.max(...probes.map((p) => p.ms));
    console.info(
      `overload: ${accepted.length} batches accepted, ${refused.length} refused; slowest probe ${slowestProbe} ms`,
    );
    expect(slowestProbe).toBeLessThan(5000);
    expect(others.filter((o) => o.status !== 201).map((o) => o.status)).toEqual([]);
  }, 300_000);
});

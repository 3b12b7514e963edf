/**
 * Fault: PostgreSQL goes away. Backends terminated under load (several times), the server stopped
 * while idle and under load. The process must live through all of it; while the database is gone,
 * requests answer 503 service_unavailable with Retry-After in bounded time and /health says down;
 * service resumes by itself; the log never shows SQL parameters (the hashed API key among them).
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Answer,
  call,
  cleanupAll,
  loadLoop,
  message,
  newTenant,
  type PrivatePostgres,
  type ServerProcess,
  skipReason,
  sleep,
  startPostgres,
  startServerProcess,
  until,
} from './harness.js';

const CONNECT_TIMEOUT_MS = 2000;

describe.skipIf(skipReason)('PostgreSQL loss', () => {
  let pg: PrivatePostgres;
  let server: ServerProcess;
  let apiKey: string;

  beforeAll(async () => {
    pg = await startPostgres();
    server = await startServerProcess({
      DATABASE_URL: pg.url,
      DB_CONNECT_TIMEOUT_MS: String(CONNECT_TIMEOUT_MS),
      LOG_LEVEL: 'info',
    });
    ({ apiKey } = await newTenant(server.url));
  }, 300_000);

  afterAll(() => cleanupAll());

  /** Mixed traffic: captures, reads and searches with the one key. */
  const traffic = (i: number): Promise<Answer> => {
    switch (i % 4) {
      case 3:
        // A transaction of its own: a backend terminated between its statements.
        return call(server.url, 'POST', '/v1/capture/batch', {
          token: apiKey,
          body: { events: Array.from({ length: 50 }, (_, j) => message(`batch ${i} event ${j}`, `b-${i}`)) },
        });
      case 0:
        return call(server.url, 'POST', '/v1/capture', {
          token: apiKey,
          body: message(`load event ${i}`, `s-${i % 7}`),
        });
      case 1:
        return call(server.url, 'GET', '/v1/memories?limit=5', { token: apiKey });
      default:
        return call(server.url, 'POST', '/v1/synthesize', { token: apiKey, body: { query: `load event ${i}` } });
    }
  };

  /** Every answer under the fault is a success or a clean 503 with Retry-After; none is a 500 or a cut socket. */
  function expectCleanAnswers(results: Awaited<ReturnType<typeof loadLoop<Answer>>>) {
    const cut = results.filter((r) => !r.ok);
    expect(cut.map((r) => (r.ok ? '' : r.error.message))).toEqual([]);
    const answers = results.flatMap((r) => (r.ok ? [r.value] : []));
    const unexpected = answers.filter((a) => !(a.status < 300 || a.status === 503));
    expect(unexpected.map((a) => `${a.status} ${JSON.stringify(a.body)}`)).toEqual([]);
    for (const a of answers.filter((x) => x.status === 503)) {
      expect(a.body.error.code).toBe('service_unavailable');
      expect(Number(a.headers['retry-after'])).toBeGreaterThan(0);
    }
    return answers;
  }

  async function expectResumed() {
    const resumed = await until(
      async () =>
        (await call(server.url, 'POST', '/v1/capture', { token: apiKey, body: message(`back ${Date.now()}`) }))
          .status === 201,
      30_000,
      250,
    );
    expect(resumed).toBe(true);
    const health = await call(server.url, 'GET', '/health');
    expect(health.status).toBe(200);
    expect(health.body.postgres).toBe('up');
  }

  it('lives through backends terminated under load, five times, and keeps serving', async () => {
    let stop = false;
    const load = loadLoop(10, () => stop, traffic);
    let terminated = 0;
    for (let round = 0; round < 5; round++) {
      await sleep(700);
      terminated += pg.terminateBackends();
    }
    await sleep(1000);
    stop = true;
    const results = await load;
    expect(terminated).toBeGreaterThan(0);
    expect(server.alive()).toBe(true);
    const answers = expectCleanAnswers(results);
    expect(answers.filter((a) => a.status < 300).length).toBeGreaterThan(0);
    await expectResumed();
  }, 300_000);

  it('answers 503 with Retry-After in bounded time while PostgreSQL is stopped, and resumes by itself', async () => {
    pg.stop('fast');
    try {
      const health = await call(server.url, 'GET', '/health');
      expect(health.status).toBe(503);
      expect(health.body.status).toBe('down');
      expect(health.ms).toBeLessThan(CONNECT_TIMEOUT_MS + 3000);
      const capture = await call(server.url, 'POST', '/v1/capture', { token: apiKey, body: message('while down') });
      expect(capture.status).toBe(503);
      expect(capture.body.error.code).toBe('service_unavailable');
      expect(Number(capture.headers['retry-after'])).toBeGreaterThan(0);
      expect(capture.ms).toBeLessThan(CONNECT_TIMEOUT_MS * 2 + 3000);
      expect(server.alive()).toBe(true);
    } finally {
      await pg.start();
    }
    await expectResumed();
  }, 300_000);

  it('lives through PostgreSQL stopped and restarted under load', async () => {
    let stop = false;
    const load = loadLoop(6, () => stop, traffic);
    await sleep(1500);
    pg.stop('fast');
    await sleep(3000);
    await pg.start();
    await sleep(1500);
    stop = true;
    const results = await load;
    expect(server.alive()).toBe(true);
    const answers = expectCleanAnswers(results);
    expect(answers.some((a) => a.status === 503)).toBe(true);
    await expectResumed();
  }, 300_000);

  it('never logs SQL parameters: no hashed API key, no "params:" in the output', () => {
    const output = server.output();
    // The faults above were logged (warnings), so the log was really exercised.
    expect(output).toMatch(/database (unavailable|connection lost)/);
    const hashed = createHash('sha256').update(apiKey).digest('hex');
    expect(output).not.toContain(hashed);
    expect(output).not.toContain(apiKey);
    expect(output).not.toMatch(/params: /);
  });
});

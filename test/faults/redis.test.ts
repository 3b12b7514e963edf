/**
 * Faults of Redis and of job workers. Redis stopped: capture goes on (rate limits fall back to
 * memory), learn answers at once with its job recorded and queued, /health says degraded, and the job
 * runs once Redis is back. A worker killed mid-learn: another takes the job over within seconds (not
 * the minute of BullMQ's default locks), and the result is the same as an uninterrupted run.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  cleanupAll,
  cpuMs,
  message,
  newTenant,
  type PrivatePostgres,
  type PrivateRedis,
  skipReason,
  sleep,
  startPostgres,
  startRedis,
  startServerProcess,
  until,
} from './harness.js';

describe.skipIf(skipReason)('Redis loss and worker takeover', () => {
  let pg: PrivatePostgres;
  let redis: PrivateRedis;

  beforeAll(async () => {
    [pg, redis] = await Promise.all([startPostgres(), startRedis()]);
  }, 300_000);
  afterAll(() => cleanupAll());

  const capture = (url: string, apiKey: string, n: number, session: string) =>
    call(url, 'POST', '/v1/capture/batch', {
      token: apiKey,
      body: {
        events: Array.from({ length: n }, (_, i) =>
          message(
            `${session}: I always run the linter before I push commit ${i}; my editor is vim`,
            `${session}-${i % 10}`,
          ),
        ),
      },
    });
  const job = (url: string, apiKey: string, id: string) => call(url, 'GET', `/v1/learn/jobs/${id}`, { token: apiKey });

  it('Redis stopped during capture and learn: bounded answers, degraded health, the job runs when Redis returns', async () => {
    const server = await startServerProcess({ DATABASE_URL: pg.url, REDIS_URL: redis.url });
    const { apiKey } = await newTenant(server.url, 'redis');
    expect((await capture(server.url, apiKey, 100, 'before')).status).toBe(201);
    redis.stop();
    try {
      const health = await call(server.url, 'GET', '/health');
      expect(health.status).toBe(200);
      expect(health.body).toMatchObject({ status: 'degraded', redis: 'down', postgres: 'up' });
      // Capture does not need Redis: answered, and promptly.
      for (let i = 0; i < 5; i++) {
        const res = await call(server.url, 'POST', '/v1/capture', {
          token: apiKey,
          body: message(`while redis is down ${i}`),
        });
        expect(res.status).toBe(201);
        expect(res.ms).toBeLessThan(5000);
      }
      // Learn answers within the enqueue bound, the job recorded as queued; wait: true does not wait on a dead queue.
      const learn = await call(server.url, 'POST', '/v1/learn', { token: apiKey, body: {}, timeoutMs: 20_000 });
      expect(learn.status).toBe(202);
      expect(learn.body.data.status).toBe('queued');
      expect(learn.ms).toBeLessThan(8000);
      const waited = await call(server.url, 'POST', '/v1/learn', {
        token: apiKey,
        body: { wait: true },
        timeoutMs: 20_000,
      });
      expect(waited.status).toBe(202);
      expect(waited.ms).toBeLessThan(8000);
      await redis.start();
      // Handed to the queue when Redis is back, and run.
      const ids = [learn.body.data.id, waited.body.data.id];
      const done = await until(
        async () =>
          (await Promise.all(ids.map((id) => job(server.url, apiKey, id)))).every(
            (j) => j.body.data.status === 'completed',
          ),
        60_000,
        500,
      );
      expect(done).toBe(true);
      // The two jobs reach the queue together when Redis returns and may run in either order: the
      // 105 events are compiled exactly once between them.
      const jobs = await Promise.all(ids.map((id) => job(server.url, apiKey, id)));
      const processed = jobs.map((j) => j.body.data.stats.eventsProcessed as number);
      expect(processed.reduce((a, b) => a + b, 0)).toBe(105);
      expect((await call(server.url, 'GET', '/health')).body.status).toBe('ok');
    } finally {
      await redis.start().catch(() => {});
    }
    expect(server.alive()).toBe(true);
    server.child.kill('SIGTERM');
    await server.exited;
  }, 300_000);

  it('a worker killed mid-learn: another takes the job over within seconds, with the same result', async () => {
    const env = { DATABASE_URL: pg.url, REDIS_URL: redis.url, QUEUE_PREFIX: `hx-fault-${Date.now()}` };
    const a = await startServerProcess(env);
    const b = await startServerProcess(env);
    const { apiKey } = await newTenant(a.url, 'takeover');
    const reference = await newTenant(a.url, 'reference');
    for (let i = 0; i < 6; i++) {
      expect((await capture(a.url, apiKey, 1000, `t${i}`)).status).toBe(201);
      expect((await capture(a.url, reference.apiKey, 1000, `t${i}`)).status).toBe(201);
    }
    const ref = await call(a.url, 'POST', '/v1/learn', { token: reference.apiKey, body: { scope: 'full' } });
    expect(
      await until(
        async () => (await job(a.url, reference.apiKey, ref.body.data.id)).body.data.status === 'completed',
        120_000,
        500,
      ),
    ).toBe(true);

    const learn = await call(a.url, 'POST', '/v1/learn', { token: apiKey, body: { scope: 'full' } });
    const id = learn.body.data.id as string;
    // Kill the process holding the job as soon as a chunk is committed.
    expect(
      await until(async () => (await job(b.url, apiKey, id)).body.data.stats.eventsProcessed > 0, 120_000, 50),
    ).toBe(true);
    const status = await job(b.url, apiKey, id);
    expect(status.body.data.status).toBe('running');
    // Which process runs it is BullMQ's choice: the one burning CPU holds it. Kill that one.
    const before = [cpuMs(a.child.pid as number), cpuMs(b.child.pid as number)];
    await sleep(300);
    const after = [cpuMs(a.child.pid as number), cpuMs(b.child.pid as number)];
    const [holder, other] = after[0]! - before[0]! >= after[1]! - before[1]! ? [a, b] : [b, a];
    holder.child.kill('SIGKILL');
    const killedAt = Date.now();
    await holder.exited;
    const done = await until(
      async () => (await job(other.url, apiKey, id)).body.data.status === 'completed',
      120_000,
      200,
    );
    const tookMs = Date.now() - killedAt;
    expect(done).toBe(true);
    console.info(`takeover: job completed ${tookMs} ms after the kill`);
    expect(tookMs).toBeLessThan(30_000);
    const final = (await job(other.url, apiKey, id)).body.data;
    const expected = (await job(other.url, reference.apiKey, ref.body.data.id)).body.data;
    // Exactly once: every event compiled once, the same memories as the uninterrupted run.
    expect(final.stats.eventsProcessed).toBe(6000);
    expect(final.stats.memoriesCreated).toBe(expected.stats.memoriesCreated);
    const mine = await call(other.url, 'GET', '/v1/memories?limit=100', { token: apiKey });
    const theirs = await call(other.url, 'GET', '/v1/memories?limit=100', { token: reference.apiKey });
    expect(mine.body.data.memories.map((m: { content: string }) => m.content).sort()).toEqual(
      theirs.body.data.memories.map((m: { content: string }) => m.content).sort(),
    );
    other.child.kill('SIGTERM');
    await other.exited;
  }, 400_000);
});

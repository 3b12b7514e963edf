/**
 * Scale-out on CI's real PostgreSQL and Redis (DESIGN.md §3): API replicas with JOBS_WORKER=false and
 * `hx worker` processes sharing one database, one Redis and one QUEUE_PREFIX. Learn jobs started on one
 * replica are run by a worker and seen alike through every replica; a worker killed mid-way leaves its
 * jobs to the next; the lifecycle sweep runs once per interval for the deployment, not once per
 * process. Shared rate limits are tested in test/limits/shared-instances.test.ts.
 */
import { randomUUID } from 'node:crypto';
import type { ChildProcess } from 'node:child_process';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningWorker, startWorker } from '@hx-memory/server';
import * as schema from '../../server/src/db/schema/index.js';
import { createOrg, expectStatus, newTenant, startTestServer, type TestServer } from '../helpers/index.js';
import { captureConversation, isolatedDatabase, sleep, spawnWorker, sweepPolicy, until } from './scale-out-fixtures.js';

const REDIS_URL = process.env.REDIS_URL;
const DATABASE_URL = process.env.DATABASE_URL;
const shared = Boolean(REDIS_URL && DATABASE_URL);
const LOG_LEVEL = process.env.TEST_LOG_LEVEL ?? 'silent';
const reason = 'needs REDIS_URL and DATABASE_URL (CI runs it on real PostgreSQL and Redis)';

/** Skipped suites say why in their title. */
const title = (name: string) => (shared ? name : `${name} [skipped: ${reason}]`);

let database: { url: string; drop: () => Promise<void> } | undefined;
beforeAll(async () => {
  if (shared) database = await isolatedDatabase(DATABASE_URL!);
});
afterAll(async () => {
  await database?.drop();
});

describe.skipIf(!shared)(title('API replicas (JOBS_WORKER=false) + workers on one queue'), () => {
  const QUEUE_PREFIX = `hx-test-bull:${randomUUID()}`;
  let a: TestServer;
  let b: TestServer;
  let worker: RunningWorker | undefined;
  let child: ChildProcess | undefined;
  const jobs: Array<{ id: string; key: string }> = [];

  const env = () => ({
    DATABASE_URL: database!.url,
    REDIS_URL: REDIS_URL!,
    QUEUE_PREFIX,
    // A dead worker's job goes back to the queue after 2 s instead of BullMQ's default 30 s.
    JOBS_LOCK_MS: '2000',
    LOG_LEVEL: LOG_LEVEL,
  });
  const jobRows = async () =>
    a.ctx.db
      .select({ id: schema.learnJobs.id, status: schema.learnJobs.status })
      .from(schema.learnJobs)
      .where(
        inArray(
          schema.learnJobs.id,
          jobs.map((j) => j.id),
        ),
      );

  beforeAll(async () => {
    // The first boot migrates the fresh database; the second finds it migrated.
    a = await startTestServer({ ...env(), JOBS_WORKER: 'false' });
    b = await startTestServer({ ...env(), JOBS_WORKER: 'false' });
  });
  afterAll(async () => {
    child?.kill('SIGKILL');
    await worker?.close();
    await a?.close();
    await b?.close();
  });

  it('replicas only enqueue: without a worker, learn jobs stay queued', async () => {
    for (let i = 0; i < 8; i++) {
      const server = i % 2 === 0 ? a : b;
      const { apiKey } = await newTenant(server, `scale-${i}`);
      await captureConversation(server, apiKey, 200);
      const res = await server.api(apiKey).learn.learn({ body: { scope: 'full' } });
      const job = expectStatus(res, 202).body.data;
      expect(job.status).toBe('queued');
      jobs.push({ id: job.id, key: apiKey });
    }
    await sleep(1500);
    const rows = await jobRows();
    expect(rows.map((r) => r.status)).toEqual(jobs.map(() => 'queued'));
  });

  it('a worker killed mid-way (SIGKILL): another worker completes every queued job', async () => {
    const started = await spawnWorker(env());
    child = started.child;
    expect(started.banner).toContain(`prefix ${QUEUE_PREFIX}`);
    // Kill as soon as the worker has taken a job: it dies holding it, the rest still queued.
    expect(await until(async () => (await jobRows()).some((r) => r.status !== 'queued'), 30_000, 20)).toBe(true);
    child.kill('SIGKILL');
    await until(async () => child!.exitCode !== null || child!.signalCode !== null, 5000, 20);
    const atKill = await jobRows();
    expect(atKill.filter((r) => r.status !== 'completed').length).toBeGreaterThan(0);

    worker = await startWorker(env());
    const done = await until(async () => (await jobRows()).every((r) => r.status === 'completed'), 45_000, 200);
    const final = await jobRows();
    expect(done, JSON.stringify(final)).toBe(true);
    // Seen alike through either replica, with the compile's counts.
    for (const job of jobs) {
      const viaA = await a.api(job.key).learn.getJob({ params: { id: job.id } });
      const viaB = await b.api(job.key).learn.getJob({ params: { id: job.id } });
      const seenByA = expectStatus(viaA, 200).body.data;
      expect(expectStatus(viaB, 200).body.data).toEqual(seenByA);
      expect(seenByA.stats.eventsProcessed).toBe(200);
    }
  }, 120_000);

  it('learn with wait: true on replica A is run by the worker and answered 200 by A; B shows the same job', async () => {
    const { apiKey } = await newTenant(a, 'wait');
    await captureConversation(a, apiKey, 20);
    const job = expectStatus(await a.api(apiKey).learn.learn({ body: { wait: true } }), 200).body.data;
    expect(job.status).toBe('completed');
    expect(job.stats.eventsProcessed).toBe(20);
    const viaB = await b.api(apiKey).learn.getJob({ params: { id: job.id } });
    expect(expectStatus(viaB, 200).body.data).toEqual(job);
    // The memories the worker wrote are read through B.
    const mems = await b.api(apiKey).memories.list({ query: { limit: 10 } });
    expect(expectStatus(mems, 200).body.data.memories.length).toBeGreaterThan(0);
  });

  it('a queued job polled through replica B moves from queued to completed', async () => {
    const { apiKey } = await newTenant(b, 'poll');
    await captureConversation(a, apiKey, 20);
    const started = expectStatus(await a.api(apiKey).learn.learn({ body: {} }), 202).body.data;
    const seen = new Set<string>();
    const finished = await until(async () => {
      const res = await b.api(apiKey).learn.getJob({ params: { id: started.id } });
      const { status } = expectStatus(res, 200).body.data;
      seen.add(status);
      return status === 'completed';
    }, 20_000);
    expect(finished, [...seen].join(',')).toBe(true);
  });
});

describe.skipIf(!shared)(title('lifecycle sweep across replicas'), () => {
  const QUEUE_PREFIX = `hx-test-bull:${randomUUID()}`;
  const INTERVAL_MS = 1000;
  const processes: Array<{ close(): Promise<void> }> = [];
  let c: TestServer;

  beforeAll(async () => {
    const env = {
      DATABASE_URL: database!.url,
      REDIS_URL: REDIS_URL!,
      QUEUE_PREFIX,
      LIFECYCLE_INTERVAL_MS: String(INTERVAL_MS),
      LOG_LEVEL,
    };
    // Three consumers of one queue: two API replicas that also run jobs (the default) and a worker.
    c = await startTestServer(env);
    processes.push(c, await startTestServer(env), await startWorker(env));
  });
  afterAll(async () => {
    for (const p of processes) await p.close();
  });

  it('applies each policy once per interval for the deployment, not once per process', async () => {
    const org = await createOrg(c);
    const policyId = await sweepPolicy(c, org);
    const countRuns = async () => {
      const rows = await c.ctx.db
        .select({ details: schema.auditLogs.details })
        .from(schema.auditLogs)
        .where(
          and(
            eq(schema.auditLogs.tenantId, org.owner.tenantId),
            eq(schema.auditLogs.action, 'lifecycle_policy.applied'),
            eq(schema.auditLogs.resourceId, policyId),
          ),
        );
      return rows.filter((r) => r.details.trigger === 'schedule').length;
    };
    const start = await countRuns();
    const windowMs = 5 * INTERVAL_MS + 500;
    await sleep(windowMs);
    const runs = (await countRuns()) - start;
    // Once per interval: about 5 in the window. Once per process would be about 15.
    expect(runs).toBeGreaterThanOrEqual(3);
    expect(runs).toBeLessThanOrEqual(7);
    const [row] = await c.ctx.database.rows<{ last_run_at: Date | null }>(
      sql`select last_run_at from lifecycle_policies where id = ${policyId}`,
    );
    expect(row?.last_run_at).not.toBeNull();
  }, 30_000);
});

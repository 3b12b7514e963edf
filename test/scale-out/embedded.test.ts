/**
 * Jobs on the embedded default (no Redis, no PostgreSQL): the process runs its own jobs, so
 * JOBS_WORKER=false is refused at start (nobody would ever run them), `hx worker` refuses to start,
 * and the lifecycle sweep runs on the in-process timer. Always runs.
 */
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { loadConfig, loadWorkerConfig, startWorker } from '@hx-memory/server';
import * as schema from '../../server/src/db/schema/index.js';
import { createOrg, startTestServer, useTestServer } from '../helpers/index.js';
import { hx, sleep, sweepPolicy } from './scale-out-fixtures.js';

const embedded = { DATABASE_URL: '', REDIS_URL: '' };

describe('JOBS_WORKER configuration', () => {
  it('defaults to true and accepts only true or false', () => {
    expect(loadConfig({}).JOBS_WORKER).toBe(true);
    expect(loadConfig({ JOBS_WORKER: 'true' }).JOBS_WORKER).toBe(true);
    expect(() => loadConfig({ JOBS_WORKER: 'no' })).toThrow(/JOBS_WORKER: must be true or false/);
  });

  it('JOBS_WORKER=false is refused on the embedded default with a config error naming what is missing', async () => {
    expect(() => loadConfig({ JOBS_WORKER: 'false' })).toThrow(
      /Invalid configuration:\n {2}JOBS_WORKER: false needs REDIS_URL and DATABASE_URL/,
    );
    await expect(startTestServer({ ...embedded, JOBS_WORKER: 'false' })).rejects.toThrow(
      /JOBS_WORKER: false needs REDIS_URL and DATABASE_URL/,
    );
  });

  it('JOBS_WORKER=false is refused with Redis but the embedded database (a worker could not reach it)', () => {
    expect(() => loadConfig({ JOBS_WORKER: 'false', REDIS_URL: 'redis://127.0.0.1:6379' })).toThrow(
      /JOBS_WORKER: false needs REDIS_URL and DATABASE_URL/,
    );
    expect(
      loadConfig({
        JOBS_WORKER: 'false',
        REDIS_URL: 'redis://127.0.0.1:6379',
        DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/hx',
      }).JOBS_WORKER,
    ).toBe(false);
  });

  it('a worker needs Redis and PostgreSQL, and always consumes (JOBS_WORKER=false in a shared environment is ignored)', async () => {
    expect(() => loadWorkerConfig({})).toThrow(/REDIS_URL, DATABASE_URL: hx worker needs REDIS_URL and DATABASE_URL/);
    expect(() => loadWorkerConfig({ REDIS_URL: 'redis://127.0.0.1:6379' })).toThrow(/DATABASE_URL: hx worker needs/);
    await expect(startWorker(embedded)).rejects.toThrow(/hx worker needs REDIS_URL and DATABASE_URL/);
    const config = loadWorkerConfig({
      JOBS_WORKER: 'false',
      REDIS_URL: 'redis://127.0.0.1:6379',
      DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/hx',
    });
    expect(config.JOBS_WORKER).toBe(true);
  });
});

describe('hx worker (CLI process)', () => {
  it('--help describes the command', async () => {
    const run = await hx(['worker', '--help']);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('Usage: hx worker');
    expect(run.stdout).toMatch(/REDIS_URL and DATABASE_URL/);
    expect(run.stdout).toContain('--queue-prefix');
    const top = await hx(['--help']);
    expect(top.stdout).toMatch(/worker \[options\]\s+run a job worker/);
  });

  it('exits 1 with the config error on the embedded default', async () => {
    const run = await hx(['worker']);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/hx worker needs REDIS_URL and DATABASE_URL/);
  });
});

describe('lifecycle sweep on the embedded default', () => {
  const server = useTestServer({ ...embedded, LIFECYCLE_INTERVAL_MS: '1000' });

  it('runs on the in-process timer, once per interval', async () => {
    const org = await createOrg(server);
    const policyId = await sweepPolicy(server, org);
    await sleep(3500);
    const rows = await server.ctx.db
      .select({ details: schema.auditLogs.details })
      .from(schema.auditLogs)
      .where(and(eq(schema.auditLogs.action, 'lifecycle_policy.applied'), eq(schema.auditLogs.resourceId, policyId)));
    const scheduled = rows.filter((r) => r.details.trigger === 'schedule').length;
    expect(scheduled).toBeGreaterThanOrEqual(2);
    expect(scheduled).toBeLessThanOrEqual(4);
  });
});

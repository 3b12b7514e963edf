/**
 * Replicas that start together (issue 26, finding 3): on a fresh PostgreSQL database, two API
 * replicas (JOBS_WORKER=false) and one `hx worker` started at the same moment all come up, the
 * migrations are applied exactly once (server/src/db/migrate.ts holds a PostgreSQL advisory lock), and
 * the deployment serves: an account made on one replica captures on the other, and a learn asked of
 * one runs on the worker. And a process that cannot start exits non-zero at once instead of lingering.
 *
 * Needs DATABASE_URL and REDIS_URL (CI's PostgreSQL+Redis stage); it makes and drops databases of its
 * own on that server and uses its own queue and rate-limit prefixes on that Redis.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Hx } from '@hx-memory/sdk';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { type Exit, freePort, watchOutput } from '../helpers/processes.js';
import { useScratchDatabase } from '../helpers/scratch-database.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const skipReason =
  !process.env.DATABASE_URL || !process.env.REDIS_URL
    ? 'needs DATABASE_URL and REDIS_URL (a shared PostgreSQL and Redis): run in the PostgreSQL+Redis stage'
    : undefined;
if (skipReason) console.info(`test/release/concurrent-start skipped: ${skipReason}`);

interface Proc {
  name: string;
  child: ChildProcess;
  output: () => string;
  exited: Promise<Exit>;
}

const children: Proc[] = [];

function start(name: string, entry: 'server' | 'worker', env: Record<string, string>): Proc {
  // node with tsx as a loader (not tsx's CLI, which would run the program in a grandchild): signals
  // reach the process itself, as in production.
  const args =
    entry === 'server'
      ? ['--conditions=hx-source', '--import', 'tsx', path.join(root, 'server/src/main.ts')]
      : ['--conditions=hx-source', '--import', 'tsx', path.join(root, 'cli/src/main.ts'), 'worker'];
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const proc = { name, child, ...watchOutput(child) };
  children.push(proc);
  return proc;
}

async function waitFor(proc: Proc, text: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!proc.output().includes(text)) {
    if (proc.child.exitCode !== null || proc.child.signalCode !== null) {
      throw new Error(
        `${proc.name} exited (${proc.child.exitCode ?? proc.child.signalCode}) before "${text}":\n${proc.output()}`,
      );
    }
    if (Date.now() > deadline) throw new Error(`${proc.name}: no "${text}" within ${timeoutMs} ms:\n${proc.output()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe.skipIf(skipReason)('replicas and a worker started together on a fresh database', () => {
  const suffix = `${Date.now().toString(36)}_${process.pid}`;
  const databaseUrl = useScratchDatabase(`hx_concurrent_${suffix}`, async () => {
    for (const p of children) if (p.child.exitCode === null && p.child.signalCode === null) p.child.kill('SIGKILL');
    await Promise.all(children.map((p) => p.exited));
  });

  it('all three come up, migrate once, serve, and a learn runs on the worker', async () => {
    const shared = {
      DATABASE_URL: databaseUrl(),
      REDIS_URL: process.env.REDIS_URL as string,
      QUEUE_PREFIX: `hx:bull:concurrent:${suffix}`,
      RATE_LIMIT_PREFIX: `hx:rl:concurrent:${suffix}`,
      JWT_SECRET: 'concurrent-start-jwt-secret-0123456789abcdef',
      VAULT_KEK: Buffer.alloc(32, 7).toString('base64'),
    };
    const [portA, portB] = [await freePort(), await freePort()];
    // At the same moment: nothing orders them, so each races the others to the empty database.
    const replicaA = start('replica A', 'server', { ...shared, PORT: String(portA), JOBS_WORKER: 'false' });
    const replicaB = start('replica B', 'server', { ...shared, PORT: String(portB), JOBS_WORKER: 'false' });
    const worker = start('worker', 'worker', { ...shared });
    await Promise.all([
      waitFor(replicaA, 'Hx server listening on', 180_000),
      waitFor(replicaB, 'Hx server listening on', 180_000),
      waitFor(worker, 'Hx worker: consuming', 180_000),
    ]);

    // Every migration is recorded once, whoever applied it.
    const client = new pg.Client({ connectionString: databaseUrl() });
    await client.connect();
    const journal = JSON.parse(readFileSync(path.join(root, 'server/drizzle/meta/_journal.json'), 'utf8')) as {
      entries: unknown[];
    };
    const applied = await client.query(
      'select hash, count(*)::int as n from drizzle.__drizzle_migrations group by hash',
    );
    await client.end();
    expect(applied.rows.length).toBe(journal.entries.length);
    expect(applied.rows.every((r) => r.n === 1)).toBe(true);

    const a = new Hx({ baseUrl: `http://127.0.0.1:${portA}`, maxRetries: 0 });
    const { tokens } = await a.auth.register({
      email: `concurrent-${suffix}@example.com`,
      password: 'correct-horse-battery',
      name: 'concurrent',
    });
    const { key } = await a.withOptions({ accessToken: tokens.accessToken }).apiKeys.create({
      name: 'concurrent',
      environment: 'test',
    });
    const onA = new Hx({ baseUrl: `http://127.0.0.1:${portA}`, apiKey: key, maxRetries: 0 });
    const onB = new Hx({ baseUrl: `http://127.0.0.1:${portB}`, apiKey: key, maxRetries: 0 });
    await onB.capture({
      type: 'message',
      sessionId: 'concurrent',
      payload: { role: 'user', content: 'I moved to Lisbon in March.' },
    });
    // The replicas do not consume jobs (JOBS_WORKER=false): a completed learn ran on the worker.
    const job = await onA.learnAndWait({}, { waitTimeoutMs: 90_000 });
    expect(job.status).toBe('completed');
    const pack = await onB.synthesize('Where does the user live?', { maxTokens: 300 });
    expect(pack.context).toContain('Lisbon');

    for (const p of [replicaA, replicaB, worker]) p.child.kill('SIGTERM');
    const exits = await Promise.all([replicaA.exited, replicaB.exited, worker.exited]);
    expect(exits.map((e) => e.code)).toEqual([0, 0, 0]);
  }, 300_000);

  it('a process that cannot start exits non-zero at once', async () => {
    // A database nobody listens on: the start fails within DB_CONNECT_TIMEOUT_MS; the process must not
    // linger on its pool's idle timers (it did for 20-40 s) before a supervisor can restart it.
    const deadPort = await freePort();
    const env = {
      DATABASE_URL: `postgres://postgres@127.0.0.1:${deadPort}/none`,
      REDIS_URL: process.env.REDIS_URL as string,
      QUEUE_PREFIX: `hx:bull:dead:${suffix}`,
      DB_CONNECT_TIMEOUT_MS: '1000',
    };
    const worker = start('dead worker', 'worker', env);
    const replica = start('dead replica', 'server', { ...env, PORT: String(await freePort()) });
    for (const p of [worker, replica]) {
      let failedAt = 0;
      const seen = new Promise<void>((resolve) => {
        const look = () => {
          if (/ECONNREFUSED|did not start|error/i.test(p.output())) {
            failedAt = Date.now();
            resolve();
          } else setTimeout(look, 20);
        };
        look();
      });
      const exit = await p.exited;
      await seen;
      expect(exit.code, `${p.name}:\n${p.output()}`).not.toBe(0);
      expect(exit.code).not.toBeNull();
      // From the error on its output to the exit: immediate, not a pool's idle timeout.
      expect(exit.at - failedAt, p.name).toBeLessThan(3000);
    }
  }, 120_000);
});

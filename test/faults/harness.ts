/**
 * Fault-test harness: a private PostgreSQL 15 (initdb into a temp directory, its own port) and a
 * private redis-server (own port), so the tests can stop, kill and terminate them without touching the
 * machine's shared services; the Hx server runs as a child process (a crash kills only it, and signals
 * reach it as in production). Everything started here is registered and torn down in `cleanupAll`,
 * also when the test process exits early.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { request as httpRequest, type Agent } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, watchOutput } from '../helpers/processes.js';

const PG_BIN = '/usr/lib/postgresql/15/bin';
const REDIS_SERVER = ['/usr/bin/redis-server', '/usr/local/bin/redis-server'].find((p) => existsSync(p));
const isRoot = process.getuid?.() === 0;

const missing = [
  !existsSync(join(PG_BIN, 'initdb')) && `${PG_BIN}/initdb`,
  !existsSync(join(PG_BIN, 'pg_ctl')) && `${PG_BIN}/pg_ctl`,
  !REDIS_SERVER && 'redis-server',
].filter(Boolean);

/**
 * Why the fault tests are skipped, or undefined when they run: they need the real binaries, and run in
 * CI's PostgreSQL+Redis stage (DATABASE_URL set) or when asked (HX_FAULTS=1), not in the embedded
 * `npm test` run, which they would slow down by minutes.
 */
export const skipReason: string | undefined =
  missing.length > 0
    ? `fault tests need ${missing.join(', ')} (Debian postgresql-15 and redis-server)`
    : !process.env.DATABASE_URL && process.env.HX_FAULTS !== '1'
      ? 'fault tests run in the PostgreSQL+Redis stage (DATABASE_URL set) or with HX_FAULTS=1'
      : undefined;

if (skipReason) console.info(`test/faults skipped: ${skipReason}`);

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export { freePort };

/** Polls `check` until true or the timeout; answers whether it became true. */
export async function until(check: () => boolean | Promise<boolean>, timeoutMs: number, everyMs = 100) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      if (await check()) return true;
    } catch {
      // not yet
    }
    if (Date.now() >= deadline) return false;
    await sleep(everyMs);
  }
}

const cleanups: Array<() => void> = [];
/** Tears down everything the harness started (synchronously: also runs on process exit). */
export function cleanupAll() {
  while (cleanups.length > 0) {
    try {
      cleanups.pop()?.();
    } catch {
      // best effort: the rest must still go
    }
  }
}
process.once('exit', cleanupAll);

function asPostgres(cmd: string, args: string[], timeout = 240_000) {
  const [file, argv] = isRoot ? ['runuser', ['-u', 'postgres', '--', cmd, ...args]] : [cmd, args];
  return execFileSync(file, argv, { stdio: 'pipe', timeout }).toString();
}

export interface PrivatePostgres {
  url: string;
  port: number;
  /** `pg_ctl stop`: fast by default (terminates every backend), immediate for a crash. */
  stop(mode?: 'fast' | 'immediate'): void;
  start(): Promise<void>;
  /** Terminates every client backend (what a pooler restart or an operator does). */
  terminateBackends(): number;
  /** Client connections open to the database now. */
  connections(): number;
}

export async function startPostgres(): Promise<PrivatePostgres> {
  const dir = mkdtempSync(join(tmpdir(), 'hx-fault-pg-'));
  if (isRoot) execFileSync('chown', ['postgres:postgres', dir]);
  const data = join(dir, 'data');
  const port = await freePort();
  asPostgres(join(PG_BIN, 'initdb'), ['-D', data, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8']);
  const opts = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=60`;
  const pgctl = (args: string[]) => asPostgres(join(PG_BIN, 'pg_ctl'), ['-D', data, ...args]);
  const psql = (query: string) =>
    execFileSync('psql', ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', '-d', 'postgres', '-AtXqc', query], {
      stdio: 'pipe',
      timeout: 20_000,
    })
      .toString()
      .trim();
  let running = false;
  const start = async () => {
    pgctl(['-o', opts, '-l', join(dir, 'log'), '-w', '-t', '60', 'start']);
    running = true;
  };
  const stop = (mode: 'fast' | 'immediate' = 'fast') => {
    if (!running) return;
    pgctl(['-m', mode, '-w', '-t', '60', 'stop']);
    running = false;
  };
  cleanups.push(() => {
    try {
      stop('immediate');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
  await start();
  psql('create database hx');
  return {
    url: `postgres://postgres@127.0.0.1:${port}/hx`,
    port,
    stop,
    start,
    terminateBackends: () =>
      Number(
        psql(
          "select count(pg_terminate_backend(pid)) from pg_stat_activity where datname = 'hx' and pid <> pg_backend_pid()",
        ),
      ),
    connections: () => Number(psql("select count(*) from pg_stat_activity where datname = 'hx'")),
  };
}

export interface PrivateRedis {
  url: string;
  stop(): void;
  start(): Promise<void>;
}

export async function startRedis(): Promise<PrivateRedis> {
  const dir = mkdtempSync(join(tmpdir(), 'hx-fault-redis-'));
  const port = await freePort();
  const pidfile = join(dir, 'redis.pid');
  const pid = () => (existsSync(pidfile) ? Number(execFileSync('cat', [pidfile]).toString().trim()) : 0);
  const ping = () => {
    try {
      return (
        execFileSync('redis-cli', ['-p', String(port), 'ping'], { stdio: 'pipe', timeout: 2000 })
          .toString()
          .trim() === 'PONG'
      );
    } catch {
      return false;
    }
  };
  const start = async () => {
    execFileSync(REDIS_SERVER as string, [
      '--port',
      String(port),
      '--bind',
      '127.0.0.1',
      '--save',
      '',
      '--appendonly',
      'no',
      '--daemonize',
      'yes',
      '--pidfile',
      pidfile,
      '--dir',
      dir,
      '--logfile',
      join(dir, 'log'),
    ]);
    if (!(await until(ping, 10_000, 50))) throw new Error('private redis-server did not start');
  };
  const stop = () => {
    const p = pid();
    if (p > 0) {
      try {
        process.kill(p, 'SIGKILL');
      } catch {
        // already gone
      }
    }
    rmSync(pidfile, { force: true });
  };
  cleanups.push(() => {
    stop();
    rmSync(dir, { recursive: true, force: true });
  });
  await start();
  return { url: `redis://127.0.0.1:${port}`, stop, start };
}

const root = process.cwd();

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** Everything the process printed so far (stdout and stderr). */
  output(): string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  alive(): boolean;
}

/** Starts `server/src/main.ts` as a child process; resolves once it listens. */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'hx-fault-data-'));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  // node itself (tsx as a loader, not its CLI, which runs the program in a grandchild): signals and
  // kill -9 reach the server, not a wrapper.
  const child = spawn(
    process.execPath,
    ['--conditions=hx-source', '--import', 'tsx', join(root, 'server/src/main.ts')],
    {
      cwd: root,
      env: {
        PATH: process.env.PATH ?? '',
        HOST: '127.0.0.1',
        PORT: String(port),
        DATA_DIR: dataDir,
        JWT_SECRET: 'fault-tests-jwt-secret-0123456789abcdef',
        LOG_LEVEL: 'warn',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const { output, exited } = watchOutput(child);
  cleanups.push(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  });
  const ready = await until(() => output().includes('Hx server listening on') || child.exitCode !== null, 180_000, 50);
  if (!ready || child.exitCode !== null) {
    child.kill('SIGKILL');
    throw new Error(`server did not start:\n${output()}`);
  }
  return {
    url: `http://127.0.0.1:${port}`,
    child,
    output,
    exited,
    alive: () => child.exitCode === null && child.signalCode === null,
  };
}

/** CPU time (ms) the process has used so far, from /proc. */
export function cpuMs(pid: number): number {
  const fields =
    execFileSync('cat', [`/proc/${pid}/stat`])
      .toString()
      .split(') ')[1]
      ?.split(' ') ?? [];
  // utime and stime are fields 14 and 15 of stat, 12 and 13 after the command name.
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: any;
  ms: number;
}

/** One HTTP request; rejects on a socket error (a request cut), never on an HTTP status. */
export function call(
  url: string,
  method: string,
  path: string,
  opts: {
    token?: string;
    body?: unknown;
    raw?: Buffer;
    agent?: Agent;
    timeoutMs?: number;
    headers?: Record<string, string>;
  } = {},
): Promise<Answer> {
  const started = Date.now();
  const payload = opts.raw ?? (opts.body === undefined ? undefined : Buffer.from(JSON.stringify(opts.body)));
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      `${url}${path}`,
      {
        method,
        agent: opts.agent ?? false,
        headers: {
          ...(payload ? { 'content-type': 'application/json', 'content-length': String(payload.length) } : {}),
          ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
          ...opts.headers,
        },
        timeout: opts.timeoutMs ?? 60_000,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('error', reject);
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString();
          let body: unknown = text;
          try {
            body = JSON.parse(text);
          } catch {
            // not JSON (metrics)
          }
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body, ms: Date.now() - started });
        });
      },
    );
    req.on('timeout', () => req.destroy(new Error(`timeout after ${opts.timeoutMs ?? 60_000} ms`)));
    req.on('error', reject);
    if (payload) req.write(payload);
    req.end();
  });
}

/** A fresh tenant: registers a user and creates a live API key. */
export async function newTenant(url: string, tag = 'fault'): Promise<{ apiKey: string; jwt: string }> {
  const email = `${tag}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const reg = await call(url, 'POST', '/v1/auth/register', {
    body: { email, password: 'correct-horse-battery', name: tag },
  });
  if (reg.status !== 201) throw new Error(`register: ${reg.status} ${JSON.stringify(reg.body)}`);
  const jwt = reg.body.data.tokens.accessToken as string;
  const key = await call(url, 'POST', '/v1/api-keys', { token: jwt, body: { name: 'fault', environment: 'live' } });
  if (key.status !== 201) throw new Error(`api key: ${key.status} ${JSON.stringify(key.body)}`);
  return { apiKey: key.body.data.key as string, jwt };
}

export const message = (content: string, sessionId = 'fault-sess') => ({
  type: 'message',
  sessionId,
  payload: { role: 'user', content },
});

/** Runs `fn` on `concurrency` loops until `stop()` is true; answers every outcome. */
export async function loadLoop<T>(concurrency: number, stop: () => boolean, fn: (i: number) => Promise<T>) {
  const results: Array<{ ok: true; value: T } | { ok: false; error: Error }> = [];
  let i = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (!stop()) {
        const n = i++;
        try {
          results.push({ ok: true, value: await fn(n) });
        } catch (error) {
          results.push({ ok: false, error: error as Error });
        }
      }
    }),
  );
  return results;
}

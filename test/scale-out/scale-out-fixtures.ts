/**
 * Fixtures of the scale-out suites: a database of their own on CI's PostgreSQL (the lifecycle sweep
 * applies every policy of its database, so it must not run on the one other suites share), the `hx`
 * CLI as a real process, and small polling helpers.
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../../server/src/db/client.js';
import type { CaptureEvent } from '@hx-memory/contract';
import { must, type TestOrg, type TestServer } from '../helpers/index.js';

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A lifecycle policy that purges events older than 30 days in every namespace of `org`; answers its id. */
export async function sweepPolicy(server: TestServer, org: TestOrg): Promise<string> {
  const res = await server.api(org.owner).lifecycle.create({
    params: { orgId: org.id },
    body: { name: 'Sweep', scope: 'namespace:*', retentionDays: 30 },
  });
  return must('sweep policy', res, 201).body.data.id;
}

/** Creates `hx_scale_<random>` next to DATABASE_URL's database; answers its URL and a drop function. */
export async function isolatedDatabase(baseUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `hx_scale_${randomBytes(6).toString('hex')}`;
  const admin = await openDatabase({ databaseUrl: baseUrl, dataDir: 'memory://', max: 1 });
  try {
    await admin.rows(sql.raw(`create database ${name}`));
  } finally {
    await admin.close();
  }
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const again = await openDatabase({ databaseUrl: baseUrl, dataDir: 'memory://', max: 1 });
      try {
        await again.rows(sql.raw(`drop database if exists ${name} with (force)`));
      } finally {
        await again.close();
      }
    },
  };
}

/** Polls `check` until it answers true or `timeoutMs` passes; answers whether it did. */
export async function until(check: () => Promise<boolean>, timeoutMs: number, everyMs = 100): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return true;
    if (Date.now() >= deadline) return false;
    await sleep(everyMs);
  }
}

const root = process.cwd();
const tsx = join(root, 'node_modules/.bin/tsx');
const main = join(root, 'cli/src/main.ts');

/** Environment of a CLI child: PATH only, plus what the test passes (no inherited DATABASE_URL/REDIS_URL). */
const childEnv = (env: Record<string, string>) => ({ PATH: process.env.PATH ?? '', LOG_LEVEL: 'silent', ...env });

export function hx(
  args: string[],
  env: Record<string, string> = {},
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(tsx, [main, ...args], { cwd: root, env: childEnv(env), timeout: 60_000 }, (error, stdout, stderr) => {
      resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stdout, stderr });
    });
  });
}

/**
 * Starts `hx worker` as a real process; resolves once it printed that it runs. Node itself runs it,
 * with tsx as a loader: the tsx binary is a wrapper that spawns node, so a SIGKILL sent to it left the
 * worker running after the suite (seen as orphaned `hx worker` processes after CI runs).
 */
export async function spawnWorker(env: Record<string, string>): Promise<{ child: ChildProcess; banner: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', main, 'worker'], {
    cwd: root,
    env: childEnv(env),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout?.on('data', (d) => {
    out += String(d);
  });
  child.stderr?.on('data', (d) => {
    err += String(d);
  });
  const started = await until(async () => out.includes('Hx worker:') || child.exitCode !== null, 60_000, 50);
  if (!started || child.exitCode !== null) {
    child.kill('SIGKILL');
    throw new Error(`hx worker did not start (exit ${child.exitCode}): ${out}${err}`);
  }
  return { child, banner: out };
}

/** A few messages in one session: enough for the compiler to make memories. */
export async function captureConversation(server: TestServer, key: string, count = 40) {
  const events = Array.from(
    { length: count },
    (_, i): CaptureEvent => ({
      type: 'message',
      sessionId: `s${i % 4}`,
      subjectId: 'user-1',
      payload: {
        role: 'user',
        content: `I live in Paris and I work as a nurse number ${i}. I love hiking on weekends.`,
      },
      occurredAt: new Date(Date.UTC(2024, 0, 10, 10, i % 60)).toISOString(),
    }),
  );
  must('capture', await server.api(key).capture.captureBatch({ body: { events } }), 201);
}

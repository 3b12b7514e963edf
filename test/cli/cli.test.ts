/**
 * The `hx` CLI run as a real process (tsx on cli/src/main.ts) against a test server: help, health,
 * register/login with the saved 0600 config, keys, the core loop, import and errors.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestServer, startTestServer, uniqueEmail } from '../helpers/server.js';

let server: TestServer;
let configHome: string;
const root = process.cwd();
const tsx = join(root, 'node_modules/.bin/tsx');
const main = join(root, 'cli/src/main.ts');
const password = 'correct-horse-battery';

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

function hx(args: string[], env: Record<string, string> = {}, input?: string): Promise<Run> {
  return new Promise((resolve) => {
    const child = execFile(
      tsx,
      [main, ...args],
      {
        cwd: root,
        env: {
          PATH: process.env.PATH ?? '',
          HOME: configHome,
          XDG_CONFIG_HOME: join(configHome, 'config'),
          HX_URL: server.url,
          ...env,
        },
        timeout: 60_000,
      },
      (error, stdout, stderr) => {
        resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stdout, stderr });
      },
    );
    if (input !== undefined) child.stdin?.end(input);
    else child.stdin?.end();
  });
}

beforeAll(async () => {
  server = await startTestServer();
  configHome = mkdtempSync(join(tmpdir(), 'hx-cli-'));
});
afterAll(async () => {
  await server?.close();
});

describe('hx CLI', () => {
  it('--help lists the commands', async () => {
    const run = await hx(['--help']);
    expect(run.code).toBe(0);
    for (const command of ['serve', 'health', 'login', 'keys', 'orgs', 'capture', 'learn', 'synthesize', 'import']) {
      expect(run.stdout).toContain(command);
    }
  });

  it('health prints a table, or JSON with --json', async () => {
    const table = await hx(['health']);
    expect(table.code).toBe(0);
    expect(table.stdout).toMatch(/status\s*│\s*ok/);
    const json = await hx(['health', '--json']);
    expect(JSON.parse(json.stdout)).toMatchObject({ status: 'ok', version: server.ctx.version });
  });

  it('health fails with exit code 1 when nothing listens', async () => {
    const run = await hx(['health'], { HX_URL: 'http://127.0.0.1:1' });
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/error: /);
  });

  it('register and login save the session with mode 0600; keys create, list and revoke use it', async () => {
    const email = uniqueEmail('cli');
    const register = await hx(['register', '--email', email, '--json'], { HX_PASSWORD: password });
    expect(register.code, register.stderr).toBe(0);
    const login = await hx(['login', '--email', email], {}, `${password}\n`);
    expect(login.code, login.stderr).toBe(0);
    const configFile = join(configHome, 'config/hx/config.json');
    expect(statSync(configFile).mode & 0o777).toBe(0o600);
    const saved = JSON.parse(readFileSync(configFile, 'utf8'));
    expect(saved).toMatchObject({ email, url: server.url });
    expect(saved.accessToken).toMatch(/\S+\.\S+\.\S+/);

    const created = await hx(['keys', 'create', 'cli key', '--env', 'test', '--json']);
    expect(created.code, created.stderr).toBe(0);
    const key = JSON.parse(created.stdout);
    expect(key.key).toMatch(/^hx_test_/);

    const list = await hx(['keys', 'list']);
    expect(list.stdout).toContain(key.id);
    expect(list.stdout).toContain('cli key');

    const revoked = await hx(['keys', 'revoke', key.id, '--json']);
    expect(JSON.parse(revoked.stdout)).toEqual({ id: key.id, deleted: true });
    const after = JSON.parse((await hx(['keys', 'list', '--json'])).stdout);
    expect(after.find((k: { id: string }) => k.id === key.id).revoked).toBe(true);
  }, 120_000);

  it('reports API errors with code, request id and exit code 1', async () => {
    const run = await hx(['login', '--email', uniqueEmail('nobody'), '--password', 'wrong-password']);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/error: unauthorized: .+\(request \S+\)/);
    const json = await hx(['login', '--email', 'not-an-email', '--password', 'x', '--json']);
    expect(json.code).toBe(1);
    expect(JSON.parse(json.stdout).error).toMatchObject({ status: 400, code: 'validation_error' });
  });

  it('captures, imports a JSON-lines file, learns and synthesizes with an API key', async () => {
    const email = uniqueEmail('cli-core');
    await hx(['register', '--email', email, '--password', password]);
    const created = JSON.parse((await hx(['keys', 'create', 'core', '--save', '--json'])).stdout);
    const env = { HX_API_KEY: created.key };
    const capture = await hx(
      ['capture', '--session', 's1', '--content', 'I always deploy with blue-green releases.', '--json'],
      env,
    );
    expect(capture.code, capture.stderr).toBe(0);
    expect(JSON.parse(capture.stdout).eventId).toMatch(/^evt_/);

    const file = join(configHome, 'events.jsonl');
    const lines = Array.from({ length: 7 }, (_, i) =>
      JSON.stringify({ type: 'message', payload: { role: 'user', content: `Fact number ${i}: I like tea ${i}.` } }),
    );
    writeFileSync(file, `${lines.join('\n')}\n`);
    const imported = await hx(['import', file, '--session', 's2', '--batch-size', '3', '--json'], env);
    expect(imported.code, imported.stderr).toBe(0);
    expect(JSON.parse(imported.stdout)).toMatchObject({ total: 7, batches: 3, errors: 0 });

    const learn = await hx(['learn', '--full', '--json'], env);
    expect(learn.code, learn.stderr).toBe(0);
    expect(JSON.parse(learn.stdout).jobId).toMatch(/^job_/);
    const synth = await hx(['synthesize', 'How do I deploy?', '--json'], env);
    expect(synth.code, synth.stderr).toBe(0);
    expect(typeof JSON.parse(synth.stdout).context).toBe('string');
    const artifacts = await hx(['artifacts', 'list', '--json'], env);
    expect(artifacts.code, artifacts.stderr).toBe(0);
    expect(Array.isArray(JSON.parse(artifacts.stdout))).toBe(true);
  }, 180_000);
});

/**
 * The `hx` CLI as a real process against a test server: help, health, register/login with the saved
 * 0600 files, keys, API errors, and the core loop (capture, learn, synthesize, artifacts).
 */
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTestServer, uniqueEmail } from '../helpers/server.js';
import { hx, json, newHome, signUp } from './run-hx.js';

const password = 'correct-horse-battery';

const server = useTestServer({}, { timeout: 600_000 });

describe('hx CLI', () => {
  it('--help lists every area, with examples; health prints a table or JSON', async () => {
    const home = newHome(server.url);
    const [help, table, asJson] = await Promise.all([
      hx(home, ['--help']),
      hx(home, ['health']),
      hx(home, ['health', '--json']),
    ]);
    expect(help.code).toBe(0);
    for (const command of [
      'serve',
      'migrate',
      'login',
      'profiles',
      'keys',
      'capture',
      'import',
      'learn',
      'synthesize',
      'memories',
      'forget',
      'usage',
      'orgs',
      'teams',
      'members',
      'agents',
      'namespaces',
      'policies',
      'lifecycle',
      'audit',
      'vault',
      'admin',
    ]) {
      expect(help.stdout).toMatch(new RegExp(`\\n  ${command} `));
    }
    expect(help.stdout).toContain('Examples:');
    expect(table.code).toBe(0);
    expect(table.stdout).toMatch(/status\s*│\s*ok/);
    expect(json(asJson)).toMatchObject({ status: 'ok', version: server.ctx.version });
  }, 600_000);

  it('health fails with exit code 1 when nothing listens', async () => {
    const run = await hx(newHome('http://127.0.0.1:1'), ['health']);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/error: /);
  }, 600_000);

  it('register and login save the session in 0600 files; keys create, list and revoke use it', async () => {
    const home = newHome(server.url);
    const email = uniqueEmail('cli');
    const register = await hx(home, ['register', '--email', email, '--json'], { env: { HX_PASSWORD: password } });
    expect(register.code, register.stderr).toBe(0);
    expect(json(register)).toMatchObject({ email });
    const login = await hx(home, ['login', '--email', email], { input: `${password}\n` });
    expect(login.code, login.stderr).toBe(0);
    for (const file of ['config.json', 'credentials.json']) {
      expect(statSync(join(home.configDir, file)).mode & 0o777).toBe(0o600);
    }
    expect(statSync(home.configDir).mode & 0o777).toBe(0o700);
    const config = JSON.parse(readFileSync(join(home.configDir, 'config.json'), 'utf8'));
    expect(config.profiles.default).toEqual({ url: server.url, email });
    expect(JSON.stringify(config)).not.toMatch(/Token/);
    const credentials = JSON.parse(readFileSync(join(home.configDir, 'credentials.json'), 'utf8'));
    expect(credentials.profiles.default.accessToken).toMatch(/\S+\.\S+\.\S+/);
    expect(credentials.profiles.default.refreshToken).toBeTruthy();

    const created = await hx(home, ['keys', 'create', 'cli key', '--env', 'test', '--json']);
    expect(created.code, created.stderr).toBe(0);
    const key = json<{ id: string; key: string }>(created);
    expect(key.key).toMatch(/^hx_test_/);
    const list = await hx(home, ['keys', 'list']);
    expect(list.stdout).toContain(key.id);
    expect(list.stdout).toContain('cli key');
    const revoked = await hx(home, ['keys', 'revoke', key.id, '--yes', '--json']);
    expect(json(revoked)).toEqual({ id: key.id, deleted: true });
    const after = json<{ id: string; revoked: boolean }[]>(await hx(home, ['keys', 'list', '--json']));
    expect(after.find((k) => k.id === key.id)?.revoked).toBe(true);
  }, 600_000);

  it('reports API errors with code and request id (exit 1); with --json as an envelope on stderr only', async () => {
    const home = newHome(server.url);
    const [text, asJson] = await Promise.all([
      hx(home, ['login', '--email', uniqueEmail('nobody')], { input: 'wrong-password\n' }),
      hx(home, ['login', '--email', 'not-an-email', '--password-stdin', '--json'], { input: 'x\n' }),
    ]);
    expect(text.code).toBe(1);
    expect(text.stderr).toMatch(/error: unauthorized: .+\(request \S+\)/);
    expect(text.stdout).toBe('');
    expect(asJson.code).toBe(1);
    expect(asJson.stdout).toBe('');
    expect(JSON.parse(asJson.stderr)).toMatchObject({
      ok: false,
      error: { status: 400, code: 'validation_error', requestId: expect.any(String) },
    });
  }, 600_000);

  it('captures, learns, synthesizes and lists artifacts with the saved API key', async () => {
    const home = newHome(server.url);
    await signUp(home, uniqueEmail('cli-core'));
    const capture = await hx(home, [
      'capture',
      '--session',
      's1',
      'I always deploy with blue-green releases.',
      '--json',
    ]);
    expect(capture.code, capture.stderr).toBe(0);
    expect(json(capture).eventId).toMatch(/^evt_/);
    const learn = await hx(home, ['learn', '--full', '--wait', '--json']);
    expect(learn.code, learn.stderr).toBe(0);
    expect(json(learn)).toMatchObject({ id: expect.stringMatching(/^job_/), status: 'completed' });
    const [synth, artifacts] = await Promise.all([
      hx(home, ['synthesize', 'How do I deploy?', '--json']),
      hx(home, ['artifacts', 'list', '--json']),
    ]);
    expect(synth.code, synth.stderr).toBe(0);
    expect(json(synth).context).toMatch(/blue-green/);
    expect(artifacts.code, artifacts.stderr).toBe(0);
    expect(Array.isArray(json(artifacts))).toBe(true);
  }, 600_000);
});

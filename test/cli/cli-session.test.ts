/**
 * Profiles and the saved session: each profile keeps its own server, account and tokens (0600), and
 * an expired access token is renewed with the saved refresh token by itself (the rotated pair saved),
 * both before sending (expiry read from the token) and after a 401.
 */
import { execFile } from 'node:child_process';
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readProfile, writeProfile } from '../../cli/src/config-store.js';
import { refreshingFetch } from '../../cli/src/session-refresh.js';
import { Hx } from '@hx-memory/sdk';
import { useTestServer, uniqueEmail } from '../helpers/server.js';
import { hx, json, newHome } from './run-hx.js';

const ACCESS_TTL_SECONDS = 2;
const server = useTestServer({ JWT_ACCESS_TTL_SECONDS: String(ACCESS_TTL_SECONDS) }, { timeout: 600_000 });

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('hx profiles and session refresh', () => {
  it('renews an expired session with the saved refresh token and saves the rotated pair', async () => {
    const home = newHome(server.url);
    const credentialsFile = join(home.configDir, 'credentials.json');
    const tokens = () => JSON.parse(readFileSync(credentialsFile, 'utf8')).profiles.ops;
    const email = uniqueEmail('cli-refresh');
    const register = await hx(home, ['--profile', 'ops', 'register', '-e', email, '--password-stdin'], {
      input: 'correct-horse-battery\n',
    });
    expect(register.code, register.stderr).toBe(0);
    const first = tokens();
    expect(statSync(credentialsFile).mode & 0o777).toBe(0o600);

    await sleep((ACCESS_TTL_SECONDS + 1) * 1000);
    const direct = await server.api(first.accessToken).auth.me();
    expect(direct.status).toBe(401); // the saved access token has expired
    const whoami = await hx(home, ['whoami', '--json'], { env: { HX_PROFILE: 'ops' } });
    expect(whoami.code, whoami.stderr).toBe(0);
    expect(json(whoami)).toMatchObject({ user: { email } });
    const second = tokens();
    expect(second.accessToken).not.toBe(first.accessToken);
    expect(second.refreshToken).not.toBe(first.refreshToken);
    expect(statSync(credentialsFile).mode & 0o777).toBe(0o600);

    // A token whose expiry cannot be read is renewed after the server's 401.
    const saved = JSON.parse(readFileSync(credentialsFile, 'utf8'));
    saved.profiles.ops.accessToken = 'not.a.jwt';
    writeFileSync(credentialsFile, JSON.stringify(saved));
    const again = await hx(home, ['--profile', 'ops', 'keys', 'list', '--json']);
    expect(again.code, again.stderr).toBe(0);
    expect(tokens().accessToken).toMatch(/^ey/);
    expect(tokens().refreshToken).not.toBe(second.refreshToken);
    // The spent refresh token no longer works: the pair really rotated.
    const reuse = await server.api().auth.refresh({ body: { refreshToken: first.refreshToken } });
    expect(reuse.status).toBe(401);
  }, 600_000);

  it('keeps profiles apart and switches the default with `profiles use`', async () => {
    const home = newHome(server.url);
    const [a, b] = [uniqueEmail('cli-prof-a'), uniqueEmail('cli-prof-b')];
    const [ra, rb] = await Promise.all([
      hx(home, ['register', '-e', a], { env: { HX_PASSWORD: 'correct-horse-battery' } }),
      hx(home, ['--profile', 'second', 'register', '-e', b], { env: { HX_PASSWORD: 'correct-horse-battery' } }),
    ]);
    expect(ra.code, ra.stderr).toBe(0);
    expect(rb.code, rb.stderr).toBe(0);
    const [whoA, whoB, none] = await Promise.all([
      hx(home, ['whoami', '--json']),
      hx(home, ['whoami', '--json'], { env: { HX_PROFILE: 'second' } }),
      hx(home, ['--profile', 'empty', 'whoami']),
    ]);
    expect(json(whoA)).toMatchObject({ user: { email: a } });
    expect(json(whoB)).toMatchObject({ user: { email: b } });
    expect(none.code).toBe(1);
    expect(none.stderr).toMatch(/not logged in[\s\S]*hx login/);

    const use = await hx(home, ['profiles', 'use', 'second']);
    expect(use.code, use.stderr).toBe(0);
    const [list, whoDefault, bad] = await Promise.all([
      hx(home, ['profiles', 'list', '--json']),
      hx(home, ['whoami', '--json']),
      hx(home, ['--profile', '../etc', 'whoami']),
    ]);
    expect(json<{ name: string; current: boolean; email: string; session: boolean }[]>(list)).toEqual([
      expect.objectContaining({ name: 'default', current: false, email: a, session: true }),
      expect.objectContaining({ name: 'second', current: true, email: b, session: true }),
    ]);
    expect(json(whoDefault)).toMatchObject({ user: { email: b } });
    expect(bad.code).toBe(2);

    const logout = await hx(home, ['--profile', 'second', 'logout']);
    expect(logout.code, logout.stderr).toBe(0);
    const [afterB, afterA] = await Promise.all([
      hx(home, ['--profile', 'second', 'whoami']),
      hx(home, ['--profile', 'default', 'whoami']),
    ]);
    expect(afterB.code).toBe(1);
    expect(afterA.code, afterA.stderr).toBe(0);
  }, 600_000);

  it('spends a refresh token once when two hx processes on one profile refresh at once', async () => {
    // Two refreshing fetches over one saved profile stand for two `hx` processes; the server takes
    // 300 ms over each refresh, so both find the token expired before either has saved the new pair.
    const home = newHome(server.url);
    const previous = process.env.XDG_CONFIG_HOME;
    process.env.XDG_CONFIG_HOME = home.env.XDG_CONFIG_HOME;
    try {
      const registered = await server.api().auth.register({
        body: { email: uniqueEmail('cli-race'), password: 'correct-horse-battery' },
      });
      expect(registered.status).toBe(201);
      if (registered.status !== 201) return;
      const { accessToken, refreshToken } = registered.body.data.tokens;
      writeProfile('race', { settings: { url: server.url }, credentials: { accessToken, refreshToken } });
      const slowRefresh: typeof fetch = async (input, init) => {
        if (String(input).endsWith('/v1/auth/refresh')) await sleep(300);
        return fetch(input, init);
      };
      const processes = [0, 1].map(
        () =>
          new Hx({
            baseUrl: server.url,
            accessToken,
            maxRetries: 0,
            fetch: refreshingFetch({ profile: 'race', baseUrl: server.url, accessToken, baseFetch: slowRefresh }),
          }),
      );
      await sleep((ACCESS_TTL_SECONDS + 1) * 1000);
      const answers = await Promise.allSettled(processes.map((hxProcess) => hxProcess.auth.me()));
      expect(answers.map((answer) => answer.status)).toEqual(['fulfilled', 'fulfilled']);
      // The session lives on: the saved pair still refreshes (a token spent twice would have ended it).
      const saved = readProfile('race').credentials;
      const after = await server.api().auth.refresh({ body: { refreshToken: saved.refreshToken ?? '' } });
      expect(after.status).toBe(200);
    } finally {
      if (previous === undefined) delete process.env.XDG_CONFIG_HOME;
      else process.env.XDG_CONFIG_HOME = previous;
    }
  }, 600_000);

  it('loses no change to a profile when several hx processes save at once', async () => {
    // Four processes each save 300 rotated pairs to their own profile: every write rewrites the whole
    // of credentials.json, so without one writer at a time some profile ends on an older pair.
    const home = newHome(server.url);
    const names = ['w1', 'w2', 'w3', 'w4'];
    const writer = join(process.cwd(), 'test/cli/profile-writer.ts');
    const tsx = join(process.cwd(), 'node_modules/.bin/tsx');
    const startAt = String(Date.now() + 4_000);
    await Promise.all(
      names.map((name) =>
        promisify(execFile)(tsx, [writer, name, '300', startAt], { env: { ...process.env, ...home.env } }),
      ),
    );
    const saved = JSON.parse(readFileSync(join(home.configDir, 'credentials.json'), 'utf8')).profiles;
    for (const name of names)
      expect(saved[name]).toEqual({ accessToken: `${name}-access-300`, refreshToken: `${name}-refresh-300` });
  }, 600_000);
});

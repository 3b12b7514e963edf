/**
 * Profiles and the saved session: each profile keeps its own server, account and tokens (0600), and
 * an expired access token is renewed with the saved refresh token by itself (the rotated pair saved),
 * both before sending (expiry read from the token) and after a 401.
 */
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
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
});

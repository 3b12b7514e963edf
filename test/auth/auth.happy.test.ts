/** Accounts through HTTP: register, login, refresh rotation (reuse revokes the family), logout, me. */
import { decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import { expectStatus, registerUser, uniqueEmail, useTestServer } from '../helpers/index.js';

const server = useTestServer();

const refresh = (refreshToken: string) => server.api().auth.refresh({ body: { refreshToken } });
const login = (email: string, password: string) => server.api().auth.login({ body: { email, password } });
const me = (accessToken: string) => server.api(accessToken).auth.me();

describe('register and login', () => {
  it('register creates a user in its own tenant and answers a token pair with the documented claims', async () => {
    const email = uniqueEmail('reg');
    const res = await server.api().auth.register({ body: { email, password: 'long-enough-pw', name: 'Reg' } });
    const { user, tokens } = expectStatus(res, 201).body.data;
    expect(user).toMatchObject({ email, name: 'Reg' });
    expect(user.id).toMatch(/^usr_/);
    expect(user.tenantId).toMatch(/^ten_/);
    expect(JSON.stringify(res.body)).not.toContain('long-enough-pw');
    expect(tokens.tokenType).toBe('Bearer');
    expect(tokens.expiresIn).toBe(3600);
    const claims = decodeJwt(tokens.accessToken);
    expect(claims).toMatchObject({ sub: user.id, tenant: user.tenantId, email, iss: 'hx', aud: 'hx-api' });
    expect(typeof claims.jti).toBe('string');
    expect(claims.exp! - claims.iat!).toBe(3600);
  });

  it('two registrations are two tenants', async () => {
    const a = await registerUser(server, 'two-a');
    const b = await registerUser(server, 'two-b');
    expect(a.tenantId).not.toBe(b.tenantId);
  });

  it('e-mail is unique case-insensitively: 409 conflict', async () => {
    const user = await registerUser(server, 'dup');
    const res = await server
      .api()
      .auth.register({ body: { email: user.email.toUpperCase(), password: 'another-password' } });
    expect(expectStatus(res, 409).body.error.code).toBe('conflict');
  });

  it('login with any e-mail case; wrong password and unknown e-mail give the same 401', async () => {
    const user = await registerUser(server, 'login');
    const ok = await login(user.email.toUpperCase(), user.password);
    expect(expectStatus(ok, 200).body.data.user.id).toBe(user.userId);
    const wrong = await login(user.email, 'wrong-password');
    const unknown = await login(uniqueEmail('ghost'), 'wrong-password');
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(expectStatus(wrong, 401).body.error.message).toBe(expectStatus(unknown, 401).body.error.message);
  });

  it('stores the password only as a scrypt hash', async () => {
    const user = await registerUser(server, 'hash');
    const rows = await server.ctx.database.rows<{ password_hash: string }>(
      (await import('drizzle-orm')).sql`select password_hash from users where id = ${user.userId}`,
    );
    expect(rows[0]!.password_hash).toMatch(/^scrypt\$/);
    expect(rows[0]!.password_hash).not.toContain(user.password);
  });

  it('me answers the user and the plan', async () => {
    const user = await registerUser(server, 'me');
    const res = expectStatus(await me(user.accessToken), 200);
    expect(res.body.data.user.id).toBe(user.userId);
    expect(res.body.data.plan).toBe('enterprise');
  });
});

describe('refresh tokens', () => {
  it('rotate: the new pair works, the old refresh token is single use', async () => {
    const user = await registerUser(server, 'rot');
    const first = await refresh(user.refreshToken);
    const next = expectStatus(first, 200).body.data.tokens;
    expect(next.refreshToken).not.toBe(user.refreshToken);
    expect((await me(next.accessToken)).status).toBe(200);
    const second = await refresh(next.refreshToken);
    expect(second.status).toBe(200);
  });

  it('reusing an old refresh token revokes the whole family', async () => {
    const user = await registerUser(server, 'reuse');
    const rotated = expectStatus(await refresh(user.refreshToken), 200).body.data.tokens.refreshToken;
    const replay = await refresh(user.refreshToken);
    expect(expectStatus(replay, 401).body.error.message).toMatch(/already used/);
    // The legitimate holder's newer token died with the family.
    const victim = await refresh(rotated);
    expect(expectStatus(victim, 401).body.error.message).toMatch(/revoked/);
    // Other sessions of the same user (another family) are unaffected.
    const again = expectStatus(await login(user.email, user.password), 200);
    expect((await refresh(again.body.data.tokens.refreshToken)).status).toBe(200);
  });

  it('two concurrent refreshes with one token: exactly one wins', async () => {
    const user = await registerUser(server, 'race');
    const results = await Promise.all([refresh(user.refreshToken), refresh(user.refreshToken)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 401]);
  });

  it('logout revokes the family; unknown tokens are 401', async () => {
    const user = await registerUser(server, 'logout');
    const logout = (refreshToken: string) => server.api().auth.logout({ body: { refreshToken } });
    const out = await logout(user.refreshToken);
    expect(expectStatus(out, 200).body.data.loggedOut).toBe(true);
    expect((await refresh(user.refreshToken)).status).toBe(401);
    expect((await refresh('hxr_not-a-token')).status).toBe(401);
    const unknownLogout = await logout('hxr_nope');
    expect(unknownLogout.status).toBe(401);
  });
});

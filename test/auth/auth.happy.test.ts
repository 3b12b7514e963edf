/** Accounts through HTTP: register, login, refresh rotation (reuse revokes the family), logout, me. */
import { decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import { auth, registerUser, uniqueEmail, useTestServer } from '../helpers/index.js';

const server = useTestServer();

const refresh = (refreshToken: string) => server.http().post('/v1/auth/refresh').send({ refreshToken });

describe('register and login', () => {
  it('register creates a user in its own tenant and answers a token pair with the documented claims', async () => {
    const email = uniqueEmail('reg');
    const res = await server.http().post('/v1/auth/register').send({ email, password: 'long-enough-pw', name: 'Reg' });
    expect(res.status).toBe(201);
    const { user, tokens } = res.body.data;
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
      .http()
      .post('/v1/auth/register')
      .send({ email: user.email.toUpperCase(), password: 'another-password' });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('conflict');
  });

  it('login with any e-mail case; wrong password and unknown e-mail give the same 401', async () => {
    const user = await registerUser(server, 'login');
    const ok = await server
      .http()
      .post('/v1/auth/login')
      .send({ email: user.email.toUpperCase(), password: user.password });
    expect(ok.status).toBe(200);
    expect(ok.body.data.user.id).toBe(user.userId);
    const wrong = await server.http().post('/v1/auth/login').send({ email: user.email, password: 'wrong-password' });
    const unknown = await server
      .http()
      .post('/v1/auth/login')
      .send({ email: uniqueEmail('ghost'), password: 'wrong-password' });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body.error.message).toBe(unknown.body.error.message);
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
    const res = await server.http().get('/v1/auth/me').set(auth(user.accessToken));
    expect(res.status).toBe(200);
    expect(res.body.data.user.id).toBe(user.userId);
    expect(res.body.data.plan).toBe('enterprise');
  });
});

describe('refresh tokens', () => {
  it('rotate: the new pair works, the old refresh token is single use', async () => {
    const user = await registerUser(server, 'rot');
    const first = await refresh(user.refreshToken);
    expect(first.status).toBe(200);
    const next = first.body.data.tokens;
    expect(next.refreshToken).not.toBe(user.refreshToken);
    const me = await server.http().get('/v1/auth/me').set(auth(next.accessToken));
    expect(me.status).toBe(200);
    const second = await refresh(next.refreshToken);
    expect(second.status).toBe(200);
  });

  it('reusing an old refresh token revokes the whole family', async () => {
    const user = await registerUser(server, 'reuse');
    const rotated = (await refresh(user.refreshToken)).body.data.tokens.refreshToken;
    const replay = await refresh(user.refreshToken);
    expect(replay.status).toBe(401);
    expect(replay.body.error.message).toMatch(/already used/);
    // The legitimate holder's newer token died with the family.
    const victim = await refresh(rotated);
    expect(victim.status).toBe(401);
    expect(victim.body.error.message).toMatch(/revoked/);
    // Other sessions of the same user (another family) are unaffected.
    const login = await server.http().post('/v1/auth/login').send({ email: user.email, password: user.password });
    expect((await refresh(login.body.data.tokens.refreshToken)).status).toBe(200);
  });

  it('two concurrent refreshes with one token: exactly one wins', async () => {
    const user = await registerUser(server, 'race');
    const results = await Promise.all([refresh(user.refreshToken), refresh(user.refreshToken)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 401]);
  });

  it('logout revokes the family; unknown tokens are 401', async () => {
    const user = await registerUser(server, 'logout');
    const out = await server.http().post('/v1/auth/logout').send({ refreshToken: user.refreshToken });
    expect(out.status).toBe(200);
    expect(out.body.data.loggedOut).toBe(true);
    expect((await refresh(user.refreshToken)).status).toBe(401);
    expect((await refresh('hxr_not-a-token')).status).toBe(401);
    const unknownLogout = await server.http().post('/v1/auth/logout').send({ refreshToken: 'hxr_nope' });
    expect(unknownLogout.status).toBe(401);
  });
});

/**
 * Every way an access token can be wrong answers 401 unauthorized with a message naming the problem:
 * missing header, wrong scheme, malformed, bad signature, alg none, wrong issuer or audience, expired,
 * a deleted user; and the route says which token type it needs.
 */
import { SignJWT, UnsecuredJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { createApiKey, expectStatus, postRaw, registerUser, useTestServer } from '../helpers/index.js';

const JWT_SECRET = 'auth-security-test-secret-0123456789abcdef';
const OPERATOR_TOKEN = 'operator-token-auth-security-0123456789';
const secret = new TextEncoder().encode(JWT_SECRET);

const server = useTestServer({ JWT_SECRET, OPERATOR_TOKEN });

/** A token like ours, with `change` applied; defaults are valid claims for `user`. */
async function token(
  user: { userId: string; tenantId: string; email: string },
  change: { iss?: string; aud?: string; exp?: number; key?: Uint8Array } = {},
) {
  return new SignJWT({ tenant: user.tenantId, email: user.email })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(user.userId)
    .setIssuer(change.iss ?? 'hx')
    .setAudience(change.aud ?? 'hx-api')
    .setIssuedAt()
    .setExpirationTime(change.exp ?? Math.floor(Date.now() / 1000) + 600)
    .sign(change.key ?? secret);
}

/** GET /v1/auth/me with this Authorization header, sent as written (none when undefined). */
const me = (authorization?: string) =>
  server.api(undefined, authorization === undefined ? {} : { Authorization: authorization }).auth.me();

function expect401(res: { status: number; body: unknown }, text: RegExp) {
  expect(res.status).toBe(401);
  const body = res.body as { ok: boolean; error: { code: string; message: string } };
  expect(body.ok).toBe(false);
  expect(body.error.code).toBe('unauthorized');
  expect(body.error.message).toMatch(text);
}

describe('access token rejections', () => {
  it('accepts a well-formed token signed with the server secret (control)', async () => {
    const user = await registerUser(server, 'ctl');
    const res = await me(`Bearer ${await token(user)}`);
    expect(expectStatus(res, 200).body.data.user.id).toBe(user.userId);
  });

  it('missing Authorization header', async () => {
    expect401(await me(), /Missing Authorization header/);
  });

  it('wrong scheme', async () => {
    const user = await registerUser(server, 'scheme');
    expect401(await me(`Basic ${user.accessToken}`), /must be "Bearer <token>"/);
    expect401(await me(`Bearer`), /must be "Bearer <token>"/);
    expect401(await me(`Bearer a b`), /must be "Bearer <token>"/);
  });

  it('malformed token', async () => {
    expect401(await me('Bearer not.a.jwt'), /malformed/);
    expect401(await me('Bearer abc'), /malformed/);
  });

  it('bad signature', async () => {
    const user = await registerUser(server, 'sig');
    const forged = await token(user, { key: new TextEncoder().encode('another-secret-another-secret-xx') });
    expect401(await me(`Bearer ${forged}`), /signature is invalid/);
    // A valid token with a tampered payload.
    const [h, , s] = user.accessToken.split('.');
    const payload = Buffer.from(
      JSON.stringify({ sub: 'usr_x', tenant: 'ten_other', iss: 'hx', aud: 'hx-api' }),
    ).toString('base64url');
    expect401(await me(`Bearer ${h}.${payload}.${s}`), /signature is invalid/);
  });

  it('alg none', async () => {
    const user = await registerUser(server, 'none');
    const unsecured = new UnsecuredJWT({ tenant: user.tenantId, email: user.email })
      .setSubject(user.userId)
      .setIssuer('hx')
      .setAudience('hx-api')
      .setIssuedAt()
      .setExpirationTime('10m')
      .encode();
    expect401(await me(`Bearer ${unsecured}`), /algorithm is not allowed|malformed/);
  });

  it('wrong issuer', async () => {
    const user = await registerUser(server, 'iss');
    expect401(await me(`Bearer ${await token(user, { iss: 'someone-else' })}`), /claim "iss" is invalid/);
  });

  it('wrong audience', async () => {
    const user = await registerUser(server, 'aud');
    expect401(await me(`Bearer ${await token(user, { aud: 'other-api' })}`), /claim "aud" is invalid/);
  });

  it('expired', async () => {
    const user = await registerUser(server, 'exp');
    const past = Math.floor(Date.now() / 1000) - 120;
    expect401(await me(`Bearer ${await token(user, { exp: past })}`), /expired/);
  });

  it('a token of a deleted user stops working at once, and so does its refresh token', async () => {
    const user = await registerUser(server, 'deleted');
    expect((await me(`Bearer ${user.accessToken}`)).status).toBe(200);
    const del = await server.api(OPERATOR_TOKEN).admin.deleteUser({ params: { userId: user.userId } });
    expect(del.status).toBe(200);
    expect401(await me(`Bearer ${user.accessToken}`), /no longer exists/);
    const refreshed = await server.api().auth.refresh({ body: { refreshToken: user.refreshToken } });
    expect(refreshed.status).toBe(401);
    const login = await server.api().auth.login({ body: { email: user.email, password: user.password } });
    expect(login.status).toBe(401);
  });

  it('a token naming a user of another tenant is refused', async () => {
    const a = await registerUser(server, 'ta');
    const b = await registerUser(server, 'tb');
    const crossed = await token({ userId: a.userId, tenantId: b.tenantId, email: a.email });
    expect401(await me(`Bearer ${crossed}`), /no longer exists/);
  });
});

describe('token type per route', () => {
  it('JWT routes refuse API keys and say a JWT is needed', async () => {
    const user = await registerUser(server, 'type1');
    const key = await createApiKey(server, user);
    const res = await server.api(key).apiKeys.list();
    expect401(res, /JWT access token; API keys are not accepted/);
    const vault = await server.api(key).vault.listVaults();
    expect401(vault, /JWT access token; API keys are not accepted/);
  });

  it('core routes refuse JWTs and say an API key is needed', async () => {
    const user = await registerUser(server, 'type2');
    // An empty body (no event): the credential is refused before the body is read, so it is sent raw.
    const res = await postRaw(server, '/v1/capture', user, {});
    expect401(res, /needs an API key/);
  });

  it('operator routes refuse user tokens and wrong operator tokens', async () => {
    const user = await registerUser(server, 'type3');
    const asUser = await server.api(user).admin.listTenants();
    expect401(asUser, /Operator token is invalid/);
    const wrong = await server.api('nope').admin.listTenants();
    expect401(wrong, /Operator token is invalid/);
  });
});

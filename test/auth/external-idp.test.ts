/**
 * Tokens of an external identity provider (OIDC_ISSUER, OIDC_AUDIENCE, OIDC_JWKS_URL), verified
 * against a JWKS served by a local HTTP server and mapped to an Hx user by e-mail, then by subject.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';

type PrivateKey = Awaited<ReturnType<typeof generateKeyPair>>['privateKey'];
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectStatus, registerUser, startTestServer, type TestServer } from '../helpers/index.js';

const ISSUER = 'https://idp.example.test/';
const AUDIENCE = 'hx-external';
/**
 * A provider subject unique to this run: a successful sign-in links the subject to the user for good,
 * so a fixed one would be linked already when the suite runs again on a kept database.
 */
const RUN = randomUUID().slice(0, 8);
const subject = (name: string) => `idp|${name}-${RUN}`;

let idp: Server;
let server: TestServer;
let signingKey: PrivateKey;
let strangerKey: PrivateKey;

beforeAll(async () => {
  const pair = await generateKeyPair('RS256', { extractable: true });
  signingKey = pair.privateKey;
  strangerKey = (await generateKeyPair('RS256')).privateKey;
  const jwk = { ...(await exportJWK(pair.publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' };
  idp = createServer((req, res) => {
    if (req.url === '/jwks') {
      res.setHeader('Content-Type', 'application/json');
      res.end(JSON.stringify({ keys: [jwk] }));
    } else {
      res.statusCode = 404;
      res.end();
    }
  });
  await new Promise<void>((resolve) => idp.listen(0, '127.0.0.1', resolve));
  const { port } = idp.address() as AddressInfo;
  server = await startTestServer({
    OIDC_ISSUER: ISSUER,
    OIDC_AUDIENCE: AUDIENCE,
    OIDC_JWKS_URL: `http://127.0.0.1:${port}/jwks`,
  });
});
afterAll(async () => {
  await server?.close();
  await new Promise((resolve) => idp?.close(resolve));
});

function idpToken(
  claims: { sub: string; email?: string; email_verified?: boolean },
  opts: { key?: PrivateKey; kid?: string; aud?: string; exp?: number } = {},
) {
  return new SignJWT({ ...(claims.email ? { email: claims.email } : {}), email_verified: claims.email_verified })
    .setProtectedHeader({ alg: 'RS256', kid: opts.kid ?? 'k1' })
    .setSubject(claims.sub)
    .setIssuer(ISSUER)
    .setAudience(opts.aud ?? AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(opts.exp ?? Math.floor(Date.now() / 1000) + 600)
    .sign(opts.key ?? signingKey);
}

const me = (t: string) => server.api(t).auth.me();

describe('external identity provider tokens', () => {
  it('map to the user with the same verified e-mail, then by subject once linked', async () => {
    const user = await registerUser(server, 'oidc');
    const first = await me(
      await idpToken({ sub: subject('alice-1'), email: user.email.toUpperCase(), email_verified: true }),
    );
    expect(first.status).toBe(200);
    expect(expectStatus(first, 200).body.data.user.id).toBe(user.userId);
    // Linked: the subject alone now finds the user, even without an e-mail claim.
    const second = await me(await idpToken({ sub: subject('alice-1') }));
    expect(second.status).toBe(200);
    expect(expectStatus(second, 200).body.data.user.id).toBe(user.userId);
    // And the JWT works on JWT routes in the user's tenant.
    const keys = await server.api(await idpToken({ sub: subject('alice-1') })).apiKeys.list();
    expect(keys.status).toBe(200);
    expect(expectStatus(keys, 200).body.meta.tenantId).toBe(user.tenantId);
  });

  it('our own tokens keep working beside the provider', async () => {
    const user = await registerUser(server, 'own');
    expect((await me(user.accessToken)).status).toBe(200);
  });

  it('refuses an unknown identity', async () => {
    const res = await me(await idpToken({ sub: subject('nobody'), email: 'nobody-at-all@example.com' }));
    expect(res.status).toBe(401);
    expect(expectStatus(res, 401).body.error.message).toMatch(/no Hx account matches/);
  });

  it('refuses an unverified e-mail', async () => {
    const user = await registerUser(server, 'unverified');
    const res = await me(await idpToken({ sub: subject('mallory'), email: user.email, email_verified: false }));
    expect(res.status).toBe(401);
  });

  it('refuses a subject that tries to take over an account linked to another subject', async () => {
    const user = await registerUser(server, 'linked');
    expect((await me(await idpToken({ sub: subject('first'), email: user.email }))).status).toBe(200);
    const res = await me(await idpToken({ sub: subject('second'), email: user.email }));
    expect(res.status).toBe(401);
  });

  it('refuses a token signed by a key not in the JWKS', async () => {
    const user = await registerUser(server, 'stranger');
    const res = await me(await idpToken({ sub: subject('s'), email: user.email }, { key: strangerKey }));
    expect(res.status).toBe(401);
    expect(expectStatus(res, 401).body.error.message).toMatch(/signature is invalid/);
    const unknownKid = await me(
      await idpToken({ sub: subject('s'), email: user.email }, { key: strangerKey, kid: 'k9' }),
    );
    expect(unknownKid.status).toBe(401);
    expect(expectStatus(unknownKid, 401).body.error.message).toMatch(/signing key/);
  });

  it('refuses a wrong audience and an expired token', async () => {
    const user = await registerUser(server, 'audexp');
    const aud = await me(await idpToken({ sub: subject('a'), email: user.email }, { aud: 'someone-else' }));
    expect(aud.status).toBe(401);
    expect(expectStatus(aud, 401).body.error.message).toMatch(/"aud"/);
    const exp = await me(
      await idpToken({ sub: subject('a'), email: user.email }, { exp: Math.floor(Date.now() / 1000) - 60 }),
    );
    expect(exp.status).toBe(401);
    expect(expectStatus(exp, 401).body.error.message).toMatch(/expired/);
  });

  it('refuses an HS256 token claiming the provider as issuer (no shared-secret forgery)', async () => {
    const user = await registerUser(server, 'hs');
    const forged = await new SignJWT({ email: user.email })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('idp|forged')
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setExpirationTime('5m')
      .sign(new TextEncoder().encode('guessable-shared-secret-guessable-shared'));
    const res = await me(forged);
    expect(res.status).toBe(401);
    expect(expectStatus(res, 401).body.error.message).toMatch(/algorithm is not allowed/);
  });
});

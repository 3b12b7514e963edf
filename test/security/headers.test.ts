/**
 * Transport-level protections (issue 8, finding 5): nosniff and no-store on every answer, a strict
 * CSP with frame protection on /docs, an over-long URL or header block answered in the envelope,
 * and /metrics not trusting a proxy's private address for the clients behind it.
 */
import { request as httpRequest } from 'node:http';
import { describe, expect, it } from 'vitest';
import { createApiKey, registerUser, startTestServer, useTestServer } from '../helpers/index.js';

const server = useTestServer();

/** A raw request, so nothing on the client side trims what the server answered. */
function rawGet(path: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: Record<string, unknown>; body: string }>((resolve, reject) => {
    const req = httpRequest(`${server.url}${path}`, { headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c) => {
        body += c;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('headers on every answer', () => {
  it('nosniff and no-store on success, errors, 404s, health and the answers that carry credentials', async () => {
    const user = await registerUser(server, 'hdr');
    const login = await server.http().post('/v1/auth/login').send({ email: user.email, password: user.password });
    const key = await server
      .http()
      .post('/v1/api-keys')
      .set('authorization', `Bearer ${user.accessToken}`)
      .send({ name: 'k', environment: 'test' });
    const answers = [
      login,
      key,
      await server.http().get('/health'),
      await server.http().get('/v1/nowhere'),
      await server.http().post('/v1/capture').set('authorization', 'Bearer nope').send({}),
      await server.http().post('/v1/auth/login').set('content-type', 'application/json').send('{"bad'),
    ];
    expect(login.status).toBe(200);
    expect(key.status).toBe(201);
    for (const [i, res] of answers.entries()) {
      expect(res.headers['x-content-type-options'], `answer ${i}`).toBe('nosniff');
      expect(res.headers['cache-control'], `answer ${i}`).toBe('no-store');
    }
  });

  it('/docs has a strict CSP, frame protection and nosniff', async () => {
    const res = await rawGet('/docs');
    expect(res.status).toBe(200);
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toMatch(/script-src 'sha256-[A-Za-z0-9+/=]+'/);
    expect(csp).not.toContain("script-src 'unsafe-inline'");
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('requests the HTTP parser refuses', () => {
  it('an over-long URL gets 431 in the envelope, and the server keeps serving', async () => {
    const res = await rawGet(`/v1/artifacts?q=${'a'.repeat(20_000)}`);
    expect(res.status).toBe(431);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    const body = JSON.parse(res.body);
    expect(body.ok).toBe(false);
    expect(body.error.code).toBe('payload_too_large');
    expect(body.meta.requestId).toMatch(/^req_/);
    expect((await server.http().get('/health')).status).toBe(200);
  });

  it('an over-long header block gets 431 in the envelope', async () => {
    const res = await rawGet('/health', { 'x-padding': 'b'.repeat(17_000) });
    expect(res.status).toBe(431);
    expect(JSON.parse(res.body).error.code).toBe('payload_too_large');
  });
});

describe('/metrics behind a proxy', () => {
  it('a loopback peer is trusted, but not when it forwards another client', async () => {
    expect((await server.http().get('/metrics')).status).toBe(200);
    const forwarded = await server.http().get('/metrics').set('x-forwarded-for', '203.0.113.9');
    expect(forwarded.status).toBe(403);
    expect(forwarded.body.error.code).toBe('forbidden');
  });

  it('with TRUST_PROXY the forwarded client address is judged', async () => {
    const proxied = await startTestServer({ TRUST_PROXY: 'loopback' });
    try {
      const outside = await proxied.http().get('/metrics').set('x-forwarded-for', '203.0.113.9');
      expect(outside.status).toBe(403);
      const inside = await proxied.http().get('/metrics').set('x-forwarded-for', '10.1.2.3');
      expect(inside.status).toBe(200);
      // A key is irrelevant to /metrics: a tenant's credential does not open it from outside.
      const user = await registerUser(proxied, 'm');
      const key = await createApiKey(proxied, user);
      const withKey = await proxied
        .http()
        .get('/metrics')
        .set('x-forwarded-for', '203.0.113.9')
        .set('authorization', `Bearer ${key}`);
      expect(withKey.status).toBe(403);
    } finally {
      await proxied.close();
    }
  });
});

/**
 * The request pipeline through real HTTP: envelope, request ids, validation, limits, unknown routes.
 * Mostly the wire itself (headers, paths off the contract, malformed and oversized bodies), so raw
 * supertest; validation of bodies and params the contract can express goes through the typed client.
 */
import { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { auth, errorFields, expectStatus, newTenant, useTestServer } from '../helpers/index.js';

const server = useTestServer();

describe('request pipeline', () => {
  it('echoes a valid X-Request-Id and puts it in meta', async () => {
    const { jwt } = await newTenant(server);
    const res = await server.http().get('/v1/api-keys').set(auth(jwt)).set('X-Request-Id', 'trace-abc.123');
    expect(res.status).toBe(200);
    expect(res.headers['x-request-id']).toBe('trace-abc.123');
    expect(res.body.ok).toBe(true);
    expect(res.body.meta.requestId).toBe('trace-abc.123');
    expect(res.body.meta.tenantId).toMatch(/^ten_/);
    expect(typeof res.body.meta.durationMs).toBe('number');
  });

  it('generates a request id when none (or a malformed one) is sent', async () => {
    const res = await server.http().get('/v1/nope').set('X-Request-Id', 'bad id with spaces');
    expect(res.headers['x-request-id']).toMatch(/^req_/);
    expect(res.body.meta.requestId).toBe(res.headers['x-request-id']);
  });

  it('answers unknown routes with 404 not_found in the envelope', async () => {
    const res = await server.http().get('/v1/does-not-exist');
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ ok: false, error: { code: 'not_found' } });
  });

  it('matches paths case-sensitively, as the contract spells them: another case is 404 before anything else', async () => {
    const { apiKey } = await newTenant(server);
    // With a valid key, an upper-case path is not the route (no 401 for a key that was never checked).
    const read = await server.http().get('/V1/ARTIFACTS').set(auth(apiKey));
    expect(read.status).toBe(404);
    expect(read.body).toMatchObject({ ok: false, error: { code: 'not_found' } });
    // Without credentials, a body is never validated (and described) for a path that is not a route.
    const write = await server.http().post('/v1/Capture').send({ type: 'message' });
    expect(write.status).toBe(404);
    expect(write.body.error.code).toBe('not_found');
    // The contract's own spelling still works, a trailing slash included.
    const ok = await server.http().get('/v1/artifacts/').set(auth(apiKey));
    expect(ok.status).toBe(200);
  });

  it('answers a wrong method on a known path with 404 and an Allow header', async () => {
    const res = await server.http().put('/v1/api-keys');
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('not_found');
    expect(res.headers.allow).toContain('GET');
    expect(res.headers.allow).toContain('POST');
  });

  it('rejects malformed JSON with 400 validation_error', async () => {
    const res = await server.http().post('/v1/auth/login').set('Content-Type', 'application/json').send('{"email":');
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('validation_error');
    expect(res.body.error.details[0].field).toBe('body');
  });

  it('names every offending body field', async () => {
    const res = await server.api().auth.register({ body: { email: 'not-an-email', password: 'short' } });
    expect(errorFields(expectStatus(res, 400).body).sort()).toEqual(['email', 'password']);
  });

  it('names offending path params, query and headers with their part', async () => {
    const { jwt } = await newTenant(server);
    const long = 'x'.repeat(200);
    const res = await server.api(jwt).apiKeys.revoke({ params: { id: long } });
    expect(errorFields(expectStatus(res, 400).body)[0]).toBe('params.id');
  });

  it('refuses bodies over 1 MiB with 413 payload_too_large', async () => {
    const res = await server
      .http()
      .post('/v1/auth/login')
      .send({ email: 'a@example.com', password: 'x'.repeat(1024 * 1024 + 10) });
    expect(res.status).toBe(413);
    expect(res.body.error.code).toBe('payload_too_large');
  });

  it('never answers a 500 with a stack or SQL', async () => {
    const res = await server.http().post('/v1/auth/login').send([1, 2, 3]);
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).not.toMatch(/at .*\.ts|select |insert /i);
  });
});

describe('HTTP server', () => {
  // Express gives each request its prototype with Object.setPrototypeOf unless the request already has
  // it; that swap made every request's objects outlive the young generation (http/express-server.ts).
  it('creates requests and responses with the Express prototypes already in place', async () => {
    const seen: { req: object; res: object }[] = [];
    const spy = (req: IncomingMessage, res: ServerResponse) => {
      // Runs before Express's own listener: what Node built, before Express touched it.
      seen.push({ req: Object.getPrototypeOf(req), res: Object.getPrototypeOf(res) });
      expect(req).toBeInstanceOf(IncomingMessage);
      expect(res).toBeInstanceOf(ServerResponse);
    };
    server.server.prependListener('request', spy);
    try {
      const res = await server.http().get('/health');
      expect(res.status).toBe(200);
      expect(res.headers['x-request-id']).toMatch(/^req_/);
    } finally {
      server.server.off('request', spy);
    }
    expect(seen).toHaveLength(1);
    const [{ req, res }] = seen as [{ req: Record<string, unknown>; res: Record<string, unknown> }];
    expect(req).not.toBe(IncomingMessage.prototype);
    expect(res).not.toBe(ServerResponse.prototype);
    // Express's own request and response methods, from the prototype Node gave the objects.
    expect(typeof req.get).toBe('function');
    expect(typeof res.json).toBe('function');
  });
});

/**
 * SPEC.md as a third party reads it: operations endpoints, the 53 SPEC routes, the envelope and the
 * error table, rate-limit headers, and the OpenAPI document that covers the "not shown" parts.
 */
import { describe, expect, it } from 'vitest';
import { auth, newTenant, startTestServer, useTestServer } from '../helpers/index.js';
import { expectError, expectOk, expectRateLimitHeaders, expectValidation, type Res } from './wire.js';

const server = useTestServer();

/** Every route of SPEC.md's Endpoints part: [method, path, auth]. */
const SPEC_ROUTES: [string, string, 'jwt' | 'apiKey' | 'none'][] = [
  ['POST', '/v1/organizations', 'jwt'],
  ['GET', '/v1/organizations', 'jwt'],
  ['GET', '/v1/organizations/:orgId', 'jwt'],
  ['PATCH', '/v1/organizations/:orgId', 'jwt'],
  ['POST', '/v1/organizations/:orgId/teams', 'jwt'],
  ['GET', '/v1/organizations/:orgId/teams', 'jwt'],
  ['GET', '/v1/organizations/:orgId/teams/:teamId', 'jwt'],
  ['PATCH', '/v1/organizations/:orgId/teams/:teamId', 'jwt'],
  ['DELETE', '/v1/organizations/:orgId/teams/:teamId', 'jwt'],
  ['POST', '/v1/organizations/:orgId/members/invite', 'jwt'],
  ['GET', '/v1/organizations/:orgId/members', 'jwt'],
  ['PATCH', '/v1/organizations/:orgId/members/:memberId', 'jwt'],
  ['DELETE', '/v1/organizations/:orgId/members/:memberId', 'jwt'],
  ['POST', '/v1/organizations/:orgId/agents', 'jwt'],
  ['GET', '/v1/organizations/:orgId/agents', 'jwt'],
  ['PATCH', '/v1/organizations/:orgId/agents/:agentId', 'jwt'],
  ['DELETE', '/v1/organizations/:orgId/agents/:agentId', 'jwt'],
  ['POST', '/v1/organizations/:orgId/namespaces', 'jwt'],
  ['GET', '/v1/organizations/:orgId/namespaces', 'jwt'],
  ['PATCH', '/v1/organizations/:orgId/namespaces/:namespaceId', 'jwt'],
  ['POST', '/v1/organizations/:orgId/policies', 'jwt'],
  ['GET', '/v1/organizations/:orgId/policies', 'jwt'],
  ['PATCH', '/v1/organizations/:orgId/policies/:policyId', 'jwt'],
  ['DELETE', '/v1/organizations/:orgId/policies/:policyId', 'jwt'],
  ['GET', '/v1/organizations/:orgId/audit', 'jwt'],
  ['GET', '/v1/organizations/:orgId/access-logs', 'jwt'],
  ['GET', '/v1/organizations/:orgId/lineage/:memoryId', 'jwt'],
  ['GET', '/v1/organizations/:orgId/lineage/graph/:memoryId', 'jwt'],
  ['POST', '/v1/organizations/:orgId/lifecycle-policies', 'jwt'],
  ['GET', '/v1/organizations/:orgId/lifecycle-policies', 'jwt'],
  ['PATCH', '/v1/organizations/:orgId/lifecycle-policies/:policyId', 'jwt'],
  ['DELETE', '/v1/organizations/:orgId/lifecycle-policies/:policyId', 'jwt'],
  ['POST', '/v1/vaults', 'jwt'],
  ['GET', '/v1/vaults', 'jwt'],
  ['POST', '/v1/vaults/:vaultId/items', 'jwt'],
  ['GET', '/v1/vaults/:vaultId/items/:itemId', 'jwt'],
  ['GET', '/v1/vaults/:id/items', 'jwt'],
  ['POST', '/v1/vaults/:id/items/:itemId/reveal', 'jwt'],
  ['GET', '/v1/vaults/:id/audit', 'jwt'],
  ['POST', '/v1/capture', 'apiKey'],
  ['POST', '/v1/capture/batch', 'apiKey'],
  ['POST', '/v1/learn', 'apiKey'],
  ['POST', '/v1/synthesize', 'apiKey'],
  ['GET', '/v1/artifacts', 'apiKey'],
  ['GET', '/v1/artifacts/:id', 'apiKey'],
  ['GET', '/v1/usage-metrics', 'apiKey'],
  ['POST', '/v1/auth/register', 'none'],
  ['POST', '/v1/auth/login', 'none'],
  ['GET', '/v1/api-keys', 'jwt'],
  ['POST', '/v1/api-keys', 'jwt'],
  ['DELETE', '/v1/api-keys/:id', 'jwt'],
  ['GET', '/health', 'none'],
  ['GET', '/metrics', 'none'],
];

const fill = (path: string) => path.replace(/:(\w+)/g, (_m, n) => `x_${n}`);
const call = (method: string, path: string) =>
  (server.http() as unknown as Record<string, (p: string) => import('supertest').Test>)[method.toLowerCase()](path);

describe('SPEC endpoints', () => {
  it('lists 53 routes', () => {
    expect(SPEC_ROUTES).toHaveLength(53);
  });

  it('every authenticated SPEC route exists: without credentials it answers 401 unauthorized (an unknown route answers 404)', async () => {
    for (const [method, path, auth] of SPEC_ROUTES) {
      if (auth === 'none') continue;
      const res = await call(method, fill(path)).send({});
      expect(res.status, `${method} ${path}`).toBe(401);
      expectError(res, 'unauthorized');
    }
    expectError(await server.http().get('/v1/no-such-route'), 'not_found');
  });

  it('every SPEC route is in GET /v1/openapi.json with its method, and its success response is the envelope', async () => {
    const res = await server.http().get('/v1/openapi.json');
    expect(res.status).toBe(200);
    const doc = res.body;
    expect(doc.openapi).toMatch(/^3\./);
    const norm = (p: string) => p.replace(/:(\w+)/g, '{}').replace(/\{\w+\}/g, '{}');
    const paths = new Map<string, Record<string, any>>();
    for (const [p, ops] of Object.entries(doc.paths as Record<string, Record<string, any>>)) paths.set(norm(p), ops);
    for (const [method, path] of SPEC_ROUTES) {
      const ops = paths.get(norm(path));
      expect(ops?.[method.toLowerCase()], `${method} ${path} in OpenAPI`).toBeDefined();
      if (!path.startsWith('/v1/')) continue;
      const op = ops?.[method.toLowerCase()];
      const success = op.responses['200'] ?? op.responses['201'];
      let schema = success.content['application/json'].schema;
      if (schema.$ref) schema = doc.components.schemas[schema.$ref.split('/').pop()];
      expect(schema.properties, `${method} ${path} envelope`).toHaveProperty('ok');
      expect(schema.properties).toHaveProperty('data');
      expect(schema.properties).toHaveProperty('meta');
    }
  });
});

describe('GET /health and GET /metrics (no /v1 prefix)', () => {
  it('health answers status, version, postgres, redis, uptime without credentials', async () => {
    const res = await server.http().get('/health');
    expect(res.status).toBe(200);
    expect(['ok', 'degraded']).toContain(res.body.status);
    expect(typeof res.body.version).toBe('string');
    expect(res.body.version.length).toBeGreaterThan(0);
    expect(['up', 'down', 'embedded']).toContain(res.body.postgres);
    expect(['up', 'down', 'disabled']).toContain(res.body.redis);
    expect(typeof res.body.uptime).toBe('number');
    expectError(await server.http().get('/v1/health'), 'not_found');
  });

  it('metrics answer Prometheus text to the loopback peer', async () => {
    const res = await server.http().get('/metrics');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.text).toMatch(/^# (HELP|TYPE) /m);
  });

  it('health answers 503 with status down (and the same fields) when the database is down', async () => {
    const s = await startTestServer();
    try {
      await s.ctx.database.close();
      const res = await s.http().get('/health');
      expect(res.status).toBe(503);
      expect(res.body.status).toBe('down');
      expect(res.body.postgres).toBe('down');
      for (const f of ['version', 'redis', 'uptime']) expect(res.body).toHaveProperty(f);
    } finally {
      await s.close();
    }
  });
});

describe('envelope and error table', () => {
  it('success envelope on every family: account, core, enterprise, vault', async () => {
    const { apiKey, jwt } = await newTenant(server, 'env');
    const J = { Authorization: `Bearer ${jwt}` };
    const meta = expectOk(await server.http().get('/v1/api-keys').set(J));
    expect(meta).toHaveProperty('apiKeys');
    const core = await server.http().get('/v1/usage-metrics').set(auth(apiKey));
    expectOk(core);
    const org = await server
      .http()
      .post('/v1/organizations')
      .set(J)
      .send({ name: 'Env', slug: `env-${Date.now()}` });
    expectOk(org, 201);
    expect(org.body.meta.tenantId).toBe(core.body.meta.tenantId);
    expectOk(await server.http().get('/v1/vaults').set(J));
    const login = await server
      .http()
      .post('/v1/auth/login')
      .send({ email: 'nobody@example.com', password: 'wrong-password' });
    expectError(login, 'unauthorized');
  });

  it('unknown routes, malformed JSON and wrong field types use the error envelope', async () => {
    expectError(await server.http().get('/v1/nothing-here'), 'not_found');
    expectError(
      await server.http().post('/v1/auth/login').set('Content-Type', 'application/json').send('{"x":'),
      'validation_error',
    );
    expectValidation(
      await server.http().post('/v1/auth/register').send({ email: 42, password: 'long-enough-pw' }),
      'email',
    );
  });

  it('an expired or malformed JWT is 401 unauthorized', async () => {
    const expired =
      'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ1c3JfeCIsImV4cCI6MTAwMDAwMDAwMH0.Zm9vYmFyYmF6cXV4cXV1eHF1dXhxdXV4cXV1eHE';
    expectError(await server.http().get('/v1/vaults').set(auth(expired)), 'unauthorized');
    expectError(await server.http().get('/v1/vaults').set('Authorization', 'Basic abc'), 'unauthorized');
  });
});

describe('rate limits (SPEC Limits)', () => {
  it('every /v1 response carries X-RateLimit-Limit/Remaining/Reset, errors included', async () => {
    const { apiKey, jwt } = await newTenant(server, 'rl');
    const responses: Res[] = [
      await server.http().get('/v1/artifacts').set(auth(apiKey)),
      await server.http().get('/v1/vaults').set(auth(jwt)),
      await server.http().get('/v1/artifacts'),
      await server.http().post('/v1/auth/login').send({}),
      await server.http().get('/v1/unknown'),
      await server.http().get('/v1/openapi.json'),
    ];
    for (const r of responses) expectRateLimitHeaders(r);
  });

  // SPEC: "Every response carries X-RateLimit-Limit, X-RateLimit-Remaining and X-RateLimit-Reset."
  it('/health, /metrics, /docs and unknown routes outside /v1 carry the rate-limit headers too', async () => {
    for (const path of ['/health', '/metrics', '/docs', '/no-such-thing']) {
      expectRateLimitHeaders(await server.http().get(path));
    }
  });

  it('the self-hosted default plan (enterprise, "unlimited") still answers integer headers', async () => {
    const { apiKey, jwt } = await newTenant(server, 'ent');
    for (const res of [
      await server.http().get('/v1/artifacts').set(auth(apiKey)),
      await server.http().get('/v1/vaults').set(auth(jwt)),
    ]) {
      expectRateLimitHeaders(res);
      expect(Number.parseInt(res.headers['x-ratelimit-limit'] as string, 10)).not.toBeNaN();
    }
  });

  it('past the plan limit: 429 rate_limited, Retry-After, message states the seconds; headers numeric', async () => {
    const s = await startTestServer({ DEFAULT_PLAN: 'free' });
    try {
      const { apiKey } = await newTenant(s, 'free');
      let last: Res | undefined;
      for (let i = 0; i < 200; i++) {
        last = await s.http().get('/v1/artifacts').set(auth(apiKey));
        if (i === 0) {
          expect(last.status).toBe(200);
          expect(last.headers['x-ratelimit-limit']).toMatch(/^\d+$/);
          expect(last.headers['x-ratelimit-remaining']).toMatch(/^\d+$/);
        }
        if (last.status === 429) break;
      }
      const res = last as Res;
      const err = expectError(res, 'rate_limited');
      expect(res.headers['retry-after']).toMatch(/^\d+$/);
      expect(err.message).toMatch(/\d+\s*s(econds?)?/);
      expect(res.headers['x-ratelimit-remaining']).toMatch(/^\d+$/);
    } finally {
      await s.close();
    }
  });
});

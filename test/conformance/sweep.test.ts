/**
 * Sweeps over route families: pagination bounds on every list, X-Organization-ID on every
 * organization-scoped route, environment isolation of API keys, quota semantics, vault audit detail.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestServer, auth, createApiKey, newTenant, registerUser, startTestServer } from '../helpers/index.js';
import { expectError, expectOk, expectPage, expectValidation } from './wire.js';

const server = useTestServer();
let jwt: string;
let apiKey: string;
let orgId: string;
let vaultId: string;

beforeAll(async () => {
  ({ jwt, apiKey } = await newTenant(server, 'sweep'));
  orgId = (
    await server
      .http()
      .post('/v1/organizations')
      .set(auth(jwt))
      .send({ name: 'Sweep', slug: `sweep-${Date.now()}` })
  ).body.data.id;
  vaultId = (await server.http().post('/v1/vaults').set(auth(jwt)).send({ name: 'sweep' })).body.data.id;
});

describe('pagination on every list route', () => {
  const lists = () => [
    { path: '/v1/artifacts', key: 'artifacts', auth: auth(apiKey) },
    { path: '/v1/memories', key: 'memories', auth: auth(apiKey) },
    { path: '/v1/organizations', key: 'organizations', auth: auth(jwt) },
    { path: `/v1/organizations/${orgId}/teams`, key: 'teams', auth: auth(jwt) },
    { path: `/v1/organizations/${orgId}/members`, key: 'members', auth: auth(jwt) },
    { path: `/v1/organizations/${orgId}/agents`, key: 'agents', auth: auth(jwt) },
    { path: `/v1/organizations/${orgId}/namespaces`, key: 'namespaces', auth: auth(jwt) },
    { path: `/v1/organizations/${orgId}/policies`, key: 'policies', auth: auth(jwt) },
    { path: `/v1/organizations/${orgId}/audit`, key: 'entries', auth: auth(jwt) },
    { path: `/v1/organizations/${orgId}/access-logs`, key: 'entries', auth: auth(jwt) },
    { path: `/v1/organizations/${orgId}/lifecycle-policies`, key: 'lifecyclePolicies', auth: auth(jwt) },
    { path: '/v1/vaults', key: 'vaults', auth: auth(jwt) },
    { path: `/v1/vaults/${vaultId}/items`, key: 'items', auth: auth(jwt) },
    { path: `/v1/vaults/${vaultId}/audit`, key: 'entries', auth: auth(jwt) },
  ];

  it('answers {<plural>, pagination}; limit 1..100; limit 101, 0 and a forged cursor are 400 validation_error', async () => {
    for (const l of lists()) {
      const d = expectOk(await server.http().get(l.path).set(l.auth));
      expectPage(d, l.key);
      expectOk(await server.http().get(`${l.path}?limit=100`).set(l.auth));
      expectValidation(await server.http().get(`${l.path}?limit=101`).set(l.auth), 'limit');
      expectValidation(await server.http().get(`${l.path}?limit=0`).set(l.auth), 'limit');
      expectValidation(await server.http().get(`${l.path}?cursor=not-a-cursor`).set(l.auth), 'cursor');
    }
  });

  it('a cursor walks the whole list without repeats (organizations, 21 items, default page 20)', async () => {
    for (let i = 0; i < 21; i++)
      await server
        .http()
        .post('/v1/organizations')
        .set(auth(jwt))
        .send({ name: `o${i}`, slug: `pg-${i}-${Date.now()}` });
    const first = expectOk(await server.http().get('/v1/organizations').set(auth(jwt)));
    expect(first.organizations).toHaveLength(20);
    expect(first.pagination.hasMore).toBe(true);
    const second = expectOk(
      await server
        .http()
        .get(`/v1/organizations?cursor=${encodeURIComponent(first.pagination.cursor)}`)
        .set(auth(jwt)),
    );
    expect(second.pagination.hasMore).toBe(false);
    const ids = [...first.organizations, ...second.organizations].map((o: { id: string }) => o.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.length).toBe(22);
  });

  // SPEC: "A list response carries its items under a plural key in data ... and a pagination object
  // beside it."
  it('GET /v1/api-keys is a paginated list', async () => {
    const d = expectOk(await server.http().get('/v1/api-keys').set(auth(jwt)));
    expectPage(d, 'apiKeys');
    expectValidation(await server.http().get('/v1/api-keys?limit=101').set(auth(jwt)), 'limit');
  });
});

describe('X-Organization-ID on organization-scoped routes', () => {
  it('a header different from :orgId is 400 on teams, members, agents, namespaces, policies, audit, access-logs, lineage, lifecycle', async () => {
    const paths = [
      'teams',
      'members',
      'agents',
      'namespaces',
      'policies',
      'audit',
      'access-logs',
      'lifecycle-policies',
      'lineage/mem_x',
      'lineage/graph/mem_x',
    ];
    for (const p of paths) {
      expectError(
        await server
          .http()
          .get(`/v1/organizations/${orgId}/${p}`)
          .set(auth(jwt))
          .set('X-Organization-ID', 'org_elsewhere'),
        'validation_error',
      );
    }
    expectOk(
      await server.http().get(`/v1/organizations/${orgId}/agents`).set(auth(jwt)).set('X-Organization-ID', orgId),
    );
  });
});

describe('authentication edge cases', () => {
  it('an empty bearer, a wrong scheme, and a bogus API key-looking token are 401', async () => {
    expectError(await server.http().get('/v1/artifacts').set('Authorization', 'Bearer '), 'unauthorized');
    expectError(await server.http().get('/v1/artifacts').set('Authorization', `Token ${apiKey}`), 'unauthorized');
    expectError(await server.http().get('/v1/vaults').set('Authorization', 'Bearer hx_test_short'), 'unauthorized');
  });

  it('register 201, duplicate register 409 conflict, login 200 with a usable JWT, wrong password 401', async () => {
    const u = await registerUser(server, 'acct');
    expectError(
      await server.http().post('/v1/auth/register').send({ email: u.email, password: 'another-password' }),
      'conflict',
    );
    const login = expectOk(await server.http().post('/v1/auth/login').send({ email: u.email, password: u.password }));
    expectOk(await server.http().get('/v1/api-keys').set(auth(login.tokens.accessToken)));
    expectError(
      await server.http().post('/v1/auth/login').send({ email: u.email, password: 'wrong-password' }),
      'unauthorized',
    );
    expectError(await server.http().delete('/v1/api-keys/key_01ARZ3NDEKTSV4RRFFQ69G5FAV').set(auth(jwt)), 'not_found');
  });

  it('a JWT user of the tenant who is not a member of the organization is refused (403 or 404)', async () => {
    // Invite-free second user of another tenant cannot see the org at all: 404.
    const stranger = await registerUser(server, 'stranger');
    expectError(
      await server.http().get(`/v1/organizations/${orgId}/teams`).set(auth(stranger.accessToken)),
      'not_found',
    );
  });
});

describe('environments (DESIGN §4): a key never reads the other environment', () => {
  it('events captured with hx_test_ are invisible to hx_live_', async () => {
    const t = await newTenant(server, 'envs');
    const testKey = await createApiKey(server, t.user, { name: 'test env', environment: 'test' });
    expect(testKey).toMatch(/^hx_test_/);
    const T = { Authorization: `Bearer ${testKey}` };
    const L = { Authorization: `Bearer ${t.apiKey}` };
    expectOk(
      await server
        .http()
        .post('/v1/capture')
        .set(T)
        .send({ type: 'message', sessionId: 'e', payload: { role: 'user', content: 'My name is Testy.' } }),
      201,
    );
    expectOk(await server.http().post('/v1/learn').set(T).send({ wait: true }));
    expect(expectOk(await server.http().get('/v1/memories').set(T)).memories.length).toBeGreaterThan(0);
    expect(expectOk(await server.http().get('/v1/memories').set(L)).memories).toHaveLength(0);
    expect(expectOk(await server.http().get('/v1/artifacts').set(L)).artifacts).toHaveLength(0);
    expect(expectOk(await server.http().get('/v1/usage-metrics').set(L)).usage.events.total).toBe(0);
  });
});

describe('monthly quota (DESIGN §7)', () => {
  it('duplicates are not counted; past the quota capture is 429 quota_exceeded with Retry-After; a crossing batch is refused whole', async () => {
    const s = await startTestServer({ DEFAULT_PLAN: 'free' });
    try {
      const t = await newTenant(s, 'quota');
      const A = { Authorization: `Bearer ${t.apiKey}` };
      const events = Array.from({ length: 999 }, (_, i) => ({ type: 'observation', sessionId: 'q', payload: { i } }));
      expectOk(await s.http().post('/v1/capture/batch').set(A).send({ events }), 201);
      const before = expectOk(await s.http().get('/v1/usage-metrics').set(A)).quota;
      expect(before.eventsLimit).toBe(1000);
      expect(before.eventsUsed).toBe(999);
      expect(before.eventsRemaining).toBe(1);
      await new Promise((r) => setTimeout(r, 1100));
      // a duplicate is not counted
      expectOk(await s.http().post('/v1/capture').set(A).send(events[0]), 200);
      // a batch of 2 would cross: refused whole
      await new Promise((r) => setTimeout(r, 1100));
      const crossing = await s
        .http()
        .post('/v1/capture/batch')
        .set(A)
        .send({
          events: [
            { type: 'observation', sessionId: 'q', payload: { n: 'a' } },
            { type: 'observation', sessionId: 'q', payload: { n: 'b' } },
          ],
        });
      expectError(crossing, 'quota_exceeded', 429);
      expect(crossing.headers['retry-after']).toMatch(/^\d+$/);
      expectOk(
        await s
          .http()
          .post('/v1/capture')
          .set(A)
          .send({ type: 'observation', sessionId: 'q', payload: { n: 'last' } }),
        201,
      );
      await new Promise((r) => setTimeout(r, 1100));
      const over = await s
        .http()
        .post('/v1/capture')
        .set(A)
        .send({ type: 'observation', sessionId: 'q', payload: { n: 'over' } });
      expectError(over, 'quota_exceeded', 429);
      expect(over.headers['retry-after']).toMatch(/^\d+$/);
    } finally {
      await s.close();
    }
  });
});

describe('vault audit detail grows with sensitivity (DESIGN §6)', () => {
  it('create vault, store, retrieve and delete are audited; critical entries carry ip, user agent, item name, request id', async () => {
    const v = expectOk(
      await server.http().post('/v1/vaults').set(auth(jwt)).send({ name: 'crit-audit', sensitivity: 'critical' }),
      201,
    );
    const item = expectOk(
      await server
        .http()
        .post(`/v1/vaults/${v.id}/items`)
        .set(auth(jwt))
        .send({ name: 'root-pw', value: 'p@ssw0rd-very-secret' }),
      201,
    );
    expectOk(
      await server
        .http()
        .get(`/v1/vaults/${v.id}/items/${item.id}`)
        .set(auth(jwt))
        .set('User-Agent', 'conformance-agent/1.0'),
    );
    expectOk(await server.http().delete(`/v1/vaults/${v.id}/items/${item.id}`).set(auth(jwt)));
    const audit = expectOk(await server.http().get(`/v1/vaults/${v.id}/audit?limit=100`).set(auth(jwt)));
    const text = JSON.stringify(audit);
    expect(text).not.toContain('p@ssw0rd-very-secret');
    expect(audit.entries.length).toBeGreaterThanOrEqual(3);
    expect(text).toContain('conformance-agent/1.0');
    expect(text).toContain('root-pw');
    expect(text).toContain('127.0.0.1');
  });
});

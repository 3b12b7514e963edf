/**
 * API keys through HTTP: the full key once, only hash + prefix stored, list fields, bindings checked
 * in the tenant, revocation and expiry answered 401 at once, test and live data kept apart.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auth, createApiKey, registerUser, useTestServer } from '../helpers/index.js';

const server = useTestServer();

const asUser = (jwt: string) => ({
  list: () => server.http().get('/v1/api-keys').set(auth(jwt)),
  create: (body: Record<string, unknown>) => server.http().post('/v1/api-keys').set(auth(jwt)).send(body),
  revoke: (id: string) => server.http().delete(`/v1/api-keys/${id}`).set(auth(jwt)),
});

const capture = (key: string, content: string, headers: Record<string, string> = {}) =>
  server
    .http()
    .post('/v1/capture')
    .set(auth(key))
    .set(headers)
    .send({ type: 'message', sessionId: 'sess-1', payload: { role: 'user', content } });

describe('create and list', () => {
  it('answers the full key once; the list shows prefix, name, environment, dates and revoked only', async () => {
    const user = await registerUser(server, 'keys');
    const api = asUser(user.accessToken);
    const live = await api.create({ name: 'prod agent', environment: 'live' });
    const test = await api.create({ name: 'ci', environment: 'test' });
    expect(live.status).toBe(201);
    expect(live.body.data.key).toMatch(/^hx_live_[0-9A-Za-z]{32,}$/);
    expect(test.body.data.key).toMatch(/^hx_test_[0-9A-Za-z]{32,}$/);
    expect(live.body.data.key.startsWith(live.body.data.prefix)).toBe(true);
    expect(live.body.data.prefix.length).toBeLessThan(live.body.data.key.length - 20);

    const list = await api.list();
    expect(list.status).toBe(200);
    expect(list.body.data.apiKeys.map((k: { name: string }) => k.name)).toEqual(['ci', 'prod agent']);
    const item = list.body.data.apiKeys[1];
    expect(item).toMatchObject({ name: 'prod agent', environment: 'live', revoked: false, expiresAt: null });
    expect(item).toHaveProperty('createdAt');
    expect(item).toHaveProperty('lastUsedAt');
    expect(item).not.toHaveProperty('key');
    expect(JSON.stringify(list.body)).not.toContain(live.body.data.key);
  });

  it('stores only the SHA-256 hash and the display prefix', async () => {
    const user = await registerUser(server, 'hash');
    const key = await createApiKey(server, user);
    const rows = await server.ctx.database.rows<Record<string, unknown>>(
      sql`select * from api_keys where tenant_id = ${user.tenantId}`,
    );
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(key);
    const { createHash } = await import('node:crypto');
    expect(rows[0]!.hash).toBe(createHash('sha256').update(key).digest('hex'));
  });

  it('records last use', async () => {
    const user = await registerUser(server, 'used');
    const key = await createApiKey(server, user);
    await capture(key, 'hello');
    await new Promise((r) => setTimeout(r, 200));
    const [item] = (await asUser(user.accessToken).list()).body.data.apiKeys;
    expect(item.lastUsedAt).not.toBeNull();
  });

  it('validates its input', async () => {
    const user = await registerUser(server, 'invalid');
    const api = asUser(user.accessToken);
    const bad = await api.create({ name: '', environment: 'staging' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details.map((d: { field: string }) => d.field).sort()).toEqual(['environment', 'name']);
    const past = await api.create({ name: 'old', expiresAt: new Date(Date.now() - 1000).toISOString() });
    expect(past.status).toBe(400);
    expect(past.body.error.details[0].field).toBe('expiresAt');
  });

  it('binds to an organization, namespace and agent only of the own tenant', async () => {
    const user = await registerUser(server, 'bind');
    const other = await registerUser(server, 'bind-other');
    const org = await server
      .http()
      .post('/v1/organizations')
      .set(auth(user.accessToken))
      .send({ name: 'Acme', slug: `acme-${Date.now()}` });
    expect(org.status).toBe(201);
    const orgId = org.body.data.id;
    const ok = await asUser(user.accessToken).create({ name: 'bound', organizationId: orgId });
    expect(ok.status).toBe(201);
    expect(ok.body.data.organizationId).toBe(orgId);
    const foreign = await asUser(other.accessToken).create({ name: 'stolen', organizationId: orgId });
    expect(foreign.status).toBe(404);
    const ns = await asUser(user.accessToken).create({ name: 'x', namespaceId: 'ns_doesnotexist' });
    expect(ns.status).toBe(404);
    const agent = await asUser(user.accessToken).create({ name: 'x', agentId: 'agt_doesnotexist' });
    expect(agent.status).toBe(404);
  });
});

describe('revocation and expiry', () => {
  it('a revoked key is refused at once', async () => {
    const user = await registerUser(server, 'revoke');
    const created = await asUser(user.accessToken).create({ name: 'soon gone' });
    const key = created.body.data.key;
    expect((await capture(key, 'before')).status).toBe(201);
    const del = await asUser(user.accessToken).revoke(created.body.data.id);
    expect(del.status).toBe(200);
    expect(del.body.data).toEqual({ id: created.body.data.id, deleted: true });
    const after = await capture(key, 'after');
    expect(after.status).toBe(401);
    expect(after.body.error.message).toMatch(/revoked/);
    const [item] = (await asUser(user.accessToken).list()).body.data.apiKeys;
    expect(item.revoked).toBe(true);
    expect(item.revokedAt).not.toBeNull();
    // Revoking again is harmless.
    expect((await asUser(user.accessToken).revoke(created.body.data.id)).status).toBe(200);
  });

  it("another tenant's key answers 404 and stays valid", async () => {
    const owner = await registerUser(server, 'owner');
    const intruder = await registerUser(server, 'intruder');
    const created = await asUser(owner.accessToken).create({ name: 'mine' });
    const res = await asUser(intruder.accessToken).revoke(created.body.data.id);
    expect(res.status).toBe(404);
    expect((await capture(created.body.data.key, 'still works')).status).toBe(201);
    expect((await asUser(intruder.accessToken).list()).body.data.apiKeys).toEqual([]);
  });

  it('an expired key is refused', async () => {
    const user = await registerUser(server, 'expiry');
    const created = await asUser(user.accessToken).create({
      name: 'short',
      expiresAt: new Date(Date.now() + 1500).toISOString(),
    });
    expect((await capture(created.body.data.key, 'in time')).status).toBe(201);
    await new Promise((r) => setTimeout(r, 1700));
    const late = await capture(created.body.data.key, 'too late');
    expect(late.status).toBe(401);
    expect(late.body.error.message).toMatch(/expired/);
  });

  it('unknown keys of the right shape are refused', async () => {
    const res = await capture('hx_live_0000000000000000000000000000000000000000', 'x');
    expect(res.status).toBe(401);
    expect(res.body.error.message).toMatch(/invalid/);
  });
});

describe('test and live environments', () => {
  it('events captured with a test key are not seen by a live key (no cross-environment duplicates or idempotency)', async () => {
    const user = await registerUser(server, 'envs');
    const live = await createApiKey(server, user, { environment: 'live' });
    const test = await createApiKey(server, user, { environment: 'test' });
    const first = await capture(test, 'same words', { 'Idempotency-Key': 'idem-1' });
    expect(first.status).toBe(201);
    // The same event and idempotency key in live is new there: live cannot see test's event.
    const inLive = await capture(live, 'same words', { 'Idempotency-Key': 'idem-1' });
    expect(inLive.status).toBe(201);
    expect(inLive.body.data.status).toBe('ingested');
    expect(inLive.body.data.eventId).not.toBe(first.body.data.eventId);
    // Within one environment the second capture is recognised.
    const again = await capture(test, 'same words', { 'Idempotency-Key': 'idem-1' });
    expect(again.body.data.eventId).toBe(first.body.data.eventId);
  });
});

describe('GET /v1/api-keys pagination', () => {
  it('pages newest first with an opaque cursor, never repeating a key', async () => {
    const user = await registerUser(server, 'pager');
    for (const name of ['k1', 'k2', 'k3']) {
      await server.http().post('/v1/api-keys').set(auth(user.accessToken)).send({ name });
    }
    const first = await server.http().get('/v1/api-keys?limit=2').set(auth(user.accessToken));
    expect(first.status).toBe(200);
    expect(first.body.data.apiKeys.map((k: { name: string }) => k.name)).toEqual(['k3', 'k2']);
    expect(first.body.data.pagination.hasMore).toBe(true);
    const second = await server
      .http()
      .get(`/v1/api-keys?limit=2&cursor=${encodeURIComponent(first.body.data.pagination.cursor)}`)
      .set(auth(user.accessToken));
    expect(second.body.data.apiKeys.map((k: { name: string }) => k.name)).toEqual(['k1']);
    expect(second.body.data.pagination).toEqual({ hasMore: false });
    const forged = await server.http().get('/v1/api-keys?cursor=nope').set(auth(user.accessToken));
    expect(forged.status).toBe(400);
    expect(forged.body.error.details[0].field).toBe('query.cursor');
  });
});

/**
 * API keys through HTTP: the full key once, only hash + prefix stored, list fields, bindings checked
 * in the tenant, revocation and expiry answered 401 at once, test and live data kept apart.
 */
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import {
  createApiKey,
  createOrg,
  errorFields,
  expectStatus,
  postRaw,
  registerUser,
  useTestServer,
} from '../helpers/index.js';
import type { HxTestClient, RouteBody } from '../helpers/index.js';

const server = useTestServer();

const asUser = (jwt: string) => {
  const keys = server.api(jwt).apiKeys;
  return {
    list: (query: { limit?: number; cursor?: string } = {}) => keys.list({ query }),
    create: (body: RouteBody<HxTestClient['apiKeys']['create']>) => keys.create({ body }),
    revoke: (id: string) => keys.revoke({ params: { id } }),
  };
};

/** The keys `jwt` lists on the first page (which must answer 200). */
const listed = async (jwt: string) => expectStatus(await asUser(jwt).list(), 200).body.data.apiKeys;

/** A message captured with `key`, under `idempotencyKey` when given. */
const capture = (key: string, content: string, idempotencyKey?: string) =>
  server.api(key).capture.capture({
    body: { type: 'message', sessionId: 'sess-1', payload: { role: 'user', content } },
    ...(idempotencyKey ? { headers: { 'idempotency-key': idempotencyKey } } : {}),
  });

describe('create and list', () => {
  it('answers the full key once; the list shows prefix, name, environment, dates and revoked only', async () => {
    const user = await registerUser(server, 'keys');
    const api = asUser(user.accessToken);
    const live = expectStatus(await api.create({ name: 'prod agent', environment: 'live' }), 201).body.data;
    const test = expectStatus(await api.create({ name: 'ci', environment: 'test' }), 201).body.data;
    expect(live.key).toMatch(/^hx_live_[0-9A-Za-z]{32,}$/);
    expect(test.key).toMatch(/^hx_test_[0-9A-Za-z]{32,}$/);
    expect(live.key.startsWith(live.prefix)).toBe(true);
    expect(live.prefix.length).toBeLessThan(live.key.length - 20);

    const list = expectStatus(await api.list(), 200);
    expect(list.body.data.apiKeys.map((k) => k.name)).toEqual(['ci', 'prod agent']);
    const item = list.body.data.apiKeys[1];
    expect(item).toMatchObject({ name: 'prod agent', environment: 'live', revoked: false, expiresAt: null });
    expect(item).toHaveProperty('createdAt');
    expect(item).toHaveProperty('lastUsedAt');
    expect(item).not.toHaveProperty('key');
    expect(JSON.stringify(list.body)).not.toContain(live.key);
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
    // Written behind, but the list flushes first: no wait needed.
    const [item] = await listed(user.accessToken);
    expect(item!.lastUsedAt).not.toBeNull();
  });

  // A row lock taken from another connection holds the write in flight (PGlite has one connection).
  it.skipIf(!process.env.DATABASE_URL)('a list waits for the last-use write already in flight', async () => {
    const user = await registerUser(server, 'used-in-flight');
    const key = await createApiKey(server, user);
    const id = (await listed(user.accessToken))[0]!.id;
    const locker = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await locker.connect();
    try {
      await locker.query('begin');
      await locker.query('select 1 from api_keys where id = $1 for update', [id]);
      await capture(key, 'hello');
      // The write the 1 s timer makes (jobs/start.ts), now held by the lock.
      const timerWrite = server.ctx.services.apiKeys.flushLastUsed();
      const listing = listed(user.accessToken);
      await new Promise((r) => setTimeout(r, 300));
      await locker.query('commit');
      await timerWrite;
      expect((await listing).find((k) => k.id === id)?.lastUsedAt).not.toBeNull();
    } finally {
      await locker.end();
    }
  });

  it('validates its input', async () => {
    const user = await registerUser(server, 'invalid');
    const api = asUser(user.accessToken);
    // An environment that does not exist: a body the contract cannot express, sent raw.
    const bad = await postRaw(server, '/v1/api-keys', user, { name: '', environment: 'staging' });
    expect(bad.status).toBe(400);
    expect(errorFields(bad.body).sort()).toEqual(['environment', 'name']);
    const past = await api.create({ name: 'old', expiresAt: new Date(Date.now() - 1000).toISOString() });
    expect(errorFields(expectStatus(past, 400).body)[0]).toBe('expiresAt');
  });

  it('binds to an organization, namespace and agent only of the own tenant', async () => {
    const user = await registerUser(server, 'bind');
    const other = await registerUser(server, 'bind-other');
    const orgId = (await createOrg(server, user)).id;
    const ok = await asUser(user.accessToken).create({ name: 'bound', organizationId: orgId });
    expect(expectStatus(ok, 201).body.data.organizationId).toBe(orgId);
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
    const created = expectStatus(await asUser(user.accessToken).create({ name: 'soon gone' }), 201).body.data;
    const key = created.key;
    expect((await capture(key, 'before')).status).toBe(201);
    const del = await asUser(user.accessToken).revoke(created.id);
    expect(expectStatus(del, 200).body.data).toEqual({ id: created.id, deleted: true });
    const after = await capture(key, 'after');
    expect(expectStatus(after, 401).body.error.message).toMatch(/revoked/);
    const [item] = await listed(user.accessToken);
    expect(item!.revoked).toBe(true);
    expect(item!.revokedAt).not.toBeNull();
    // Revoking again is harmless.
    expect((await asUser(user.accessToken).revoke(created.id)).status).toBe(200);
  });

  it("another tenant's key answers 404 and stays valid", async () => {
    const owner = await registerUser(server, 'owner');
    const intruder = await registerUser(server, 'intruder');
    const created = expectStatus(await asUser(owner.accessToken).create({ name: 'mine' }), 201).body.data;
    const res = await asUser(intruder.accessToken).revoke(created.id);
    expect(res.status).toBe(404);
    expect((await capture(created.key, 'still works')).status).toBe(201);
    expect(await listed(intruder.accessToken)).toEqual([]);
  });

  it('an expired key is refused', async () => {
    const user = await registerUser(server, 'expiry');
    const expiresAt = new Date(Date.now() + 1500).toISOString();
    const created = expectStatus(await asUser(user.accessToken).create({ name: 'short', expiresAt }), 201).body.data;
    expect((await capture(created.key, 'in time')).status).toBe(201);
    await new Promise((r) => setTimeout(r, 1700));
    const late = await capture(created.key, 'too late');
    expect(expectStatus(late, 401).body.error.message).toMatch(/expired/);
  });

  it('unknown keys of the right shape are refused', async () => {
    const res = await capture('hx_live_0000000000000000000000000000000000000000', 'x');
    expect(expectStatus(res, 401).body.error.message).toMatch(/invalid/);
  });
});

describe('test and live environments', () => {
  it('events captured with a test key are not seen by a live key (no cross-environment duplicates or idempotency)', async () => {
    const user = await registerUser(server, 'envs');
    const live = await createApiKey(server, user, { environment: 'live' });
    const test = await createApiKey(server, user, { environment: 'test' });
    const first = expectStatus(await capture(test, 'same words', 'idem-1'), 201).body.data;
    // The same event and idempotency key in live is new there: live cannot see test's event.
    const inLive = expectStatus(await capture(live, 'same words', 'idem-1'), 201).body.data;
    expect(inLive.status).toBe('ingested');
    expect(inLive.eventId).not.toBe(first.eventId);
    // Within one environment the second capture is recognised.
    const again = await capture(test, 'same words', 'idem-1');
    expect(again.body).toMatchObject({ data: { eventId: first.eventId } });
  });
});

describe('GET /v1/api-keys pagination', () => {
  it('pages newest first with an opaque cursor, never repeating a key', async () => {
    const user = await registerUser(server, 'pager');
    const api = asUser(user.accessToken);
    for (const name of ['k1', 'k2', 'k3']) await api.create({ name });
    const first = expectStatus(await api.list({ limit: 2 }), 200).body.data;
    expect(first.apiKeys.map((k) => k.name)).toEqual(['k3', 'k2']);
    expect(first.pagination.hasMore).toBe(true);
    const second = expectStatus(await api.list({ limit: 2, cursor: first.pagination.cursor }), 200).body.data;
    expect(second.apiKeys.map((k) => k.name)).toEqual(['k1']);
    expect(second.pagination).toEqual({ hasMore: false });
    const forged = await api.list({ cursor: 'nope' });
    expect(errorFields(expectStatus(forged, 400).body)[0]).toBe('query.cursor');
  });
});

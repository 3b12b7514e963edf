/**
 * The monthly event quota through HTTP: a batch that would cross it is refused whole (nothing
 * stored, nothing counted), exhaustion answers 429 quota_exceeded with Retry-After until the UTC
 * month turns; the operator changes a tenant's plan.
 */
import { PLAN_LIMITS } from '@hx-memory/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auth, createApiKey, expectStatus, must, registerUser, useTestServer } from '../helpers/index.js';
import { captureBatch, coreRequest, OPERATOR_TOKEN, setPlan, startLimitedServer } from './limits-helpers.js';

const server = useTestServer(() => startLimitedServer('free'));

const batch = (key: string, n: number, tag: string) => captureBatch(server, key, n, tag);

const admin = () => server.api(OPERATOR_TOKEN).admin;

const tenant = async (tenantId: string) =>
  must('get tenant', await admin().getTenant({ params: { tenantId } }), 200).body.data;

/** One message captured alone with `key`. */
const captureOne = (key: string, sessionId: string, content: string) =>
  server.api(key).capture.capture({ body: { type: 'message', sessionId, payload: { role: 'user', content } } });

const storedEvents = async (tenantId: string) =>
  Number(
    (
      await server.ctx.database.rows<{ n: string }>(sql`select count(*) as n from events where tenant_id = ${tenantId}`)
    )[0]!.n,
  );

function secondsToNextUtcMonth() {
  const now = new Date();
  return (Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1) - now.getTime()) / 1000;
}

describe('monthly event quota (free: 1,000 events)', () => {
  it('refuses a crossing batch whole, fills up exactly, then refuses with Retry-After until the month turns', async () => {
    const user = await registerUser(server, 'quota');
    const key = await createApiKey(server, user);
    const limit = PLAN_LIMITS.free.monthlyEvents!;

    expect((await batch(key, 990, 'a')).status).toBe(201);
    expect((await tenant(user.tenantId)).quota).toMatchObject({ eventsLimit: limit, eventsUsed: 990 });

    const crossing = await batch(key, 20, 'b');
    const { error } = expectStatus(crossing, 429).body;
    expect(error.code).toBe('quota_exceeded');
    const retryAfter = Number(crossing.headers.get('retry-after'));
    expect(Math.abs(retryAfter - secondsToNextUtcMonth())).toBeLessThan(30);
    expect(error.message).toMatch(/990 used, 20 more requested/);
    // Nothing of the refused batch was stored or counted.
    expect(await storedEvents(user.tenantId)).toBe(990);
    expect((await tenant(user.tenantId)).quota.eventsUsed).toBe(990);

    expect((await batch(key, 10, 'c')).status).toBe(201);
    expect((await tenant(user.tenantId)).quota.eventsUsed).toBe(limit);

    const single = await captureOne(key, 's-d', 'one too many');
    expect(expectStatus(single, 429).body.error.code).toBe('quota_exceeded');
    expect(single.headers.get('retry-after')).not.toBeNull();
    // Rate-limit headers are on quota refusals too.
    expect(single.headers.get('x-ratelimit-limit')).toBe('60');
    expect(await storedEvents(user.tenantId)).toBe(limit);
  }, 60_000);

  it('the quota is per tenant', async () => {
    const a = await registerUser(server, 'qa');
    const b = await registerUser(server, 'qb');
    await batch(await createApiKey(server, a), 5, 'x');
    expect((await tenant(a.tenantId)).quota.eventsUsed).toBe(5);
    expect((await tenant(b.tenantId)).quota.eventsUsed).toBe(0);
  });

  it('a larger plan lifts the quota at once; enterprise is unlimited', async () => {
    const user = await registerUser(server, 'upgrade');
    const key = await createApiKey(server, user);
    expect((await batch(key, 1000, 'full')).status).toBe(201);
    expect((await batch(key, 1, 'over')).status).toBe(429);
    const upgraded = await setPlan(server, user.tenantId, 'developer');
    expect(upgraded).toMatchObject({ plan: 'developer', quota: { eventsLimit: 50_000, eventsUsed: 1000 } });
    expect((await batch(key, 1, 'after')).status).toBe(201);
    const ent = await setPlan(server, user.tenantId, 'enterprise');
    expect(ent.quota.eventsLimit).toBeNull();
  }, 60_000);

  it('without a limit, concurrent batches are all stored and counted exactly (events stored first, counted after)', async () => {
    const user = await registerUser(server, 'unlimited');
    const key = await createApiKey(server, user);
    await setPlan(server, user.tenantId, 'enterprise');
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => batch(key, 50, `par-${i}`)));
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(201));
    // A batch of nothing but duplicates stores and counts nothing.
    const again = await batch(key, 50, 'par-0');
    expect(expectStatus(again, 200).body.data.summary).toMatchObject({ ingested: 0, duplicates: 50 });
    expect(await storedEvents(user.tenantId)).toBe(400);
    expect((await tenant(user.tenantId)).quota).toMatchObject({ eventsLimit: null, eventsUsed: 400 });
  }, 60_000);

  it('counts made without a limit (written behind) are all in the count the moment a limit applies', async () => {
    const user = await registerUser(server, 'downgrade');
    const key = await createApiKey(server, user);
    await setPlan(server, user.tenantId, 'enterprise');
    // Single captures and batches, as unlimited captures count them: behind, in memory.
    for (let i = 0; i < 5; i++) {
      const one = await captureOne(key, 's-one', `single ${i}`);
      expect(one.status).toBe(201);
    }
    expect((await batch(key, 985, 'ent')).status).toBe(201);
    // At once: well within the second after which counts behind are written anyway.
    await setPlan(server, user.tenantId, 'free');
    const crossing = await batch(key, 20, 'free');
    expect(crossing.status).toBe(429);
    expect(expectStatus(crossing, 429).body.error.message).toMatch(/990 used, 20 more requested/);
    expect((await batch(key, 10, 'fits')).status).toBe(201);
    expect((await tenant(user.tenantId)).quota).toMatchObject({ eventsLimit: 1000, eventsUsed: 1000 });
    expect(await storedEvents(user.tenantId)).toBe(1000);
  }, 60_000);
});

describe('operator endpoints', () => {
  it('need the operator token', async () => {
    const user = await registerUser(server, 'op');
    const res = await server
      .api(user)
      .admin.updateTenant({ params: { tenantId: user.tenantId }, body: { plan: 'pro' } });
    expect(res.status).toBe(401);
    expect((await tenant(user.tenantId)).plan).toBe('free');
  });

  it('validate the plan and answer 404 for unknown tenants', async () => {
    const user = await registerUser(server, 'op2');
    // A plan that does not exist: a body the contract cannot express, sent raw.
    const bad = await server
      .http()
      .patch(`/v1/admin/tenants/${user.tenantId}`)
      .set(auth(OPERATOR_TOKEN))
      .send({ plan: 'platinum' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details[0].field).toBe('plan');
    const missing = await admin().updateTenant({ params: { tenantId: 'ten_missing' }, body: { plan: 'pro' } });
    expect(missing.status).toBe(404);
  });

  it('list tenants page by page', async () => {
    await registerUser(server, 'list1');
    await registerUser(server, 'list2');
    const first = expectStatus(await admin().listTenants({ query: { limit: 1 } }), 200).body.data;
    expect(first.tenants).toHaveLength(1);
    expect(first.pagination.hasMore).toBe(true);
    const second = await admin().listTenants({ query: { limit: 1, cursor: first.pagination.cursor } });
    expect(expectStatus(second, 200).body.data.tenants[0]!.id).not.toBe(first.tenants[0]!.id);
  });

  it('a plan change reaches the rate limit of the next request', async () => {
    const user = await registerUser(server, 'op3');
    const key = await createApiKey(server, user);
    const before = await coreRequest(server, key);
    expect(before.headers['x-ratelimit-limit']).toBe('60');
    await setPlan(server, user.tenantId, 'pro');
    const after = await coreRequest(server, key);
    expect(after.headers['x-ratelimit-limit']).toBe('3000');
  });
});

/**
 * The monthly event quota through HTTP: a batch that would cross it is refused whole (nothing
 * stored, nothing counted), exhaustion answers 429 quota_exceeded with Retry-After until the UTC
 * month turns; the operator changes a tenant's plan.
 */
import { PLAN_LIMITS } from '@hx-memory/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auth, createApiKey, registerUser, useTestServer } from '../helpers/index.js';
import { captureBatch, OPERATOR_TOKEN, setPlan, startLimitedServer } from './limits-helpers.js';

const server = useTestServer(() => startLimitedServer('free'));

const batch = (key: string, n: number, tag: string) => captureBatch(server, key, n, tag);

const tenant = async (tenantId: string) =>
  (await server.http().get(`/v1/admin/tenants/${tenantId}`).set(auth(OPERATOR_TOKEN))).body.data;

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
    expect(crossing.status).toBe(429);
    expect(crossing.body.error.code).toBe('quota_exceeded');
    const retryAfter = Number(crossing.headers['retry-after']);
    expect(Math.abs(retryAfter - secondsToNextUtcMonth())).toBeLessThan(30);
    expect(crossing.body.error.message).toMatch(/990 used, 20 more requested/);
    // Nothing of the refused batch was stored or counted.
    expect(await storedEvents(user.tenantId)).toBe(990);
    expect((await tenant(user.tenantId)).quota.eventsUsed).toBe(990);

    expect((await batch(key, 10, 'c')).status).toBe(201);
    expect((await tenant(user.tenantId)).quota.eventsUsed).toBe(limit);

    const single = await server
      .http()
      .post('/v1/capture')
      .set(auth(key))
      .send({ type: 'message', sessionId: 's-d', payload: { role: 'user', content: 'one too many' } });
    expect(single.status).toBe(429);
    expect(single.body.error.code).toBe('quota_exceeded');
    expect(single.headers['retry-after']).toBeDefined();
    // Rate-limit headers are on quota refusals too.
    expect(single.headers['x-ratelimit-limit']).toBe('60');
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
    expect(again.body.data.summary).toMatchObject({ ingested: 0, duplicates: 50 });
    expect(await storedEvents(user.tenantId)).toBe(400);
    expect((await tenant(user.tenantId)).quota).toMatchObject({ eventsLimit: null, eventsUsed: 400 });
  }, 60_000);

  it('counts made without a limit (written behind) are all in the count the moment a limit applies', async () => {
    const user = await registerUser(server, 'downgrade');
    const key = await createApiKey(server, user);
    await setPlan(server, user.tenantId, 'enterprise');
    // Single captures and batches, as unlimited captures count them: behind, in memory.
    for (let i = 0; i < 5; i++) {
      const one = await server
        .http()
        .post('/v1/capture')
        .set(auth(key))
        .send({ type: 'message', sessionId: 's-one', payload: { role: 'user', content: `single ${i}` } });
      expect(one.status).toBe(201);
    }
    expect((await batch(key, 985, 'ent')).status).toBe(201);
    // At once: well within the second after which counts behind are written anyway.
    await setPlan(server, user.tenantId, 'free');
    const crossing = await batch(key, 20, 'free');
    expect(crossing.status).toBe(429);
    expect(crossing.body.error.message).toMatch(/990 used, 20 more requested/);
    expect((await batch(key, 10, 'fits')).status).toBe(201);
    expect((await tenant(user.tenantId)).quota).toMatchObject({ eventsLimit: 1000, eventsUsed: 1000 });
    expect(await storedEvents(user.tenantId)).toBe(1000);
  }, 60_000);
});

describe('operator endpoints', () => {
  it('need the operator token', async () => {
    const user = await registerUser(server, 'op');
    const res = await server
      .http()
      .patch(`/v1/admin/tenants/${user.tenantId}`)
      .set(auth(user.accessToken))
      .send({ plan: 'pro' });
    expect(res.status).toBe(401);
    expect((await tenant(user.tenantId)).plan).toBe('free');
  });

  it('validate the plan and answer 404 for unknown tenants', async () => {
    const user = await registerUser(server, 'op2');
    const bad = await server
      .http()
      .patch(`/v1/admin/tenants/${user.tenantId}`)
      .set(auth(OPERATOR_TOKEN))
      .send({ plan: 'platinum' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details[0].field).toBe('plan');
    const missing = await server
      .http()
      .patch('/v1/admin/tenants/ten_missing')
      .set(auth(OPERATOR_TOKEN))
      .send({ plan: 'pro' });
    expect(missing.status).toBe(404);
  });

  it('list tenants page by page', async () => {
    await registerUser(server, 'list1');
    await registerUser(server, 'list2');
    const first = await server.http().get('/v1/admin/tenants?limit=1').set(auth(OPERATOR_TOKEN));
    expect(first.status).toBe(200);
    expect(first.body.data.tenants).toHaveLength(1);
    expect(first.body.data.pagination.hasMore).toBe(true);
    const second = await server
      .http()
      .get(`/v1/admin/tenants?limit=1&cursor=${first.body.data.pagination.cursor}`)
      .set(auth(OPERATOR_TOKEN));
    expect(second.body.data.tenants[0].id).not.toBe(first.body.data.tenants[0].id);
  });

  it('a plan change reaches the rate limit of the next request', async () => {
    const user = await registerUser(server, 'op3');
    const key = await createApiKey(server, user);
    const before = await server.http().post('/v1/capture').set(auth(key)).send({});
    expect(before.headers['x-ratelimit-limit']).toBe('60');
    await setPlan(server, user.tenantId, 'pro');
    const after = await server.http().post('/v1/capture').set(auth(key)).send({});
    expect(after.headers['x-ratelimit-limit']).toBe('3000');
  });
});

/**
 * Limits and revocation across server instances: two servers on one Redis share their rate-limit
 * counts (the plans' and the unlimited-plan ceiling; health probes count per instance), a key revoked
 * on one is refused by the other (real PostgreSQL), and a server whose Redis is down keeps limiting
 * with its in-memory insurance limiter. The shared tests need CI's real services.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  createApiKey,
  expectStatus,
  registerUser,
  type TestServer,
  useTestServer,
  useTestServers,
} from '../helpers/index.js';
import { PLAN_LIMITS } from '@hx-memory/contract';
import { captureBatch, coreRequest, setPlan, sleep, startLimitedServer } from './limits-helpers.js';

const shared = Boolean(process.env.REDIS_URL && process.env.DATABASE_URL);

describe.skipIf(!shared)('two instances on one PostgreSQL and one Redis', () => {
  const prefix = `hx-test:${randomUUID()}`;
  const [a, b] = useTestServers(2, () => startLimitedServer('free', { RATE_LIMIT_PREFIX: prefix }));

  it('share one burst and one minute count per key', async () => {
    const user = await registerUser(a, 'shared');
    const key = await createApiKey(a, user);
    const wave = await Promise.all(Array.from({ length: 10 }, (_, i) => coreRequest(i % 2 === 0 ? a : b, key)));
    expect(wave.filter((r) => r.status === 429)).toHaveLength(0);
    const fromB = await coreRequest(b, key);
    const fromA = await coreRequest(a, key);
    expect(fromB.status).toBe(429);
    expect(fromA.status).toBe(429);
    expect(Number(fromA.headers['x-ratelimit-remaining'])).toBe(50);
    await sleep(1100);
    const later = await coreRequest(b, key);
    expect(later.status).not.toBe(429);
    expect(later.headers['x-ratelimit-remaining']).toBe('49');
  });

  it('a key revoked on one instance is refused by the other at once', async () => {
    const user = await registerUser(a, 'revoke');
    const keys = a.api(user).apiKeys;
    const { id, key } = expectStatus(await keys.create({ body: { name: 'k' } }), 201).body.data;
    expect((await coreRequest(b, key)).status).toBe(400);
    await keys.revoke({ params: { id } });
    const res = await coreRequest(b, key);
    expect(res.status).toBe(401);
    expect(res.body.error.message).toMatch(/revoked/);
  });

  it('a revocation reaches the other instance at once while its key cache is warm, and stays effective', async () => {
    const user = await registerUser(a, 'revoke-warm');
    const keys = a.api(user).apiKeys;
    const { id, key } = expectStatus(await keys.create({ body: { name: 'k' } }), 201).body.data;
    // Both instances have looked the key up (API_KEY_CACHE_MS is seconds): b answers from its cache.
    for (const server of [a, b, b]) expect((await coreRequest(server, key)).status).toBe(400);
    const revoked = await keys.revoke({ params: { id } });
    expect(revoked.status).toBe(200);
    for (const server of [b, a, b]) {
      const res = await coreRequest(server, key);
      expect(res.status).toBe(401);
      expect(res.body.error.message).toMatch(/revoked/);
    }
  });

  it("a plan change reaches the other instance at once while the tenant's key is cached there", async () => {
    const user = await registerUser(a, 'plan-warm');
    const key = await createApiKey(a, user);
    const free = await coreRequest(b, key);
    expect(free.headers['x-ratelimit-limit']).toBe(String(PLAN_LIMITS.free.requestsPerMinute));
    await setPlan(a, user.tenantId, 'pro');
    const pro = await coreRequest(b, key);
    expect(pro.headers['x-ratelimit-limit']).toBe(String(PLAN_LIMITS.pro.requestsPerMinute));
    await setPlan(b, user.tenantId, 'developer');
    const developer = await coreRequest(a, key);
    expect(developer.headers['x-ratelimit-limit']).toBe(String(PLAN_LIMITS.developer.requestsPerMinute));
  });

  it('events one instance counted behind without a limit are in the count when a plan change on the other sets one', async () => {
    const user = await registerUser(a, 'plan-counts');
    const key = await createApiKey(a, user);
    await setPlan(a, user.tenantId, 'enterprise');
    const batch = (server: TestServer, n: number, tag: string) => captureBatch(server, key, n, tag);
    // Counted behind on b (written within a second); the plan changes on a at once.
    expect((await batch(b, 990, 'unlimited')).status).toBe(201);
    await setPlan(a, user.tenantId, 'free');
    const crossing = await batch(b, 20, 'limited');
    expect(crossing.status).toBe(429);
    expect(expectStatus(crossing, 429).body.error.message).toMatch(/990 used, 20 more requested/);
    expect((await batch(b, 10, 'fits')).status).toBe(201);
  });
});

describe.skipIf(!shared)('unlimited-plan ceiling and probes across two instances', () => {
  const overrides = { RATE_LIMIT_PREFIX: `hx-test:${randomUUID()}`, UNLIMITED_PLAN_RPM: '5' };
  const [a, b] = useTestServers(2, () => startLimitedServer('enterprise', overrides));

  it('the UNLIMITED_PLAN_RPM ceiling is one count per key across instances (Redis)', async () => {
    const user = await registerUser(a, 'ceiling-shared');
    const key = await createApiKey(a, user);
    const wave = await Promise.all(Array.from({ length: 5 }, (_, i) => coreRequest(i % 2 === 0 ? a : b, key)));
    expect(wave.filter((r) => r.status === 429)).toHaveLength(0);
    const refused = await coreRequest(b, key);
    expect(refused.status).toBe(429);
    expect(refused.headers['x-ratelimit-limit']).toBe('5');
    expect(refused.headers['x-ratelimit-remaining']).toBe('0');
  });

  it('/health is counted per instance: probing one replica spends nothing of the other', async () => {
    const first = await a.http().get('/health');
    await a.http().get('/health');
    const onB = await b.http().get('/health');
    expect(first.headers['x-ratelimit-limit']).toBe('100000');
    expect(onB.headers['x-ratelimit-remaining']).toBe(first.headers['x-ratelimit-remaining']);
  });
});

describe.skipIf(!shared)('a high ceiling counted in leases across two instances', () => {
  // 640 a minute: each instance takes leases of up to 10 points from Redis (leased-limiter.ts).
  const overrides = { RATE_LIMIT_PREFIX: `hx-test:${randomUUID()}`, UNLIMITED_PLAN_RPM: '640' };
  const [a, b] = useTestServers(2, () => startLimitedServer('enterprise', overrides));

  it('one instance counts down by one per request', async () => {
    const key = await createApiKey(a, await registerUser(a, 'lease-headers'));
    const remaining = [];
    for (let i = 0; i < 12; i++) remaining.push(Number((await coreRequest(a, key)).headers['x-ratelimit-remaining']));
    expect(remaining).toEqual(Array.from({ length: 12 }, (_, i) => 639 - i));
  });

  it('both instances together accept exactly the ceiling, never more', async () => {
    const key = await createApiKey(a, await registerUser(a, 'lease-shared'));
    const statuses: number[] = [];
    for (let wave = 0; wave < 35; wave++) {
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) => coreRequest((wave + i) % 3 === 0 ? b : a, key)),
      );
      statuses.push(...answers.map((r) => r.status));
    }
    expect(statuses.filter((s) => s !== 429)).toHaveLength(640);
    const refused = await coreRequest(b, key);
    expect(refused.status).toBe(429);
    expect(refused.headers['x-ratelimit-remaining']).toBe('0');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('Redis down', () => {
  // Nothing listens on port 1: every Redis call fails, the insurance limiter answers.
  const server = useTestServer(() => startLimitedServer('free', { REDIS_URL: 'redis://127.0.0.1:1' }));

  it('the in-memory insurance limiter keeps the limits and headers', async () => {
    const user = await registerUser(server, 'insured');
    const key = await createApiKey(server, user);
    const wave = await Promise.all(Array.from({ length: 10 }, () => coreRequest(server, key)));
    expect(wave.filter((r) => r.status === 429)).toHaveLength(0);
    expect(wave[0]!.headers['x-ratelimit-limit']).toBe('60');
    const refused = await coreRequest(server, key);
    expect(refused.status).toBe(429);
    expect(refused.headers['retry-after']).toBe('1');
  });
});

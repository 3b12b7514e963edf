/**
 * Request rate limits through HTTP: the plans' burst and per-minute limits, X-RateLimit-* headers on
 * every /v1 response (errors included), 429 rate_limited with a Retry-After that is honoured.
 */
import { PLAN_LIMITS } from '@hx-memory/contract';
import type { Response } from 'supertest';
import { describe, expect, it } from 'vitest';
import { auth, createApiKey, registerUser, useTestServer } from '../helpers/index.js';
import { coreRequest, setPlan, sleep, startLimitedServer } from './limits-helpers.js';

const server = useTestServer(() => startLimitedServer('free'));

const keyRoute = coreRequest;

function expectRateHeaders(res: Response, limit: number) {
  expect(res.headers['x-ratelimit-limit']).toBe(String(limit));
  expect(Number(res.headers['x-ratelimit-remaining'])).toBeGreaterThanOrEqual(0);
  expect(Number(res.headers['x-ratelimit-remaining'])).toBeLessThanOrEqual(limit);
  const reset = Number(res.headers['x-ratelimit-reset']);
  const now = Date.now() / 1000;
  expect(reset).toBeGreaterThanOrEqual(Math.floor(now));
  expect(reset).toBeLessThanOrEqual(Math.ceil(now) + 61);
}

async function burst(n: number, send: () => Promise<Response>) {
  return Promise.all(Array.from({ length: n }, send));
}

describe('rate limit headers', () => {
  it('are on successes, and count down per API key', async () => {
    const user = await registerUser(server, 'hdr');
    const key = await createApiKey(server, user);
    const first = await keyRoute(server, key);
    expectRateHeaders(first, 60);
    const second = await keyRoute(server, key);
    expect(Number(second.headers['x-ratelimit-remaining'])).toBe(Number(first.headers['x-ratelimit-remaining']) - 1);
  });

  it('are on 401, 404, 400 (malformed JSON) and 413 answers too', async () => {
    const responses = [
      await server.http().post('/v1/capture').send({}),
      await server
        .http()
        .post('/v1/capture')
        .set('Authorization', 'Bearer hx_live_notarealkeynotarealkeynotarealkey00'),
      await server.http().get('/v1/no-such-route'),
      await server.http().post('/v1/auth/login').set('Content-Type', 'application/json').send('{"email":'),
      await server
        .http()
        .post('/v1/auth/login')
        .send({ email: 'a@example.com', password: 'x'.repeat(1024 * 1024 + 10) }),
    ];
    expect(responses.map((r) => r.status)).toEqual([401, 401, 404, 400, 413]);
    // Without a valid credential the caller is its IP address, on the IP policy.
    for (const res of responses) expectRateHeaders(res, 100000);
  });

  it('JWT calls are limited per user on the same plan', async () => {
    const a = await registerUser(server, 'jwt-a');
    const b = await registerUser(server, 'jwt-b');
    const resA = await server.http().get('/v1/api-keys').set(auth(a.accessToken));
    await server.http().get('/v1/api-keys').set(auth(a.accessToken));
    const resA3 = await server.http().get('/v1/api-keys').set(auth(a.accessToken));
    const resB = await server.http().get('/v1/api-keys').set(auth(b.accessToken));
    expectRateHeaders(resA, 60);
    expect(Number(resA3.headers['x-ratelimit-remaining'])).toBe(Number(resA.headers['x-ratelimit-remaining']) - 2);
    // B has its own bucket: only its own request is counted.
    expect(resB.headers['x-ratelimit-remaining']).toBe('59');
  });
});

describe('free plan: burst, then the per-minute limit', () => {
  it('accepts a burst of 10, refuses the 11th with Retry-After, honours it, and stops at 60 a minute', async () => {
    const user = await registerUser(server, 'free');
    const key = await createApiKey(server, user);
    const { burst: burstSize, requestsPerMinute } = PLAN_LIMITS.free;

    const first = await burst(burstSize!, () => keyRoute(server, key));
    expect(first.every((r) => r.status !== 429)).toBe(true);
    const refused = await keyRoute(server, key);
    expect(refused.status).toBe(429);
    expect(refused.body.error.code).toBe('rate_limited');
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(1);
    expect(refused.body.error.message).toContain(`${retryAfter} seconds`);
    expectRateHeaders(refused, 60);

    // Steady: after each Retry-After, another burst is accepted, until the minute's 60 are spent.
    let accepted = first.length;
    let minuteRefusal: Response | undefined;
    for (let round = 0; round < 12 && !minuteRefusal; round++) {
      await sleep(retryAfter * 1000 + 50);
      const wave = await burst(burstSize!, () => keyRoute(server, key));
      accepted += wave.filter((r) => r.status !== 429).length;
      minuteRefusal = wave.find((r) => r.status === 429 && Number(r.headers['retry-after']) > 1);
    }
    expect(accepted).toBe(requestsPerMinute);
    expect(minuteRefusal).toBeDefined();
    expect(minuteRefusal!.headers['x-ratelimit-remaining']).toBe('0');
    expect(Number(minuteRefusal!.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(minuteRefusal!.body.error.message).toMatch(/retry in \d+ seconds/);
  }, 30_000);

  it('refused callers do not affect other keys', async () => {
    const user = await registerUser(server, 'other');
    const noisy = await createApiKey(server, user);
    const quiet = await createApiKey(server, user);
    await burst(15, () => keyRoute(server, noisy));
    const res = await keyRoute(server, quiet);
    expect(res.status).not.toBe(429);
    expect(res.headers['x-ratelimit-remaining']).toBe('59');
  });
});

describe('per plan', () => {
  it('developer: the burst of 100 is accepted at once and the next request is refused', async () => {
    const user = await registerUser(server, 'developer');
    const tenant = await setPlan(server, user.tenantId, 'developer');
    expect(tenant.plan).toBe('developer');
    const key = await createApiKey(server, user);
    const { burst: size, requestsPerMinute } = PLAN_LIMITS.developer;
    // One extra request: at most `size` of the wave may pass within its one-second window.
    const started = Date.now();
    const wave = await burst(size! + 1, () => keyRoute(server, key));
    const elapsed = Date.now() - started;
    const accepted = wave.filter((r) => r.status !== 429).length;
    expect(wave[0]!.headers['x-ratelimit-limit']).toBe(String(requestsPerMinute));
    if (elapsed < 900) {
      expect(accepted).toBe(size);
      expect(wave.find((r) => r.status === 429)!.headers['retry-after']).toBe('1');
    } else {
      // A slow machine let the one-second window roll over mid-wave: still never more than two bursts.
      expect(accepted).toBeGreaterThanOrEqual(Math.min(size!, wave.length - 1));
      expect(accepted).toBeLessThanOrEqual(size! + 1);
    }
  }, 30_000);

  it('pro: a wave larger than the developer burst passes, under a limit of 3000 a minute', async () => {
    const user = await registerUser(server, 'pro');
    await setPlan(server, user.tenantId, 'pro');
    const key = await createApiKey(server, user);
    const wave = await burst(150, () => keyRoute(server, key));
    expect(wave.filter((r) => r.status === 429)).toHaveLength(0);
    expect(wave[0]!.headers['x-ratelimit-limit']).toBe(String(PLAN_LIMITS.pro.requestsPerMinute));
    const remaining = Math.min(...wave.map((r) => Number(r.headers['x-ratelimit-remaining'])));
    expect(remaining).toBe(PLAN_LIMITS.pro.requestsPerMinute! - 150);
  }, 30_000);

  it('enterprise has no burst window and reports its safety ceiling as integers', async () => {
    const user = await registerUser(server, 'ent');
    await setPlan(server, user.tenantId, 'enterprise');
    const key = await createApiKey(server, user);
    const wave = await burst(30, () => keyRoute(server, key));
    expect(wave.some((r) => r.status === 429)).toBe(false);
    // UNLIMITED_PLAN_RPM's default (test/limits/unlimited-ceiling.test.ts enforces a tiny one).
    for (const res of wave) expectRateHeaders(res, 60_000);
    const remaining = Math.min(...wave.map((r) => Number(r.headers['x-ratelimit-remaining'])));
    expect(remaining).toBe(60_000 - 30);
  });
});

describe('requests without a valid credential', () => {
  const ipServer = useTestServer(() =>
    startLimitedServer('free', { IP_RATE_LIMIT_PER_MINUTE: '8', IP_RATE_LIMIT_BURST: '5' }),
  );

  it('are limited per IP, so guessing API keys is throttled too', async () => {
    const guess = () =>
      ipServer
        .http()
        .post('/v1/capture')
        .set('Authorization', 'Bearer hx_live_guessguessguessguessguessguessgu')
        .send({});
    const wave = await burst(5, guess);
    expect(wave.map((r) => r.status)).toEqual([401, 401, 401, 401, 401]);
    const refused = await guess();
    expect(refused.status).toBe(429);
    expect(refused.body.error.code).toBe('rate_limited');
    expect(refused.headers['x-ratelimit-limit']).toBe('8');
    await sleep(Number(refused.headers['retry-after']) * 1000 + 50);
    const after = await burst(5, guess);
    expect(after.filter((r) => r.status === 401)).toHaveLength(3);
    const minute = after.find((r) => r.status === 429)!;
    expect(minute.headers['x-ratelimit-remaining']).toBe('0');
    expect(Number(minute.headers['retry-after'])).toBeGreaterThan(1);
  });
});

/**
 * Plans the contract calls unlimited (enterprise, the self-hosted default) answer integer
 * X-RateLimit-* headers, and the number they report is a real ceiling: UNLIMITED_PLAN_RPM requests
 * per minute per API key or user, enforced with 429 rate_limited and Retry-After.
 */
import type { Response } from 'supertest';
import { describe, expect, it } from 'vitest';
import { auth, createApiKey, registerUser, useTestServer } from '../helpers/index.js';
import { coreRequest, OPERATOR_TOKEN, startLimitedServer } from './limits-helpers.js';

/** What a third-party client does with the headers: parseInt, which must give a number. */
function expectIntegerHeaders(res: Response, limit: number) {
  for (const name of ['x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset']) {
    const value = res.headers[name];
    expect(value, name).toMatch(/^\d+$/);
    expect(Number.parseInt(value as string, 10), name).not.toBeNaN();
  }
  expect(Number(res.headers['x-ratelimit-limit'])).toBe(limit);
  expect(Number(res.headers['x-ratelimit-remaining'])).toBeLessThanOrEqual(limit);
}

describe('enterprise tenant, default ceiling', () => {
  const server = useTestServer(() => startLimitedServer('enterprise'));

  it('API key, JWT and operator calls answer integers, counting down per caller', async () => {
    const user = await registerUser(server, 'ent-int');
    const key = await createApiKey(server, user);
    const first = await coreRequest(server, key);
    const second = await coreRequest(server, key);
    expectIntegerHeaders(first, 60_000);
    expect(Number(second.headers['x-ratelimit-remaining'])).toBe(Number(first.headers['x-ratelimit-remaining']) - 1);

    const byJwt = await server.http().get('/v1/api-keys').set(auth(user.accessToken));
    expect(byJwt.status).toBe(200);
    expectIntegerHeaders(byJwt, 60_000);

    const byOperator = await server.http().get(`/v1/admin/tenants/${user.tenantId}`).set(auth(OPERATOR_TOKEN));
    expect(byOperator.status).toBe(200);
    expectIntegerHeaders(byOperator, 60_000);
  });

  it('errors of an enterprise caller (400 malformed JSON, 404 unknown route) carry them too', async () => {
    const user = await registerUser(server, 'ent-err');
    const key = await createApiKey(server, user);
    const malformed = await server
      .http()
      .post('/v1/capture')
      .set(auth(key))
      .set('Content-Type', 'application/json')
      .send('{"events":');
    expect(malformed.status).toBe(400);
    expectIntegerHeaders(malformed, 60_000);
    const unknown = await server.http().get('/v1/no-such-route').set(auth(key));
    expect(unknown.status).toBe(404);
    // An unknown route authenticates nobody: the caller is its IP address.
    expectIntegerHeaders(unknown, 100_000);
  });
});

describe('enterprise tenant, tiny ceiling (UNLIMITED_PLAN_RPM=5)', () => {
  const server = useTestServer(() => startLimitedServer('enterprise', { UNLIMITED_PLAN_RPM: '5' }));

  it('accepts 5 at once (no burst window), refuses the 6th until the minute turns', async () => {
    const user = await registerUser(server, 'ceiling');
    const key = await createApiKey(server, user);
    const wave = await Promise.all(Array.from({ length: 5 }, () => coreRequest(server, key)));
    expect(wave.map((r) => r.status)).toEqual([400, 400, 400, 400, 400]);
    for (const res of wave) expectIntegerHeaders(res, 5);

    const refused = await coreRequest(server, key);
    expect(refused.status).toBe(429);
    expect(refused.body.error.code).toBe('rate_limited');
    expectIntegerHeaders(refused, 5);
    expect(refused.headers['x-ratelimit-remaining']).toBe('0');
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(refused.body.error.message).toContain('UNLIMITED_PLAN_RPM');
    expect(refused.body.error.message).toContain(`retry in ${retryAfter} seconds`);
    const reset = Number(refused.headers['x-ratelimit-reset']);
    expect(Math.abs(reset - (Math.ceil(Date.now() / 1000) + retryAfter))).toBeLessThanOrEqual(2);
  });

  it('is per API key and per user: another key and the JWT user keep their own count', async () => {
    const user = await registerUser(server, 'ceiling-other');
    const noisy = await createApiKey(server, user);
    const quiet = await createApiKey(server, user);
    await Promise.all(Array.from({ length: 6 }, () => coreRequest(server, noisy)));
    expect((await coreRequest(server, noisy)).status).toBe(429);
    const other = await coreRequest(server, quiet);
    expect(other.status).toBe(400);
    expect(other.headers['x-ratelimit-remaining']).toBe('4');

    // The user spent 2 JWT calls creating the keys; 3 more fit, the next is refused.
    const calls = [];
    for (let i = 0; i < 4; i++) {
      calls.push(await server.http().get('/v1/api-keys').set(auth(user.accessToken)));
    }
    expect(calls.map((r) => r.status)).toEqual([200, 200, 200, 429]);
    expectIntegerHeaders(calls[3]!, 5);
  });
});

describe('UNLIMITED_PLAN_RPM validation', () => {
  it('refuses a ceiling that is not a positive integer', async () => {
    await expect(startLimitedServer('enterprise', { UNLIMITED_PLAN_RPM: '0' })).rejects.toThrow(/UNLIMITED_PLAN_RPM/);
    await expect(startLimitedServer('enterprise', { UNLIMITED_PLAN_RPM: 'unlimited' })).rejects.toThrow(
      /UNLIMITED_PLAN_RPM/,
    );
  });
});

/**
 * /health and /metrics carry integer X-RateLimit-* headers like every response (SPEC Limits). They
 * are counted per IP with the IP_RATE_LIMIT_* numbers, in a bucket of their own: unauthenticated /v1
 * traffic from the same address (a load balancer's) can never get a health probe refused, while
 * hammering /health itself is refused like anything else.
 */
import type { Response } from 'supertest';
import { describe, expect, it } from 'vitest';
import { useTestServer } from '../helpers/index.js';
import { startLimitedServer } from './limits-helpers.js';

function expectIntegerHeaders(res: Response, limit: number) {
  for (const name of ['x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset']) {
    expect(res.headers[name], name).toMatch(/^\d+$/);
  }
  expect(Number(res.headers['x-ratelimit-limit'])).toBe(limit);
}

describe('/health and /metrics with the default per-IP numbers', () => {
  const server = useTestServer(() =>
    startLimitedServer('enterprise', {
      IP_RATE_LIMIT_PER_MINUTE: undefined,
      IP_RATE_LIMIT_BURST: undefined,
    }),
  );

  it('answer integer headers with the IP limit, counting down', async () => {
    const first = await server.http().get('/health');
    expect(first.status).toBe(200);
    expectIntegerHeaders(first, 600);
    const metrics = await server.http().get('/metrics');
    expect(metrics.status).toBe(200);
    expectIntegerHeaders(metrics, 600);
    expect(Number(metrics.headers['x-ratelimit-remaining'])).toBe(Number(first.headers['x-ratelimit-remaining']) - 1);
    const head = await server.http().head('/health');
    expect(head.status).toBe(200);
    expectIntegerHeaders(head, 600);
  });

  it('a 403 from /metrics (untrusted network) carries them too', async () => {
    const guarded = await startLimitedServer('enterprise', { METRICS_ALLOW: '10.99.0.0/16' });
    try {
      const res = await guarded.http().get('/metrics');
      expect(res.status).toBe(403);
      expectIntegerHeaders(res, 100_000);
    } finally {
      await guarded.close();
    }
  });
});

describe('probes have their own per-IP bucket', () => {
  const server = useTestServer(() =>
    startLimitedServer('free', { IP_RATE_LIMIT_PER_MINUTE: '8', IP_RATE_LIMIT_BURST: '5' }),
  );

  it('unauthenticated /v1 traffic that exhausts the IP limit does not refuse /health', async () => {
    // 9 > 8 a minute: at least one is refused whatever the timing of the one-second burst window.
    const guesses = await Promise.all(
      Array.from({ length: 9 }, () =>
        server
          .http()
          .post('/v1/capture')
          .set('Authorization', 'Bearer hx_live_guessguessguessguessguessguessgu')
          .send({}),
      ),
    );
    expect(guesses.filter((r) => r.status === 429).length).toBeGreaterThanOrEqual(1);
    const probe = await server.http().get('/health');
    expect(probe.status).toBe(200);
    expectIntegerHeaders(probe, 8);
    expect(probe.headers['x-ratelimit-remaining']).toBe('7');
  });

  it('hammering /health itself is refused: 429 rate_limited in the envelope, Retry-After, headers', async () => {
    const wave = await Promise.all(Array.from({ length: 9 }, () => server.http().get('/health')));
    const refused = wave.filter((r) => r.status === 429);
    expect(refused.length).toBeGreaterThanOrEqual(2);
    const res = refused[0]!;
    expect(res.body.ok).toBe(false);
    expect(res.body.error.code).toBe('rate_limited');
    expect(res.body.error.message).toContain('/health and /metrics');
    expectIntegerHeaders(res, 8);
    expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    // The refusal covers /metrics too (one bucket for both), and never the /v1 IP bucket.
    const metrics = await server.http().get('/metrics');
    expect(metrics.status).toBe(429);
  });
});

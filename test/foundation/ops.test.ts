/**
 * /health and /metrics through HTTP: real database and Redis checks, trusted-network guard. Through
 * the typed client, but for the request-id header and the Prometheus text, whose bytes are the point.
 */
import { describe, expect, it } from 'vitest';
import { expectStatus, startTestServer, useTestServer } from '../helpers/index.js';

describe('GET /health', () => {
  const server = useTestServer();

  it('reports status, version, database, redis and uptime', async () => {
    const res = expectStatus(await server.api().ops.health(), 200);
    expect(res.body.status).toBe('ok');
    expect(res.body.version).toMatch(/^\d+\.\d+\.\d+/);
    expect(res.body.postgres).toBe(process.env.DATABASE_URL ? 'up' : 'embedded');
    expect(res.body.redis).toBe(process.env.REDIS_URL ? 'up' : 'disabled');
    expect(typeof res.body.uptime).toBe('number');
  });

  it('carries a request id and needs no credentials', async () => {
    const res = await server.http().get('/health');
    expect(res.headers['x-request-id']).toMatch(/^req_/);
  });
});

describe('GET /health when a dependency is down', () => {
  it('answers 503 status down once the database is gone', async () => {
    const server = await startTestServer();
    try {
      await server.ctx.database.close();
      const res = await server.api().ops.health();
      expect(res.status).toBe(503);
      expect(res.body).toMatchObject({ status: 'down', postgres: 'down' });
    } finally {
      await server.close();
    }
  });

  it('answers degraded when Redis is configured but unreachable', async () => {
    // Port 1 on loopback: nothing listens there, so every connection is refused at once.
    const server = await startTestServer({ REDIS_URL: 'redis://127.0.0.1:1' });
    try {
      const res = await server.api().ops.health();
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ status: 'degraded', redis: 'down' });
    } finally {
      await server.close();
    }
  });
});

describe('GET /metrics', () => {
  const server = useTestServer();

  it('serves Prometheus text with default metrics and the HTTP histogram by route template', async () => {
    await server.http().get('/v1/api-keys/key_does_not_matter').set('Authorization', 'Bearer x');
    await server.http().get('/health');
    const res = await server.http().get('/metrics');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/plain/);
    expect(res.text).toContain('process_cpu_user_seconds_total');
    expect(res.text).toMatch(
      /hx_http_request_duration_seconds_bucket\{[^}]*route="\/health"[^}]*method="GET"[^}]*status="200"/,
    );
    // Unknown paths are not exploded into one label per URL.
    expect(res.text).not.toContain('key_does_not_matter');
  });

  it('refuses peers outside the trusted networks', async () => {
    const guarded = await startTestServer({ METRICS_ALLOW: '10.0.0.0/8' });
    try {
      const res = await guarded.api().ops.metrics();
      expect(res.status).toBe(403);
      expect(expectStatus(res, 403).body.error.code).toBe('forbidden');
    } finally {
      await guarded.close();
    }
  });
});

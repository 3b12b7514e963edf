/**
 * Capture's Idempotency-Key is the mechanism of every creating route (docs/decisions/idempotency.md):
 * kept 24 h in idempotency_keys, per tenant, calling API key, route and key; expired records are
 * ignored and purged. Through the SDK against a listening server; the clock is moved by ageing the
 * stored record, the purge is the store's own (the middleware runs it every 200th claim).
 */
import { IDEMPOTENCY_TTL_HOURS } from '@hx-memory/contract';
import { Hx } from '@hx-memory/sdk';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createIdempotencyStore } from '../../server/src/idempotency/store.js';
import { createApiKey, newTenant, useTestServer } from '../helpers/server.js';

const server = useTestServer();

const event = (content: string) => ({
  type: 'message' as const,
  sessionId: 'idem-s',
  payload: { role: 'user', content },
});

interface Kept {
  route: string;
  principal: string;
  status_code: number | null;
  ttl_hours: number;
}
const kept = (tenantId: string) =>
  server.ctx.database.rows<Kept>(
    sql`select route, principal, status_code,
          extract(epoch from (expires_at - created_at)) / 3600 as ttl_hours
        from idempotency_keys where tenant_id = ${tenantId} order by created_at`,
  );
const expire = (tenantId: string) =>
  server.ctx.database.rows(
    sql`update idempotency_keys set expires_at = now() - interval '1 second' where tenant_id = ${tenantId}`,
  );
const eventCount = async (tenantId: string) => {
  const [row] = await server.ctx.database.rows<{ n: number }>(
    sql`select count(*)::int as n from events where tenant_id = ${tenantId}`,
  );
  return row?.n ?? 0;
};

describe('capture under Idempotency-Key', () => {
  it('replays the stored result within 24 h, kept in idempotency_keys like every creating route', async () => {
    const { apiKey, user } = await newTenant(server, 'cap-idem-replay');
    const hx = new Hx({ baseUrl: server.url, apiKey });
    const first = await hx.capture(event('kept answer'), { idempotencyKey: 'cap-1' }).withResponse();
    expect(first.response.status).toBe(201);
    expect(first.response.headers.get('idempotent-replayed')).toBeNull();
    expect(first.data.status).toBe('ingested');

    // The same body again but for the key would be a duplicate (200): the replay answers 201 as stored.
    const again = await hx.capture(event('kept answer'), { idempotencyKey: 'cap-1' }).withResponse();
    expect(again.response.status).toBe(201);
    expect(again.response.headers.get('idempotent-replayed')).toBe('true');
    expect(again.data).toEqual(first.data);
    expect(await eventCount(user.tenantId)).toBe(1);

    const rows = await kept(user.tenantId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ route: 'POST /v1/capture', status_code: 201 });
    expect(rows[0]!.principal).toMatch(/^key:/);
    expect(Number(rows[0]!.ttl_hours)).toBeCloseTo(IDEMPOTENCY_TTL_HOURS, 3);

    // Another body under the same key is a conflict naming the header.
    await expect(hx.capture(event('other body'), { idempotencyKey: 'cap-1' })).rejects.toMatchObject({
      status: 409,
    });
  });

  it('a batch replays its stored result too, under its own route', async () => {
    const { apiKey, user } = await newTenant(server, 'cap-idem-batch');
    const hx = new Hx({ baseUrl: server.url, apiKey });
    const events = [event('b one'), event('b two'), event('b one')];
    const first = await hx.captureBatch(events, { idempotencyKey: 'batch-1' }).withResponse();
    expect(first.data.summary).toEqual({ total: 3, ingested: 2, duplicates: 1, errors: 0 });
    const again = await hx.captureBatch(events, { idempotencyKey: 'batch-1' }).withResponse();
    expect(again.response.headers.get('idempotent-replayed')).toBe('true');
    expect(again.data).toEqual(first.data);
    expect((await kept(user.tenantId)).map((r) => r.route)).toEqual(['POST /v1/capture/batch']);
  });

  it('after expiry the key no longer replays: the capture runs again', async () => {
    const { apiKey, user } = await newTenant(server, 'cap-idem-expiry');
    const hx = new Hx({ baseUrl: server.url, apiKey });
    const first = await hx.capture(event('expiring'), { idempotencyKey: 'cap-exp' }).withResponse();
    expect(first.response.status).toBe(201);
    await expire(user.tenantId);

    // Run again, not replayed: the same event inside the duplicate window answers 200 duplicate.
    const later = await hx.capture(event('expiring'), { idempotencyKey: 'cap-exp' }).withResponse();
    expect(later.response.headers.get('idempotent-replayed')).toBeNull();
    expect(later.response.status).toBe(200);
    expect(later.data).toMatchObject({ status: 'duplicate', eventId: first.data.eventId });
    // And the expired record gave way to the new answer, kept another 24 h.
    const rows = await kept(user.tenantId);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.status_code).toBe(200);
  });

  it('the purge removes expired capture records and keeps live ones', async () => {
    const old = await newTenant(server, 'cap-idem-purge-old');
    const live = await newTenant(server, 'cap-idem-purge-live');
    await new Hx({ baseUrl: server.url, apiKey: old.apiKey }).capture(event('purged'), { idempotencyKey: 'p-1' });
    await new Hx({ baseUrl: server.url, apiKey: live.apiKey }).capture(event('kept'), { idempotencyKey: 'p-1' });
    await expire(old.user.tenantId);

    const store = createIdempotencyStore(server.ctx.db, { ttlMs: 86_400_000, abandonAfterMs: 60_000 });
    expect(await store.purgeExpired()).toBeGreaterThanOrEqual(1);
    expect(await kept(old.user.tenantId)).toEqual([]);
    expect(await kept(live.user.tenantId)).toHaveLength(1);
  });

  it('is scoped by caller: another API key of the tenant with the same key gets its own answer', async () => {
    const { apiKey, user } = await newTenant(server, 'cap-idem-caller');
    const otherKey = await createApiKey(server, user);
    const mine = new Hx({ baseUrl: server.url, apiKey });
    const theirs = new Hx({ baseUrl: server.url, apiKey: otherKey });
    const a = await mine.capture(event('from key a'), { idempotencyKey: 'shared' }).withResponse();
    // Another body under the same Idempotency-Key: not a conflict, not a replay of key a's answer.
    const b = await theirs.capture(event('from key b'), { idempotencyKey: 'shared' }).withResponse();
    expect(a.response.status).toBe(201);
    expect(b.response.status).toBe(201);
    expect(b.response.headers.get('idempotent-replayed')).toBeNull();
    expect(b.data.eventId).not.toBe(a.data.eventId);
    expect(await eventCount(user.tenantId)).toBe(2);
    // Each caller replays its own.
    const aAgain = await mine.capture(event('from key a'), { idempotencyKey: 'shared' }).withResponse();
    expect(aAgain.response.headers.get('idempotent-replayed')).toBe('true');
    expect(aAgain.data.eventId).toBe(a.data.eventId);
    expect(new Set((await kept(user.tenantId)).map((r) => r.principal)).size).toBe(2);
  });
});

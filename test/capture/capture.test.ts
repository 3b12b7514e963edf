/** POST /v1/capture and /v1/capture/batch through real HTTP: answers, duplicates, idempotency, atomicity, isolation. */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Actor } from '../../server/src/actor.js';
import { storedDuplicates } from '../../server/src/services/core/capture/event-rows.js';
import { auth, createApiKey, namespaceBoundKey, newTenant, useTestServer } from '../helpers/index.js';

const server = useTestServer();

const post = (path: string, key: string) => server.http().post(path).set(auth(key));

function message(content: string, extra: Record<string, unknown> = {}) {
  return { type: 'message', sessionId: 'sess-1', payload: { role: 'user', content }, ...extra };
}

async function countEvents(tenantId: string): Promise<number> {
  const rows = await server.ctx.database.rows<{ n: number }>(
    (await import('drizzle-orm')).sql`select count(*)::int as n from events where tenant_id = ${tenantId}`,
  );
  return rows[0]!.n;
}

describe('POST /v1/capture', () => {
  it('stores an event and answers 201 ingested with an evt_ id and a salience score', async () => {
    const { apiKey, user } = await newTenant(server);
    const res = await post('/v1/capture', apiKey).send(message('I always deploy to staging before production'));
    expect(res.status).toBe(201);
    expect(res.body.ok).toBe(true);
    expect(res.body.data.eventId).toMatch(/^evt_/);
    expect(res.body.data.status).toBe('ingested');
    expect(res.body.data.salienceScore).toBeGreaterThan(0);
    expect(res.body.data.salienceScore).toBeLessThanOrEqual(1);
    const [row] = await server.ctx.database.rows<{ text: string; namespace: string; environment: string }>(
      (await import('drizzle-orm'))
        .sql`select text, namespace, environment from events where id = ${res.body.data.eventId} and tenant_id = ${user.tenantId}`,
    );
    expect(row).toMatchObject({
      text: 'user: I always deploy to staging before production',
      namespace: 'default',
      environment: 'live',
    });
  });

  it('puts the speaker from metadata and an image caption into the searchable text', async () => {
    const { apiKey } = await newTenant(server);
    const res = await post('/v1/capture', apiKey).send(
      message('Look at my new painting', {
        metadata: { speaker: 'Caroline', dia_id: 'D1:3', blip_caption: 'a sunset' },
      }),
    );
    expect(res.status).toBe(201);
    const [row] = await server.ctx.database.rows<{ text: string }>(
      (await import('drizzle-orm')).sql`select text from events where id = ${res.body.data.eventId}`,
    );
    expect(row!.text).toBe('Caroline: Look at my new painting [image: a sunset]');
  });

  it('answers an identical event inside the window as 200 duplicate with the first id, without storing it', async () => {
    const { apiKey, user } = await newTenant(server);
    const first = await post('/v1/capture', apiKey).send(message('hello there friend'));
    const again = await post('/v1/capture', apiKey).send(message('hello there friend'));
    expect(again.status).toBe(200);
    expect(again.body.data).toMatchObject({ eventId: first.body.data.eventId, status: 'duplicate' });
    expect(await countEvents(user.tenantId)).toBe(1);
    // Another session, or another event time, is not a duplicate.
    const other = await post('/v1/capture', apiKey).send({ ...message('hello there friend'), sessionId: 'sess-2' });
    expect(other.status).toBe(201);
    const timed = await post('/v1/capture', apiKey).send(
      message('hello there friend', { occurredAt: '2023-05-08T13:56:00Z' }),
    );
    expect(timed.status).toBe(201);
    expect(await countEvents(user.tenantId)).toBe(3);
  });

  it('finds duplicates by index probes on events_dedupe_idx, whose expression the probe repeats', async () => {
    const { apiKey, user } = await newTenant(server);
    await post('/v1/capture', apiKey).send(message('probe me'));
    const [stored] = await server.ctx.database.rows<{ hash: string }>(
      sql`select content_hash as hash from events where tenant_id = ${user.tenantId}`,
    );
    const actor = { tenantId: user.tenantId, environment: 'live' } as Actor;
    // Sequential scans off: if the probe's expression stopped matching the index, the plan would use
    // another index or none, never events_dedupe_idx.
    const plan = await server.ctx.db.transaction(async (tx) => {
      await server.ctx.database.rows(sql`set local enable_seqscan = off`, tx);
      const rows = await server.ctx.database.rows<Record<string, string>>(
        sql`explain ${storedDuplicates(actor, [stored!.hash, 'f'.repeat(64)])}`,
        tx,
      );
      return rows.map((r) => Object.values(r)[0]).join('\n');
    });
    // (A bitmap scan where statistics are still empty: the same index, the same condition.)
    expect(plan).toMatch(/Index Scan (using|on) events_dedupe_idx/);
    expect(plan).toMatch(/Index Cond: .*hashtextextended/);
    // The whole key is compared as well: the index holds only a 64-bit hash of it.
    const found = await server.ctx.database.rows(storedDuplicates(actor, [stored!.hash, 'f'.repeat(64)]));
    expect(found).toHaveLength(1);
  });

  it('replays the first answer for the same Idempotency-Key and body, and 409s for another body', async () => {
    const { apiKey, user } = await newTenant(server);
    const first = await post('/v1/capture', apiKey).set('Idempotency-Key', 'k-1').send(message('first body'));
    expect(first.status).toBe(201);
    const replay = await post('/v1/capture', apiKey).set('Idempotency-Key', 'k-1').send(message('first body'));
    expect(replay.status).toBe(201);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.body.data).toEqual(first.body.data);
    const clash = await post('/v1/capture', apiKey).set('Idempotency-Key', 'k-1').send(message('other body'));
    expect(clash.status).toBe(409);
    expect(clash.body.error.code).toBe('conflict');
    expect(await countEvents(user.tenantId)).toBe(1);
  });

  it('honours a per-event idempotencyKey the same way', async () => {
    const { apiKey, user } = await newTenant(server);
    const first = await post('/v1/capture', apiKey).send(message('per event', { idempotencyKey: 'e-1' }));
    const replay = await post('/v1/capture', apiKey).send(message('per event', { idempotencyKey: 'e-1' }));
    expect(replay.status).toBe(201);
    expect(replay.body.data).toEqual(first.body.data);
    const clash = await post('/v1/capture', apiKey).send(message('changed', { idempotencyKey: 'e-1' }));
    expect(clash.status).toBe(409);
    expect(clash.body.error.details[0].field).toBe('idempotencyKey');
    expect(await countEvents(user.tenantId)).toBe(1);
  });

  it('stores agent traces and their scope fields', async () => {
    const { apiKey } = await newTenant(server);
    const res = await post('/v1/capture', apiKey).send({
      type: 'command_exec',
      sessionId: 'run-7',
      agentId: 'coder',
      subjectId: 'repo-1',
      namespace: 'ci',
      payload: { command: 'npm test', exitCode: 1, stdout: '', stderr: 'TypeError: x is undefined' },
      occurredAt: '2024-01-02T03:04:05.000Z',
    });
    expect(res.status).toBe(201);
    const [row] = await server.ctx.database.rows<Record<string, unknown>>(
      (await import('drizzle-orm'))
        .sql`select namespace, agent_id, subject_id, text, occurred_at from events where id = ${res.body.data.eventId}`,
    );
    expect(row).toMatchObject({ namespace: 'ci', agent_id: 'coder', subject_id: 'repo-1' });
    expect(String(row!.text)).toContain('$ npm test');
    expect(String(row!.text)).toContain('TypeError');
    expect(new Date(row!.occurred_at as string).toISOString()).toBe('2024-01-02T03:04:05.000Z');
  });

  it('rejects invalid events with 400 naming the fields, storing nothing', async () => {
    const { apiKey, user } = await newTenant(server);
    const res = await post('/v1/capture', apiKey).send({ type: 'bogus', payload: 'x' });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('validation_error');
    const fields = res.body.error.details.map((d: { field: string }) => d.field);
    expect(fields).toEqual(expect.arrayContaining(['type', 'sessionId', 'payload']));
    const noContent = await post('/v1/capture', apiKey).send({
      type: 'message',
      sessionId: 's',
      payload: { role: 'user' },
    });
    expect(noContent.status).toBe(400);
    expect(noContent.body.error.details[0].field).toBe('payload.content');
    const badTime = await post('/v1/capture', apiKey).send(message('x', { occurredAt: 'yesterday' }));
    expect(badTime.status).toBe(400);
    expect(badTime.body.error.details[0].field).toBe('occurredAt');
    expect(await countEvents(user.tenantId)).toBe(0);
  });

  it('needs an API key: no token, a JWT or a revoked key answer 401', async () => {
    const { jwt } = await newTenant(server);
    expect((await server.http().post('/v1/capture').send(message('x'))).status).toBe(401);
    const withJwt = await post('/v1/capture', jwt).send(message('x'));
    expect(withJwt.status).toBe(401);
    expect(withJwt.body.error.code).toBe('unauthorized');
  });

  it('keeps a namespace-bound key inside its namespace', async () => {
    const { user } = await newTenant(server);
    const { key: bound, namespaceId, name } = await namespaceBoundKey(server, user);
    const ok = await post('/v1/capture', bound).send(message('bound write'));
    expect(ok.status).toBe(201);
    const [row] = await server.ctx.database.rows<{ namespace: string }>(
      (await import('drizzle-orm')).sql`select namespace from events where id = ${ok.body.data.eventId}`,
    );
    expect(row!.namespace).toBe(namespaceId);
    // Naming the bound namespace by its name is the same namespace.
    const byName = await post('/v1/capture', bound).send(message('by name', { namespace: name }));
    expect(byName.status).toBe(201);
    const elsewhere = await post('/v1/capture', bound).send(message('escape', { namespace: 'other' }));
    expect(elsewhere.status).toBe(403);
    expect(elsewhere.body.error.details[0].field).toBe('namespace');
  });
});

describe('POST /v1/capture/batch', () => {
  it('stores every event and answers results in order with a summary', async () => {
    const { apiKey, user } = await newTenant(server);
    const events = [message('one'), message('two'), message('one'), { ...message('three'), type: 'observation' }];
    const res = await post('/v1/capture/batch', apiKey).send({ events });
    expect(res.status).toBe(201);
    const { results, summary } = res.body.data;
    expect(results).toHaveLength(4);
    expect(results.map((r: { status: string }) => r.status)).toEqual(['ingested', 'ingested', 'duplicate', 'ingested']);
    expect(results[2].eventId).toBe(results[0].eventId);
    expect(summary).toEqual({ total: 4, ingested: 3, duplicates: 1, errors: 0 });
    expect(await countEvents(user.tenantId)).toBe(3);
  });

  it('is atomic: one invalid event refuses the batch with details naming it, and nothing is stored', async () => {
    const { apiKey, user } = await newTenant(server);
    const events = [message('a'), message('b'), message('c'), { type: 'message', sessionId: 's', payload: 'nope' }];
    const res = await post('/v1/capture/batch', apiKey).send({ events });
    expect(res.status).toBe(400);
    expect(res.body.error.details.map((d: { field: string }) => d.field)).toContain('events[3].payload');
    expect(await countEvents(user.tenantId)).toBe(0);
  });

  it('refuses an empty batch and one over 1000 events', async () => {
    const { apiKey } = await newTenant(server);
    expect((await post('/v1/capture/batch', apiKey).send({ events: [] })).status).toBe(400);
    const many = Array.from({ length: 1001 }, (_, i) => message(`m${i}`));
    const res = await post('/v1/capture/batch', apiKey).send({ events: many });
    expect(res.status).toBe(400);
    expect(res.body.error.details[0].field).toBe('events');
  });

  it('accepts 1000 events in one request (10 MiB limit) and refuses a body over 10 MiB with 413', async () => {
    const { apiKey, user } = await newTenant(server);
    const many = Array.from({ length: 1000 }, (_, i) => message(`event number ${i} ${'x'.repeat(2000)}`));
    const res = await post('/v1/capture/batch', apiKey).send({ events: many });
    expect(res.status).toBe(201);
    expect(res.body.data.summary.ingested).toBe(1000);
    expect(await countEvents(user.tenantId)).toBe(1000);
    const huge = Array.from({ length: 11 }, (_, i) => message(`${i}${'y'.repeat(1024 * 1024)}`));
    const tooBig = await post('/v1/capture/batch', apiKey).send({ events: huge });
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.error.code).toBe('payload_too_large');
  });

  it('replays a batch for the same Idempotency-Key and 409s for a different batch', async () => {
    const { apiKey, user } = await newTenant(server);
    const body = { events: [message('x1'), message('x2')] };
    const first = await post('/v1/capture/batch', apiKey).set('Idempotency-Key', 'b-1').send(body);
    const again = await post('/v1/capture/batch', apiKey).set('Idempotency-Key', 'b-1').send(body);
    expect(again.status).toBe(first.status);
    expect(again.body.data).toEqual(first.body.data);
    const clash = await post('/v1/capture/batch', apiKey)
      .set('Idempotency-Key', 'b-1')
      .send({ events: [message('x3')] });
    expect(clash.status).toBe(409);
    expect(await countEvents(user.tenantId)).toBe(2);
  });

  it('409s a batch whose per-event key was used with another body, naming the event, storing nothing', async () => {
    const { apiKey, user } = await newTenant(server);
    await post('/v1/capture', apiKey).send(message('keyed', { idempotencyKey: 'ev-9' }));
    const res = await post('/v1/capture/batch', apiKey).send({
      events: [message('fresh'), message('different', { idempotencyKey: 'ev-9' })],
    });
    expect(res.status).toBe(409);
    expect(res.body.error.details[0].field).toBe('events[1].idempotencyKey');
    expect(await countEvents(user.tenantId)).toBe(1);
  });

  it('names the offending event when a bound key writes to another namespace', async () => {
    const { user } = await newTenant(server);
    const { key: bound } = await namespaceBoundKey(server, user);
    const res = await post('/v1/capture/batch', bound).send({
      events: [message('ok'), message('no', { namespace: 'ns_b' })],
    });
    expect(res.status).toBe(403);
    expect(res.body.error.details[0].field).toBe('events[1].namespace');
    expect(await countEvents(user.tenantId)).toBe(0);
  });

  it('isolates tenants and environments: the same event elsewhere is not a duplicate', async () => {
    const a = await newTenant(server);
    const b = await newTenant(server);
    const testKey = await createApiKey(server, a.user, { environment: 'test' });
    const ev = message('shared words');
    expect((await post('/v1/capture', a.apiKey).send(ev)).status).toBe(201);
    expect((await post('/v1/capture', b.apiKey).send(ev)).status).toBe(201);
    expect((await post('/v1/capture', testKey).send(ev)).status).toBe(201);
    // The same idempotency key in another tenant is independent.
    expect((await post('/v1/capture', a.apiKey).set('Idempotency-Key', 'same').send(message('p'))).status).toBe(201);
    expect((await post('/v1/capture', b.apiKey).set('Idempotency-Key', 'same').send(message('q'))).status).toBe(201);
  });
});

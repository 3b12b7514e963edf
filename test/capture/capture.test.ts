/** POST /v1/capture and /v1/capture/batch through real HTTP: answers, duplicates, idempotency, atomicity, isolation. */
import type { CaptureEvent } from '@hx-memory/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Actor } from '../../server/src/actor.js';
import { storedDuplicates } from '../../server/src/services/core/capture/event-rows.js';
import {
  createApiKey,
  errorFields,
  expectStatus,
  namespaceBoundKey,
  newTenant,
  postRaw,
  useTestServer,
} from '../helpers/index.js';

const server = useTestServer();

/** POST /v1/capture as `key`, under the request's Idempotency-Key when given. */
const capture = (key: string | undefined, body: CaptureEvent, idempotencyKey?: string) =>
  server.api(key).capture.capture({ body, headers: idempotencyKey ? { 'idempotency-key': idempotencyKey } : {} });

/** POST /v1/capture/batch as `key`, under the request's Idempotency-Key when given. */
const captureBatch = (key: string, events: CaptureEvent[], idempotencyKey?: string) =>
  server
    .api(key)
    .capture.captureBatch({ body: { events }, headers: idempotencyKey ? { 'idempotency-key': idempotencyKey } : {} });

function message(content: string, extra: Partial<CaptureEvent> = {}): CaptureEvent {
  return { type: 'message', sessionId: 'sess-1', payload: { role: 'user', content }, ...extra };
}

async function countEvents(tenantId: string): Promise<number> {
  const rows = await server.ctx.database.rows<{ n: number }>(
    sql`select count(*)::int as n from events where tenant_id = ${tenantId}`,
  );
  return rows[0]!.n;
}

describe('POST /v1/capture', () => {
  it('stores an event and answers 201 ingested with an evt_ id and a salience score', async () => {
    const { apiKey, user } = await newTenant(server);
    const res = expectStatus(await capture(apiKey, message('I always deploy to staging before production')), 201);
    expect(res.body.ok).toBe(true);
    expect(res.body.data.eventId).toMatch(/^evt_/);
    expect(res.body.data.status).toBe('ingested');
    expect(res.body.data.salienceScore).toBeGreaterThan(0);
    expect(res.body.data.salienceScore).toBeLessThanOrEqual(1);
    const [row] = await server.ctx.database.rows<{ text: string; namespace: string; environment: string }>(
      sql`select text, namespace, environment from events where id = ${res.body.data.eventId} and tenant_id = ${user.tenantId}`,
    );
    expect(row).toMatchObject({
      text: 'user: I always deploy to staging before production',
      namespace: 'default',
      environment: 'live',
    });
  });

  it('puts the speaker from metadata and an image caption into the searchable text', async () => {
    const { apiKey } = await newTenant(server);
    const res = expectStatus(
      await capture(
        apiKey,
        message('Look at my new painting', {
          metadata: { speaker: 'Caroline', dia_id: 'D1:3', blip_caption: 'a sunset' },
        }),
      ),
      201,
    );
    const [row] = await server.ctx.database.rows<{ text: string }>(
      sql`select text from events where id = ${res.body.data.eventId}`,
    );
    expect(row!.text).toBe('Caroline: Look at my new painting [image: a sunset]');
  });

  it('answers an identical event inside the window as 200 duplicate with the first id, without storing it', async () => {
    const { apiKey, user } = await newTenant(server);
    const first = expectStatus(await capture(apiKey, message('hello there friend')), 201);
    const again = await capture(apiKey, message('hello there friend'));
    expect(expectStatus(again, 200).body.data).toMatchObject({ eventId: first.body.data.eventId, status: 'duplicate' });
    expect(await countEvents(user.tenantId)).toBe(1);
    // Another session, or another event time, is not a duplicate.
    const other = await capture(apiKey, { ...message('hello there friend'), sessionId: 'sess-2' });
    expectStatus(other, 201);
    const timed = await capture(apiKey, message('hello there friend', { occurredAt: '2023-05-08T13:56:00Z' }));
    expectStatus(timed, 201);
    expect(await countEvents(user.tenantId)).toBe(3);
  });

  it('finds duplicates by index probes on events_dedupe_idx, whose expression the probe repeats', async () => {
    const { apiKey, user } = await newTenant(server);
    expectStatus(await capture(apiKey, message('probe me')), 201);
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
    const first = expectStatus(await capture(apiKey, message('first body'), 'k-1'), 201);
    const replay = expectStatus(await capture(apiKey, message('first body'), 'k-1'), 201);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.body.data).toEqual(first.body.data);
    const clash = expectStatus(await capture(apiKey, message('other body'), 'k-1'), 409);
    expect(clash.body.error.code).toBe('conflict');
    expect(await countEvents(user.tenantId)).toBe(1);
  });

  it('honours a per-event idempotencyKey the same way', async () => {
    const { apiKey, user } = await newTenant(server);
    const first = expectStatus(await capture(apiKey, message('per event', { idempotencyKey: 'e-1' })), 201);
    const replay = expectStatus(await capture(apiKey, message('per event', { idempotencyKey: 'e-1' })), 201);
    expect(replay.body.data).toEqual(first.body.data);
    const clash = expectStatus(await capture(apiKey, message('changed', { idempotencyKey: 'e-1' })), 409);
    expect(errorFields(clash.body)[0]).toBe('idempotencyKey');
    expect(await countEvents(user.tenantId)).toBe(1);
  });

  it('stores agent traces and their scope fields', async () => {
    const { apiKey } = await newTenant(server);
    const sent = await capture(apiKey, {
      type: 'command_exec',
      sessionId: 'run-7',
      agentId: 'coder',
      subjectId: 'repo-1',
      namespace: 'ci',
      payload: { command: 'npm test', exitCode: 1, stdout: '', stderr: 'TypeError: x is undefined' },
      occurredAt: '2024-01-02T03:04:05.000Z',
    });
    const res = expectStatus(sent, 201);
    const [row] = await server.ctx.database.rows<Record<string, unknown>>(
      sql`select namespace, agent_id, subject_id, text, occurred_at from events where id = ${res.body.data.eventId}`,
    );
    expect(row).toMatchObject({ namespace: 'ci', agent_id: 'coder', subject_id: 'repo-1' });
    expect(String(row!.text)).toContain('$ npm test');
    expect(String(row!.text)).toContain('TypeError');
    expect(new Date(row!.occurred_at as string).toISOString()).toBe('2024-01-02T03:04:05.000Z');
  });

  it('rejects invalid events with 400 naming the fields, storing nothing', async () => {
    const { apiKey, user } = await newTenant(server);
    // Raw: an unknown type, no sessionId and a string payload are what the contract's type cannot express.
    const res = await postRaw(server, '/v1/capture', apiKey, { type: 'bogus', payload: 'x' });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('validation_error');
    const fields = res.body.error.details.map((d: { field: string }) => d.field);
    expect(fields).toEqual(expect.arrayContaining(['type', 'sessionId', 'payload']));
    const noContent = await capture(apiKey, { type: 'message', sessionId: 's', payload: { role: 'user' } });
    expect(errorFields(expectStatus(noContent, 400).body)[0]).toBe('payload.content');
    const badTime = await capture(apiKey, message('x', { occurredAt: 'yesterday' }));
    expect(errorFields(expectStatus(badTime, 400).body)[0]).toBe('occurredAt');
    expect(await countEvents(user.tenantId)).toBe(0);
  });

  it('needs an API key: no token, a JWT or a revoked key answer 401', async () => {
    const { jwt } = await newTenant(server);
    expectStatus(await capture(undefined, message('x')), 401);
    const withJwt = expectStatus(await capture(jwt, message('x')), 401);
    expect(withJwt.body.error.code).toBe('unauthorized');
  });

  it('keeps a namespace-bound key inside its namespace', async () => {
    const { user } = await newTenant(server);
    const { key: bound, namespaceId, name } = await namespaceBoundKey(server, user);
    const ok = expectStatus(await capture(bound, message('bound write')), 201);
    const [row] = await server.ctx.database.rows<{ namespace: string }>(
      sql`select namespace from events where id = ${ok.body.data.eventId}`,
    );
    expect(row!.namespace).toBe(namespaceId);
    // Naming the bound namespace by its name is the same namespace.
    expectStatus(await capture(bound, message('by name', { namespace: name })), 201);
    const elsewhere = expectStatus(await capture(bound, message('escape', { namespace: 'other' })), 403);
    expect(errorFields(elsewhere.body)[0]).toBe('namespace');
  });
});

describe('POST /v1/capture/batch', () => {
  it('stores every event and answers results in order with a summary', async () => {
    const { apiKey, user } = await newTenant(server);
    const events = [message('one'), message('two'), message('one'), message('three', { type: 'observation' })];
    const { results, summary } = expectStatus(await captureBatch(apiKey, events), 201).body.data;
    expect(results).toHaveLength(4);
    expect(results.map((r) => r.status)).toEqual(['ingested', 'ingested', 'duplicate', 'ingested']);
    expect(results[2]!.eventId).toBe(results[0]!.eventId);
    expect(summary).toEqual({ total: 4, ingested: 3, duplicates: 1, errors: 0 });
    expect(await countEvents(user.tenantId)).toBe(3);
  });

  it('is atomic: one invalid event refuses the batch with details naming it, and nothing is stored', async () => {
    const { apiKey, user } = await newTenant(server);
    const events = [message('a'), message('b'), message('c'), { type: 'message', sessionId: 's', payload: 'nope' }];
    // Raw: a string payload is what the contract's type cannot express.
    const res = await postRaw(server, '/v1/capture/batch', apiKey, { events });
    expect(res.status).toBe(400);
    expect(res.body.error.details.map((d: { field: string }) => d.field)).toContain('events[3].payload');
    expect(await countEvents(user.tenantId)).toBe(0);
  });

  it('refuses an empty batch and one over 1000 events', async () => {
    const { apiKey } = await newTenant(server);
    expectStatus(await captureBatch(apiKey, []), 400);
    const many = Array.from({ length: 1001 }, (_, i) => message(`m${i}`));
    const res = expectStatus(await captureBatch(apiKey, many), 400);
    expect(errorFields(res.body)[0]).toBe('events');
  });

  it('accepts 1000 events in one request (10 MiB limit) and refuses a body over 10 MiB with 413', async () => {
    const { apiKey, user } = await newTenant(server);
    const many = Array.from({ length: 1000 }, (_, i) => message(`event number ${i} ${'x'.repeat(2000)}`));
    const res = expectStatus(await captureBatch(apiKey, many), 201);
    expect(res.body.data.summary.ingested).toBe(1000);
    expect(await countEvents(user.tenantId)).toBe(1000);
    const huge = Array.from({ length: 11 }, (_, i) => message(`${i}${'y'.repeat(1024 * 1024)}`));
    const tooBig = expectStatus(await captureBatch(apiKey, huge), 413);
    expect(tooBig.body.error.code).toBe('payload_too_large');
  });

  it('replays a batch for the same Idempotency-Key and 409s for a different batch', async () => {
    const { apiKey, user } = await newTenant(server);
    const events = [message('x1'), message('x2')];
    const first = expectStatus(await captureBatch(apiKey, events, 'b-1'), 201);
    const again = await captureBatch(apiKey, events, 'b-1');
    expect(again.status).toBe(first.status);
    expect(expectStatus(again, 201).body.data).toEqual(first.body.data);
    const clash = await captureBatch(apiKey, [message('x3')], 'b-1');
    expectStatus(clash, 409);
    expect(await countEvents(user.tenantId)).toBe(2);
  });

  it('409s a batch whose per-event key was used with another body, naming the event, storing nothing', async () => {
    const { apiKey, user } = await newTenant(server);
    await capture(apiKey, message('keyed', { idempotencyKey: 'ev-9' }));
    const res = await captureBatch(apiKey, [message('fresh'), message('different', { idempotencyKey: 'ev-9' })]);
    expect(errorFields(expectStatus(res, 409).body)[0]).toBe('events[1].idempotencyKey');
    expect(await countEvents(user.tenantId)).toBe(1);
  });

  it('names the offending event when a bound key writes to another namespace', async () => {
    const { user } = await newTenant(server);
    const { key: bound } = await namespaceBoundKey(server, user);
    const res = await captureBatch(bound, [message('ok'), message('no', { namespace: 'ns_b' })]);
    expect(errorFields(expectStatus(res, 403).body)[0]).toBe('events[1].namespace');
    expect(await countEvents(user.tenantId)).toBe(0);
  });

  it('isolates tenants and environments: the same event elsewhere is not a duplicate', async () => {
    const a = await newTenant(server);
    const b = await newTenant(server);
    const testKey = await createApiKey(server, a.user, { environment: 'test' });
    const ev = message('shared words');
    expectStatus(await capture(a.apiKey, ev), 201);
    expectStatus(await capture(b.apiKey, ev), 201);
    expectStatus(await capture(testKey, ev), 201);
    // The same idempotency key in another tenant is independent.
    expectStatus(await capture(a.apiKey, message('p'), 'same'), 201);
    expectStatus(await capture(b.apiKey, message('q'), 'same'), 201);
  });
});

/**
 * Idempotency-Key on the routes that create or start something: the first answer replayed for the
 * same key and request (Idempotent-Replayed), 409 for the same key with another request, concurrent
 * duplicates answered once, failed requests released, and a retry after a lost answer (through a
 * proxy that drops the first response) creating nothing twice. Through the real HTTP stack.
 */
import { type Server, createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type CaptureEvent, contract } from '@hx-memory/contract';
import { Hx } from '@hx-memory/sdk';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Credential,
  type HxTestClient,
  type RouteBody,
  expectStatus,
  newTenant,
  registerUser,
  useTestServer,
} from '../helpers/index.js';

const server = useTestServer();

/** The contract's Idempotency-Key header param. */
const keyed = (key: string) => ({ headers: { 'idempotency-key': key } });

/** A message event about `subjectId` when given, captured with `apiKey` (which must answer 201). */
const captureMessage = async (apiKey: string, content: string, subjectId?: string) => {
  const event: CaptureEvent = { type: 'message', sessionId: 's1', payload: { role: 'user', content } };
  if (subjectId) event.subjectId = subjectId;
  return expectStatus(await server.api(apiKey).capture.capture({ body: event }), 201);
};

/** POST /v1/api-keys as `user` under Idempotency-Key `key`. */
const createKey = (user: Credential, key: string, body: RouteBody<HxTestClient['apiKeys']['create']>) =>
  server.api(user).apiKeys.create({ body, ...keyed(key) });

const countRows = async (table: string, tenantId: string) => {
  const [row] = await server.ctx.database.rows<{ n: number }>(
    sql`select count(*)::int as n from ${sql.identifier(table)} where tenant_id = ${tenantId}`,
  );
  return row?.n ?? 0;
};

describe('Idempotency-Key on creating routes', () => {
  it('POST /v1/api-keys twice with one key creates one key and replays the first answer', async () => {
    const user = await registerUser(server, 'idem-keys');
    const post = () => createKey(user, 'create-key-1', { name: 'ci key', environment: 'test' });
    const first = expectStatus(await post(), 201);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    const second = expectStatus(await post(), 201);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect(second.body.data).toEqual(first.body.data);
    expect(second.body.meta.requestId).toBe(second.headers.get('x-request-id'));
    expect(second.body.meta.requestId).not.toBe(first.body.meta.requestId);
    expect(await countRows('api_keys', user.tenantId)).toBe(1);

    // Neither the Idempotency-Key nor the full API key of the answer is readable in the database.
    const rows = await server.ctx.database.rows(sql`select * from idempotency_keys where tenant_id = ${user.tenantId}`);
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(first.body.data.key);
    expect(JSON.stringify(rows)).not.toContain('create-key-1');
  });

  it('POST /v1/learn twice with one key starts one job', async () => {
    const { apiKey, user } = await newTenant(server, 'idem-learn');
    await captureMessage(apiKey, 'I like green tea.');
    const post = () => server.api(apiKey).learn.learn({ body: { scope: 'full' }, ...keyed('learn-once') });
    const first = await post();
    expect([200, 202]).toContain(first.status);
    // The replay answers the first's status (200 when the job finished in time, 202 while it runs).
    const second = expectStatus(await post(), first.status as 200 | 202);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect(second.body.data.jobId).toBe((first.body as typeof second.body).data.jobId);
    expect(await countRows('learn_jobs', user.tenantId)).toBe(1);
    // Without the header each call is its own job.
    await server.api(apiKey).learn.learn({ body: { scope: 'full' } });
    expect(await countRows('learn_jobs', user.tenantId)).toBe(2);
  });

  it('the same key with another body is 409 conflict naming the header', async () => {
    const user = await registerUser(server, 'idem-409');
    const post = (name: string) => createKey(user, 'reused', { name });
    expectStatus(await post('one'), 201);
    const other = expectStatus(await post('two'), 409);
    expect(other.body.error.code).toBe('conflict');
    expect(other.body.error.details).toEqual([expect.objectContaining({ field: 'headers.idempotency-key' })]);
    expect(await countRows('api_keys', user.tenantId)).toBe(1);
  });

  it('concurrent duplicates are answered once: one organization, the same answer for all', async () => {
    const user = await registerUser(server, 'idem-race');
    const post = () =>
      server.api(user).organizations.create({ body: { name: 'Race', slug: 'race' }, ...keyed('org-race') });
    const answers = await Promise.all([post(), post(), post(), post(), post()]);
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201, 201, 201]);
    expect(new Set(answers.map((a) => expectStatus(a, 201).body.data.id)).size).toBe(1);
    expect(answers.filter((a) => a.headers.get('idempotent-replayed') === 'true')).toHaveLength(4);
    expect(await countRows('organizations', user.tenantId)).toBe(1);
  });

  it('keys are per caller: another user with the same key gets its own answer', async () => {
    const a = await registerUser(server, 'idem-a');
    const b = await registerUser(server, 'idem-b');
    const post = (user: Credential) =>
      server.api(user).vault.createVault({ body: { name: 'v' }, ...keyed('shared-key') });
    const fromA = expectStatus(await post(a), 201);
    const fromB = expectStatus(await post(b), 201);
    expect(fromB.headers.get('idempotent-replayed')).toBeNull();
    expect(fromB.body.data.id).not.toBe(fromA.body.data.id);
  });

  it('an error answer is not kept: the key is free for the corrected request', async () => {
    const user = await registerUser(server, 'idem-error');
    const post = (body: RouteBody<HxTestClient['apiKeys']['create']>) => createKey(user, 'after-error', body);
    expectStatus(await post({ name: '' }), 400);
    expectStatus(await post({ name: 'x', organizationId: 'org_missing' }), 404);
    const fixed = expectStatus(await post({ name: 'x' }), 201);
    expect(fixed.headers.get('idempotent-replayed')).toBeNull();
  });

  it('an over-long key is a validation error', async () => {
    const user = await registerUser(server, 'idem-long');
    const res = expectStatus(await createKey(user, 'k'.repeat(256), { name: 'x' }), 400);
    expect(res.body.error.details).toEqual([expect.objectContaining({ field: 'headers.idempotency-key' })]);
  });

  it('forgetting a subject twice with one key answers the first counts again', async () => {
    const { apiKey } = await newTenant(server, 'idem-forget');
    await captureMessage(apiKey, 'hello', 'u-9');
    const forget = () => server.api(apiKey).memories.forgetSubject({ params: { subjectId: 'u-9' }, ...keyed('f1') });
    const first = expectStatus(await forget(), 200);
    expect(first.body.data.deleted.events).toBe(1);
    const again = await forget();
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect((again.body as typeof first.body).data.deleted.events).toBe(1);
  });

  it('every POST that creates or starts something is idempotent in the contract', () => {
    // Reads (synthesize, reveal) and sessions (auth) are the exceptions; capture is keyed like the rest.
    const exceptions = new Set([
      'auth.register',
      'auth.login',
      'auth.refresh',
      'auth.logout',
      'synthesize.synthesize',
      'vault.revealItem',
      // A read: it reports what a run would do and changes nothing.
      'lifecycle.preview',
      // A read: it answers what a request would be answered and changes nothing.
      'policies.simulate',
      // A read: a search with a body (filters and a query), as LangGraph's store searches.
      'store.search',
      // Operator-only and resumable by design: a repeated call finishes or re-runs the same re-wrap,
      // which never changes a value; idempotency records are per tenant and the operator has none.
      'admin.rotateKek',
    ]);
    const missing: string[] = [];
    for (const [area, routes] of Object.entries(contract)) {
      for (const [name, route] of Object.entries(routes as Record<string, { method: string; metadata?: unknown }>)) {
        const idempotent = (route.metadata as { idempotent?: boolean } | undefined)?.idempotent === true;
        if (route.method === 'POST' && !idempotent && !exceptions.has(`${area}.${name}`))
          missing.push(`${area}.${name}`);
      }
    }
    expect(missing).toEqual([]);
  });
});

describe('a retry after a lost answer', () => {
  let proxy: Server;
  let proxyUrl: string;
  let dropped = 0;

  beforeAll(async () => {
    // Forwards to the server; drops the connection after the server answered the first POST.
    proxy = createServer((req, res) => {
      const target = new URL(req.url ?? '/', server.url);
      const upstream = httpRequest(target, { method: req.method, headers: req.headers }, (answer) => {
        const chunks: Buffer[] = [];
        answer.on('data', (c: Buffer) => chunks.push(c));
        answer.on('end', () => {
          if (req.method === 'POST' && dropped === 0) {
            dropped += 1;
            res.socket?.destroy();
            return;
          }
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          res.end(Buffer.concat(chunks));
        });
      });
      req.pipe(upstream);
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => proxy.close(() => resolve())));

  it('the SDK retries with the same Idempotency-Key and the server creates one API key', async () => {
    const user = await registerUser(server, 'idem-lost');
    const hx = new Hx({ baseUrl: proxyUrl, accessToken: user.accessToken, maxRetries: 2 });
    const { data, response } = await hx.apiKeys.create({ name: 'lost answer' }).withResponse();
    expect(dropped).toBe(1);
    expect(response.headers.get('idempotent-replayed')).toBe('true');
    expect(data.key).toMatch(/^hx_live_/);
    const keys = await new Hx({ baseUrl: server.url, accessToken: user.accessToken }).apiKeys.list();
    expect(keys.items.map((k) => k.id)).toEqual([data.id]);
  });
});

/**
 * POST /v1/synthesize isolation and lifecycle: another tenant's data is never returned, a key bound
 * to a namespace reads only that namespace, superseded memories are left out unless asOf asks for the
 * past, and every memory returned is written to the access log.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  createApiKey,
  createNamespace,
  createOrg,
  expectStatus,
  type HxTestClient,
  newTenant,
  useTestServer,
} from '../helpers/index.js';

const server = useTestServer();

const capture = (key: string, content: string, namespace?: string) =>
  server.api(key).capture.capture({
    body: { type: 'message', sessionId: 's1', payload: { role: 'user', content }, ...(namespace ? { namespace } : {}) },
  });

const synth = (key: string, body: Parameters<HxTestClient['synthesize']['synthesize']>[0]['body']) =>
  server.api(key).synthesize.synthesize({ body });

/** The entries' text of a synthesize answer, which must be a 200. */
const contents = (res: Awaited<ReturnType<typeof synth>>) =>
  expectStatus(res, 200)
    .body.data.entries.map((e) => e.content)
    .join('\n');

describe('POST /v1/synthesize isolation', () => {
  it("never returns another tenant's events", async () => {
    const a = await newTenant(server, 'synth-a');
    const b = await newTenant(server, 'synth-b');
    expect((await capture(a.apiKey, 'The launch code of project Falcon is purple-otter')).status).toBe(201);
    expect((await capture(b.apiKey, 'Project Falcon meeting moved to Friday')).status).toBe(201);
    const res = await synth(b.apiKey, { query: 'What is the launch code of project Falcon?' });
    expect(res.status).toBe(200);
    expect(contents(res)).toContain('Friday');
    expect(contents(res)).not.toContain('purple-otter');
  });

  it('keeps test-environment data apart from live data', async () => {
    const t = await newTenant(server, 'synth-env');
    const testKey = await createApiKey(server, t.user, { environment: 'test' });
    expect((await capture(testKey, 'Sandbox note: the staging password hint is walrus')).status).toBe(201);
    const live = await synth(t.apiKey, { query: 'staging password hint' });
    expect(contents(live)).not.toContain('walrus');
    const test = await synth(testKey, { query: 'staging password hint' });
    expect(contents(test)).toContain('walrus');
  });

  it('lets a namespace-bound key read only its namespace', async () => {
    const t = await newTenant(server, 'synth-ns');
    const org = await createOrg(server, t.user);
    const ns = await createNamespace(server, org, { name: 'support' });
    const bound = await createApiKey(server, t.user, { namespaceId: ns.id });
    expect((await capture(bound, 'Support team prefers invoices in dollars')).status).toBe(201);
    expect((await capture(t.apiKey, 'Billing team prefers invoices in euros', 'billing')).status).toBe(201);
    const own = await synth(bound, { query: 'Which currency for invoices?' });
    expect(own.status).toBe(200);
    expect(contents(own)).toContain('dollars');
    expect(contents(own)).not.toContain('euros');
    const other = await synth(bound, { query: 'Which currency for invoices?', namespace: 'billing' });
    expect(other.status).toBe(403);
    // An unbound key of the tenant reads every namespace when it names none.
    const all = await synth(t.apiKey, { query: 'Which currency for invoices?' });
    expect(contents(all)).toContain('euros');
  });
});

describe('POST /v1/synthesize memories', () => {
  it('leaves superseded memories out, shows them as of the past, and logs every memory returned', async () => {
    const t = await newTenant(server, 'synth-mem');
    const { database } = server.ctx;
    const tenantId = t.user.tenantId;
    // Ids unique to this run's tenant: a kept database (a developer's) holds the runs before.
    const memId = (name: string) => `mem_test_${name}_${tenantId.slice(-6).toLowerCase()}`;
    const row = (id: string, content: string, status: string, from: string, to: string | null) =>
      sql`(${id}, ${tenantId}, 'live', 'default', 'u1', 'fact', ${content}, ${`u1:city:${id}`}, ${id}, 0.9, ${status}, ${from}, ${to}, ${from})`;
    await database.rows(sql`insert into memories
      (id, tenant_id, environment, namespace, subject_id, kind, content, attribute_key, dedupe_key, confidence, status, valid_from, valid_to, last_seen_at)
      values ${row(memId('paris'), 'The user lives in Paris', 'superseded', '2023-01-01T00:00:00Z', '2024-03-01T00:00:00Z')},
             ${row(memId('berlin'), 'The user lives in Berlin', 'active', '2024-03-01T00:00:00Z', null)},
             ${row(memId('low'), 'The user lives in Rome maybe', 'active', '2024-03-01T00:00:00Z', null)}`);
    await database.rows(sql`update memories set confidence = 0.1 where id = ${memId('low')}`);

    const now = await synth(t.apiKey, { query: 'Where does the user live?', subjectId: 'u1' });
    expect(now.status).toBe(200);
    expect(contents(now)).toContain('Berlin');
    expect(contents(now)).not.toContain('Paris');
    expect(contents(now)).not.toContain('Rome'); // under minConfidence 0.3
    const entry = expectStatus(now, 200).body.data.entries.find((e) => e.content.includes('Berlin'));
    expect(entry).toMatchObject({ section: 'facts', kind: 'fact', validTo: null });
    expect(entry!.provenance[0]).toMatchObject({ sourceType: 'memory', sourceId: memId('berlin') });

    const past = await synth(t.apiKey, { query: 'Where does the user live?', asOf: '2023-06-01T00:00:00Z' });
    expect(contents(past)).toContain('Paris');
    expect(contents(past)).not.toContain('Berlin');

    // The access log is written behind (audit/access-log.ts): write it before reading the table.
    await server.ctx.services.accessLog.flush();
    const logs = await database.rows<{ memory_ids: string[]; operation: string; query: string }>(
      sql`select memory_ids, operation, query from access_logs where tenant_id = ${tenantId} order by id`,
    );
    expect(logs.map((l) => l.operation)).toEqual(['synthesize', 'synthesize']);
    expect(logs[0]?.memory_ids).toEqual([memId('berlin')]);
    expect(logs[1]?.memory_ids).toEqual([memId('paris')]);
    expect(logs[0]?.query).toBe('Where does the user live?');
  });
});

/**
 * Applying lifecycle policies: the preview (POST .../preview and `dryRun: true` on run) changes
 * nothing; a run goes in bounded batches, resumes after a crash, changes nothing more when repeated,
 * counts each kind and audits them; a deletion leaves the deleted text nowhere (synthesize, memories,
 * artifacts, vault, access logs, any table); unknown body fields are refused.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { findInTables } from '../helpers/dump.js';
import {
  auditActions,
  bearer,
  createApiKey,
  createOrg,
  eventExists,
  insertEvent,
  insertMemory,
  memoryRow,
  type TestOrg,
  useTestServer,
} from '../helpers/index.js';

const server = useTestServer();

const base = (org: TestOrg) => `/v1/organizations/${org.id}/lifecycle-policies`;
const DAY = 24 * 60 * 60 * 1000;
// Generated for the test: the GitHub token format, not a real token.
const SECRET = `ghp_${'Zt8Lq2Vw7Kc4Rn9Xb3Mh6Jd1Pf5Gs0Ya2ReU'}`;
const MARKERS = ['wombatshire', 'theremineer', 'pistachiology'];

async function createPolicy(org: TestOrg, body: Record<string, unknown>) {
  const res = await server
    .http()
    .post(base(org))
    .set('Authorization', bearer(org.owner))
    .send({ name: 'Retention', ...body });
  expect(res.status).toBe(201);
  return res.body.data.id as string;
}

const post = (org: TestOrg, path: string, body?: Record<string, unknown>) => {
  const req = server
    .http()
    .post(`${base(org)}/${path}`)
    .set('Authorization', bearer(org.owner));
  return body ? req.send(body) : req;
};

async function statuses(ids: string[]) {
  return Promise.all(ids.map(async (id) => (await memoryRow(server, id))!.status));
}

describe('lifecycle preview changes nothing', () => {
  it('answers what /preview, dryRun: true and asOf would do, and everything is still there', async () => {
    const org = await createOrg(server);
    const t = org.owner.tenantId;
    const mems = [
      await insertMemory(server, t, { ageDays: 400 }),
      await insertMemory(server, t, { ageDays: 40 }),
      await insertMemory(server, t, { ageDays: 1 }),
    ];
    const oldEvent = await insertEvent(server, t, { ageDays: 100 });
    const id = await createPolicy(org, {
      scope: 'namespace:default',
      retentionDays: 90,
      archiveAfterDays: 30,
      deleteAfterDays: 365,
    });
    const expected = { policyId: id, archived: 1, deleted: 1, eventsPurged: 1 };

    const preview = await post(org, 'preview');
    expect(preview.status).toBe(200);
    expect(preview.body.data.dryRun).toBe(true);
    expect(preview.body.data.runs).toMatchObject([expected]);
    const dry = await post(org, 'run', { dryRun: true });
    expect(dry.status).toBe(200);
    expect(dry.body.data).toMatchObject({ dryRun: true, runs: [expected] });
    // As of 400 days from now the fresh one is past both limits: counted once, as deleted.
    const later = await post(org, 'preview', {
      policyId: id,
      asOf: new Date(Date.now() + 400 * DAY).toISOString(),
    });
    expect(later.body.data.runs).toMatchObject([{ archived: 0, deleted: 3, eventsPurged: 1 }]);

    expect(await statuses(mems)).toEqual(['active', 'active', 'active']);
    expect(await eventExists(server, oldEvent)).toBe(true);
    const policy = await server
      .http()
      .get(`${base(org)}/${id}`)
      .set('Authorization', bearer(org.owner));
    expect(policy.body.data.lastRunAt).toBeNull();
    expect((await auditActions(server, org)).map((e) => e.action)).not.toContain('lifecycle_policy.applied');

    const run = await post(org, 'run', { dryRun: false, policyId: id });
    expect(run.body.data).toMatchObject({ dryRun: false, runs: [expected] });
    expect(await statuses(mems)).toEqual(['deleted', 'archived', 'active']);
  });

  it('refuses unknown body fields with 400 naming them, and changes nothing', async () => {
    const org = await createOrg(server);
    const mem = await insertMemory(server, org.owner.tenantId, { ageDays: 400 });
    await createPolicy(org, { scope: 'namespace:default', deleteAfterDays: 30 });
    for (const [path, body] of [
      ['run', { dryrun: true }],
      ['run', { dryRun: true, force: 1 }],
      ['preview', { dryRun: true }],
    ] as const) {
      const res = await post(org, path, body);
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('validation_error');
      const fields = res.body.error.details.map((d: { field: string }) => d.field);
      expect(fields).toEqual(Object.keys(body).filter((k) => k !== 'dryRun' || path === 'preview'));
    }
    const create = await server
      .http()
      .post(base(org))
      .set('Authorization', bearer(org.owner))
      .send({ name: 'x', scope: 'namespace:default', deleteAfterDays: 30, dryRun: true });
    expect(create.status).toBe(400);
    expect(create.body.error.details.map((d: { field: string }) => d.field)).toEqual(['dryRun']);
    expect((await memoryRow(server, mem))!.status).toBe('active');
  });

  it("answers 404 for a policyId that is not the organization's", async () => {
    const org = await createOrg(server);
    const other = await createOrg(server);
    const theirs = await createPolicy(other, { scope: 'namespace:default', deleteAfterDays: 30 });
    expect((await post(org, 'preview', { policyId: theirs })).status).toBe(404);
    expect((await post(org, 'run', { policyId: theirs })).status).toBe(404);
  });
});

describe('lifecycle runs in bounded batches', () => {
  it('keeps the committed batches of a run cut short, resumes, and changes nothing the second time', async () => {
    const org = await createOrg(server);
    const t = org.owner.tenantId;
    const mems: string[] = [];
    for (let i = 0; i < 5; i++) mems.push(await insertMemory(server, t, { ageDays: 400 }));
    const id = await createPolicy(org, { scope: 'namespace:default', deleteAfterDays: 30 });

    const crash = server.ctx.services.lifecycle.runOnce(new Date(), {
      tenantId: t,
      batchSize: 2,
      onBatch: () => {
        throw new Error('simulated crash');
      },
    });
    await expect(crash).rejects.toThrow('simulated crash');
    expect((await statuses(mems)).filter((s) => s === 'deleted')).toHaveLength(2);

    const resumed = await post(org, 'run');
    expect(resumed.status).toBe(200);
    expect(resumed.body.data.runs).toEqual([
      {
        policyId: id,
        archived: 0,
        deleted: 3,
        eventsPurged: 0,
        artifactsRetired: 0,
        vaultItemsDeleted: 0,
        accessLogsScrubbed: 0,
        batches: 1,
      },
    ]);
    expect(await statuses(mems)).toEqual(Array(5).fill('deleted'));

    const again = await post(org, 'run');
    expect(again.body.data.runs).toMatchObject([{ deleted: 0, batches: 0 }]);
    const applied = (await auditActions(server, org)).filter((e) => e.action === 'lifecycle_policy.applied');
    expect(applied.map((e) => e.details.deleted)).toEqual([0, 3]);
    expect(applied[1]!.details).toMatchObject({ trigger: 'manual', complete: true, batches: 1 });

    // Batches of two: three transactions for five rows, each counted.
    const more = [];
    for (let i = 0; i < 5; i++) more.push(await insertMemory(server, t, { ageDays: 400 }));
    const runs = await server.ctx.services.lifecycle.runOnce(new Date(), { tenantId: t, batchSize: 2 });
    expect(runs).toMatchObject([{ deleted: 5, batches: 3 }]);
  });
});

describe('lifecycle deletion erases what was derived', () => {
  it('leaves the deleted text nowhere: synthesize, memories, artifacts, vault, access logs, any table', async () => {
    const org = await createOrg(server);
    const t = org.owner.tenantId;
    const key = await createApiKey(server, org.owner);
    const auth = { Authorization: `Bearer ${key}` };
    const texts = [
      'I live in Wombatshire. I love pistachiology and I work as a theremineer.',
      `My deploy token is ${SECRET} please keep it, Wombatshire rules.`,
    ];
    const cap = await server
      .http()
      .post('/v1/capture/batch')
      .set(auth)
      .send({
        events: texts.map((content, i) => ({
          type: 'message',
          sessionId: 's1',
          subjectId: 'carol',
          payload: { role: 'user', content },
          occurredAt: new Date(Date.UTC(2024, 1, 1, 9, i)).toISOString(),
        })),
      });
    expect(cap.status).toBe(201);
    const job = await server.http().post('/v1/learn').set(auth).send({ wait: true });
    expect(job.body.data.status).toBe('completed');
    const syn = await server
      .http()
      .post('/v1/synthesize')
      .set(auth)
      .send({ query: 'Where does the Wombatshire theremineer live?' });
    expect(syn.status).toBe(200);
    // Not seen for a long time: age what learn just made.
    await server.ctx.database.rows(
      sql`update memories set last_seen_at = ${new Date('2024-02-01T00:00:00Z')} where tenant_id = ${t}`,
    );
    // The access log is written behind (audit/access-log.ts): write it before reading the tables.
    await server.ctx.services.accessLog.flush();
    const before = await findInTables(server, t, MARKERS);
    for (const table of ['events', 'memories', 'artifacts', 'access_logs']) {
      expect(before.some((h) => h.table === table)).toBe(true);
    }
    const id = await createPolicy(org, { scope: 'namespace:default', retentionDays: 30, deleteAfterDays: 30 });

    const preview = (await post(org, 'preview')).body.data.runs[0];
    expect(preview.eventsPurged).toBe(2);
    expect(preview.vaultItemsDeleted).toBe(1);
    expect(preview.artifactsRetired).toBeGreaterThan(0);
    expect(preview.accessLogsScrubbed).toBeGreaterThan(0);

    const run = await post(org, 'run');
    expect(run.status).toBe(200);
    const counts = run.body.data.runs[0];
    expect(counts).toEqual({ ...preview, policyId: id, batches: counts.batches });
    expect(counts.deleted).toBeGreaterThan(0);

    expect(await findInTables(server, t, [...MARKERS, SECRET])).toEqual([]);
    expect((await server.ctx.database.rows(sql`select id from vault_items where tenant_id = ${t}`)).length).toBe(0);
    const again = await server
      .http()
      .post('/v1/synthesize')
      .set(auth)
      .send({ query: 'Where does carol live and what is her job?' });
    expect(JSON.stringify(again.body.data)).not.toMatch(/wombatshire|theremineer|pistachio/i);
    const mems = (await server.http().get('/v1/memories?limit=100').set(auth)).body.data.memories;
    expect(JSON.stringify(mems)).not.toMatch(/wombatshire|theremineer|pistachio/i);
    const audit = (await auditActions(server, org)).find((e) => e.action === 'lifecycle_policy.applied');
    expect(audit!.details).toMatchObject({
      eventsPurged: 2,
      vaultItemsDeleted: 1,
      artifactsRetired: counts.artifactsRetired,
    });

    // A full re-learn brings nothing back, and a second run finds nothing.
    const full = await server.http().post('/v1/learn').set(auth).send({ scope: 'full', wait: true });
    expect(full.body.data.status).toBe('completed');
    expect(await findInTables(server, t, MARKERS)).toEqual([]);
    expect((await post(org, 'run')).body.data.runs).toMatchObject([{ deleted: 0, eventsPurged: 0, batches: 0 }]);
  });
});

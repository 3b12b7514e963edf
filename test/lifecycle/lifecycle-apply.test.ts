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
  DAY,
  captureAndLearn,
  createApiKey,
  createOrg,
  errorFields,
  eventExists,
  expectStatus,
  postRaw,
  insertEvent,
  insertMemory,
  memoryRow,
  useTestServer,
} from '../helpers/index.js';
import type { HxTestClient, TestOrg } from '../helpers/index.js';

const server = useTestServer();

// Generated for the test: the GitHub token format, not a real token.
const SECRET = `ghp_${'Zt8Lq2Vw7Kc4Rn9Xb3Mh6Jd1Pf5Gs0Ya2ReU'}`;
const MARKERS = ['wombatshire', 'theremineer', 'pistachiology'];

type PolicyBody = Omit<Parameters<HxTestClient['lifecycle']['create']>[0]['body'], 'name'>;
type RunBody = Parameters<HxTestClient['lifecycle']['run']>[0]['body'];
type PreviewBody = Parameters<HxTestClient['lifecycle']['preview']>[0]['body'];

/** The lifecycle area of the typed client as the organization's owner. */
const lifecycle = (org: TestOrg) => server.api(org.owner).lifecycle;

async function createPolicy(org: TestOrg, body: PolicyBody) {
  const res = await lifecycle(org).create({ params: { orgId: org.id }, body: { name: 'Retention', ...body } });
  return expectStatus(res, 201).body.data.id;
}

const run = (org: TestOrg, body: RunBody = {}) => lifecycle(org).run({ params: { orgId: org.id }, body });
const preview = (org: TestOrg, body: PreviewBody = {}) => lifecycle(org).preview({ params: { orgId: org.id }, body });

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

    const previewed = expectStatus(await preview(org), 200).body.data;
    expect(previewed.dryRun).toBe(true);
    expect(previewed.runs).toMatchObject([expected]);
    const dry = await run(org, { dryRun: true });
    expect(expectStatus(dry, 200).body.data).toMatchObject({ dryRun: true, runs: [expected] });
    // As of 400 days from now the fresh one is past both limits: counted once, as deleted.
    const later = await preview(org, { policyId: id, asOf: new Date(Date.now() + 400 * DAY).toISOString() });
    expect(expectStatus(later, 200).body.data.runs).toMatchObject([{ archived: 0, deleted: 3, eventsPurged: 1 }]);

    expect(await statuses(mems)).toEqual(['active', 'active', 'active']);
    expect(await eventExists(server, oldEvent)).toBe(true);
    const policy = await lifecycle(org).get({ params: { orgId: org.id, policyId: id } });
    expect(expectStatus(policy, 200).body.data.lastRunAt).toBeNull();
    expect((await auditActions(server, org)).map((e) => e.action)).not.toContain('lifecycle_policy.applied');

    const applied = await run(org, { dryRun: false, policyId: id });
    expect(expectStatus(applied, 200).body.data).toMatchObject({ dryRun: false, runs: [expected] });
    expect(await statuses(mems)).toEqual(['deleted', 'archived', 'active']);
  });

  it('refuses unknown body fields with 400 naming them, and changes nothing', async () => {
    const org = await createOrg(server);
    const mem = await insertMemory(server, org.owner.tenantId, { ageDays: 400 });
    await createPolicy(org, { scope: 'namespace:default', deleteAfterDays: 30 });
    // Fields the contract does not have: these bodies go over the raw wire.
    const post = (path: string, body: Record<string, unknown>) =>
      postRaw(server, `/v1/organizations/${org.id}/lifecycle-policies${path}`, org.owner, body);
    for (const [path, body] of [
      ['/run', { dryrun: true }],
      ['/run', { dryRun: true, force: 1 }],
      ['/preview', { dryRun: true }],
    ] as const) {
      const res = await post(path, body);
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('validation_error');
      expect(errorFields(res.body)).toEqual(Object.keys(body).filter((k) => k !== 'dryRun' || path === '/preview'));
    }
    const create = await post('', { name: 'x', scope: 'namespace:default', deleteAfterDays: 30, dryRun: true });
    expect(create.status).toBe(400);
    expect(errorFields(create.body)).toEqual(['dryRun']);
    expect((await memoryRow(server, mem))!.status).toBe('active');
  });

  it("answers 404 for a policyId that is not the organization's", async () => {
    const org = await createOrg(server);
    const other = await createOrg(server);
    const theirs = await createPolicy(other, { scope: 'namespace:default', deleteAfterDays: 30 });
    expect((await preview(org, { policyId: theirs })).status).toBe(404);
    expect((await run(org, { policyId: theirs })).status).toBe(404);
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

    const resumed = await run(org);
    expect(expectStatus(resumed, 200).body.data.runs).toEqual([
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

    const again = await run(org);
    expect(expectStatus(again, 200).body.data.runs).toMatchObject([{ deleted: 0, batches: 0 }]);
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
    const api = server.api(key);
    await captureAndLearn(server, key, [
      { subjectId: 'carol', content: 'I live in Wombatshire. I love pistachiology and I work as a theremineer.' },
      { subjectId: 'carol', content: `My deploy token is ${SECRET} please keep it, Wombatshire rules.` },
    ]);
    const syn = await api.synthesize.synthesize({ body: { query: 'Where does the Wombatshire theremineer live?' } });
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

    const previewed = expectStatus(await preview(org), 200).body.data.runs[0]!;
    expect(previewed.eventsPurged).toBe(2);
    expect(previewed.vaultItemsDeleted).toBe(1);
    expect(previewed.artifactsRetired).toBeGreaterThan(0);
    expect(previewed.accessLogsScrubbed).toBeGreaterThan(0);

    const applied = await run(org);
    const counts = expectStatus(applied, 200).body.data.runs[0]!;
    expect(counts).toEqual({ ...previewed, policyId: id, batches: counts.batches });
    expect(counts.deleted).toBeGreaterThan(0);

    expect(await findInTables(server, t, [...MARKERS, SECRET])).toEqual([]);
    expect((await server.ctx.database.rows(sql`select id from vault_items where tenant_id = ${t}`)).length).toBe(0);
    const again = await api.synthesize.synthesize({ body: { query: 'Where does carol live and what is her job?' } });
    expect(JSON.stringify(expectStatus(again, 200).body.data)).not.toMatch(/wombatshire|theremineer|pistachio/i);
    const mems = expectStatus(await api.memories.list({ query: { limit: 100 } }), 200).body.data.memories;
    expect(JSON.stringify(mems)).not.toMatch(/wombatshire|theremineer|pistachio/i);
    const audit = (await auditActions(server, org)).find((e) => e.action === 'lifecycle_policy.applied');
    expect(audit!.details).toMatchObject({
      eventsPurged: 2,
      vaultItemsDeleted: 1,
      artifactsRetired: counts.artifactsRetired,
    });

    // A full re-learn brings nothing back, and a second run finds nothing.
    const full = await api.learn.learn({ body: { scope: 'full', wait: true } });
    expect(expectStatus(full, 200).body.data.status).toBe('completed');
    expect(await findInTables(server, t, MARKERS)).toEqual([]);
    expect(expectStatus(await run(org), 200).body.data.runs).toMatchObject([
      { deleted: 0, eventsPurged: 0, batches: 0 },
    ]);
  });
});

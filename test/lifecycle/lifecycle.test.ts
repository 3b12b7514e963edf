/**
 * Lifecycle policies through HTTP (create, list, get, update, delete; validation, RBAC, isolation) and
 * their application: archiving, deletion (tombstones) and event purging within the scope only, through
 * the run route and through services.lifecycle.runOnce(now), each run audited.
 */
import { describe, expect, it } from 'vitest';
import {
  auditActions,
  auth,
  bearer,
  createApiKey,
  createOrg,
  eventExists,
  insertEvent,
  insertMemory,
  memoryRow,
  registerUser,
  setOwnerRole,
  type TestOrg,
  useTestServer,
} from '../helpers/index.js';

const server = useTestServer();

const base = (org: TestOrg) => `/v1/organizations/${org.id}/lifecycle-policies`;
const DAY = 24 * 60 * 60 * 1000;
const unique = (tag: string) => `${tag}-${process.pid}-${Math.random().toString(36).slice(2, 8)}`;

async function createPolicy(org: TestOrg, body: Record<string, unknown>) {
  return server
    .http()
    .post(base(org))
    .set('Authorization', bearer(org.owner))
    .send({ name: 'Retention', ...body });
}

async function createNamespace(org: TestOrg, name: string) {
  const res = await server
    .http()
    .post(`/v1/organizations/${org.id}/namespaces`)
    .set('Authorization', bearer(org.owner))
    .send({ name });
  if (res.status !== 201) throw new Error(`namespace failed: ${res.status}`);
  return res.body.data as { id: string; name: string };
}

describe('lifecycle policies: happy path', () => {
  it('creates, lists, gets, updates and deletes a policy, auditing each change', async () => {
    const org = await createOrg(server);
    const created = await createPolicy(org, {
      scope: 'namespace:support',
      retentionDays: 90,
      archiveAfterDays: 30,
      deleteAfterDays: 365,
    });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({
      organizationId: org.id,
      name: 'Retention',
      scope: 'namespace:support',
      retentionDays: 90,
      archiveAfterDays: 30,
      deleteAfterDays: 365,
      lastRunAt: null,
    });
    const id = created.body.data.id;
    expect(id).toMatch(/^lcp_/);

    const list = await server.http().get(base(org)).set('Authorization', bearer(org.owner));
    expect(list.status).toBe(200);
    expect(list.body.data.lifecyclePolicies.map((p: { id: string }) => p.id)).toEqual([id]);
    expect(list.body.data.pagination).toEqual({ hasMore: false });

    const patched = await server
      .http()
      .patch(`${base(org)}/${id}`)
      .set('Authorization', bearer(org.owner))
      .send({ archiveAfterDays: 60, retentionDays: null });
    expect(patched.status).toBe(200);
    expect(patched.body.data).toMatchObject({ archiveAfterDays: 60, retentionDays: null, deleteAfterDays: 365 });

    const got = await server
      .http()
      .get(`${base(org)}/${id}`)
      .set('Authorization', bearer(org.owner));
    expect(got.body.data).toEqual(patched.body.data);

    const deleted = await server
      .http()
      .delete(`${base(org)}/${id}`)
      .set('Authorization', bearer(org.owner));
    expect(deleted.body.data).toEqual({ id, deleted: true });
    expect(
      (
        await server
          .http()
          .get(`${base(org)}/${id}`)
          .set('Authorization', bearer(org.owner))
      ).status,
    ).toBe(404);

    const actions = (await auditActions(server, org)).map((e) => e.action);
    expect(actions.slice(0, 3)).toEqual([
      'lifecycle_policy.deleted',
      'lifecycle_policy.updated',
      'lifecycle_policy.created',
    ]);
  });
});

describe('lifecycle policies: application', () => {
  it('archives and deletes memories of the scoped namespace, purges its old events, and leaves the rest', async () => {
    const org = await createOrg(server);
    const tenantId = org.owner.tenantId;
    const ns = await createNamespace(org, unique('support'));
    const fresh = await insertMemory(server, tenantId, { namespace: ns.name, ageDays: 1 });
    const stale = await insertMemory(server, tenantId, { namespace: ns.name, ageDays: 40 });
    const ancient = await insertMemory(server, tenantId, { namespace: ns.id, ageDays: 400 });
    const elsewhere = await insertMemory(server, tenantId, { namespace: 'default', ageDays: 400 });
    const oldEvent = await insertEvent(server, tenantId, { namespace: ns.name, ageDays: 100 });
    const newEvent = await insertEvent(server, tenantId, { namespace: ns.name, ageDays: 10 });
    const otherEvent = await insertEvent(server, tenantId, { namespace: 'default', ageDays: 100 });

    const policy = await createPolicy(org, {
      scope: `namespace:${ns.name}`,
      retentionDays: 90,
      archiveAfterDays: 30,
      deleteAfterDays: 365,
    });
    const run = await server
      .http()
      .post(`${base(org)}/run`)
      .set('Authorization', bearer(org.owner));
    expect(run.status).toBe(200);
    expect(run.body.data.runs).toMatchObject([
      { policyId: policy.body.data.id, archived: 1, deleted: 1, eventsPurged: 1 },
    ]);

    expect((await memoryRow(server, fresh))!.status).toBe('active');
    expect((await memoryRow(server, stale))!.status).toBe('archived');
    const tomb = (await memoryRow(server, ancient))!;
    expect(tomb).toMatchObject({ status: 'deleted', content: '', attributes: {}, attributeKey: null });
    expect((await memoryRow(server, elsewhere))!.status).toBe('active');
    expect(await eventExists(server, oldEvent)).toBe(false);
    expect(await eventExists(server, newEvent)).toBe(true);
    expect(await eventExists(server, otherEvent)).toBe(true);

    const audit = await auditActions(server, org);
    expect(audit[0]).toMatchObject({
      action: 'lifecycle_policy.applied',
      resourceId: policy.body.data.id,
      details: { trigger: 'manual', archived: 1, deleted: 1, eventsPurged: 1 },
    });
    const got = await server
      .http()
      .get(`${base(org)}/${policy.body.data.id}`)
      .set('Authorization', bearer(org.owner));
    expect(got.body.data.lastRunAt).toBe(run.body.data.ranAt);

    // A second run finds nothing more to do, and says so.
    const again = await server
      .http()
      .post(`${base(org)}/run`)
      .set('Authorization', bearer(org.owner));
    expect(again.body.data.runs).toMatchObject([
      { policyId: policy.body.data.id, archived: 0, deleted: 0, eventsPurged: 0 },
    ]);
  });

  it('applies as of a given time with runOnce(now), by agent and subject scopes, auditing scheduled runs', async () => {
    const org = await createOrg(server);
    const tenantId = org.owner.tenantId;
    const byAgent = await insertMemory(server, tenantId, { agentId: 'agt_lc1' });
    const bySubject = await insertMemory(server, tenantId, { subjectId: 'subj-lc1' });
    const untouched = await insertMemory(server, tenantId, { agentId: 'agt_other' });
    await createPolicy(org, { scope: 'agent:agt_lc1', archiveAfterDays: 10 });
    await createPolicy(org, { scope: 'subject:subj-lc1', deleteAfterDays: 10 });

    const runs = await server.ctx.services.lifecycle.runOnce(new Date(Date.now() + 11 * DAY), { tenantId });
    expect(runs.map((r) => [r.archived, r.deleted])).toEqual([
      [1, 0],
      [0, 1],
    ]);
    expect((await memoryRow(server, byAgent))!.status).toBe('archived');
    expect((await memoryRow(server, bySubject))!.status).toBe('deleted');
    expect((await memoryRow(server, untouched))!.status).toBe('active');
    const audit = await auditActions(server, org);
    expect(audit.filter((e) => e.action === 'lifecycle_policy.applied')).toHaveLength(2);
    expect(audit[0]!.details).toMatchObject({ trigger: 'schedule' });
  });

  it("namespace:* covers only the organization's own namespaces", async () => {
    const org = await createOrg(server);
    const sibling = await createOrg(server, org.owner, 'Sibling');
    const tenantId = org.owner.tenantId;
    const mine = await createNamespace(org, unique('mine'));
    const theirs = await createNamespace(sibling, unique('theirs'));
    const a = await insertMemory(server, tenantId, { namespace: mine.name, ageDays: 50 });
    const b = await insertMemory(server, tenantId, { namespace: theirs.name, ageDays: 50 });
    const c = await insertMemory(server, tenantId, { namespace: 'default', ageDays: 50 });
    await createPolicy(org, { scope: 'namespace:*', archiveAfterDays: 30 });
    const run = await server
      .http()
      .post(`${base(org)}/run`)
      .set('Authorization', bearer(org.owner));
    expect(run.body.data.runs[0].archived).toBe(1);
    expect((await memoryRow(server, a))!.status).toBe('archived');
    expect((await memoryRow(server, b))!.status).toBe('active');
    expect((await memoryRow(server, c))!.status).toBe('active');
  });

  it("never touches another tenant's memories", async () => {
    const org = await createOrg(server);
    const stranger = await registerUser(server, 'stranger');
    const theirs = await insertMemory(server, stranger.tenantId, { ageDays: 500 });
    await createPolicy(org, { scope: 'namespace:default', deleteAfterDays: 1 });
    await server.ctx.services.lifecycle.runOnce(new Date(), { tenantId: org.owner.tenantId });
    await server
      .http()
      .post(`${base(org)}/run`)
      .set('Authorization', bearer(org.owner));
    expect((await memoryRow(server, theirs))!.status).toBe('active');
  });
});

describe('lifecycle policies: errors', () => {
  it('refuses archiveAfterDays greater than deleteAfterDays with 400 naming it', async () => {
    const org = await createOrg(server);
    const res = await createPolicy(org, { scope: 'namespace:x', archiveAfterDays: 100, deleteAfterDays: 10 });
    expect(res.status).toBe(400);
    expect(res.body.error.details.map((d: { field: string }) => d.field)).toEqual(['archiveAfterDays']);
  });

  it('checks the merged values on PATCH', async () => {
    const org = await createOrg(server);
    const id = (await createPolicy(org, { scope: 'namespace:x', archiveAfterDays: 5, deleteAfterDays: 10 })).body.data
      .id;
    const res = await server
      .http()
      .patch(`${base(org)}/${id}`)
      .set('Authorization', bearer(org.owner))
      .send({ archiveAfterDays: 20 });
    expect(res.status).toBe(400);
    expect(res.body.error.details[0].field).toBe('archiveAfterDays');
    const clearAll = await server
      .http()
      .patch(`${base(org)}/${id}`)
      .set('Authorization', bearer(org.owner))
      .send({ archiveAfterDays: null, deleteAfterDays: null });
    expect(clearAll.status).toBe(400);
  });

  it.each([['namespace'], ['namespace:'], ['memory:abc'], ['agent:*'], ['namespace:a b']])(
    'refuses the scope %s with 400 naming scope',
    async (scope) => {
      const org = await createOrg(server);
      const res = await createPolicy(org, { scope, deleteAfterDays: 10 });
      expect(res.status).toBe(400);
      expect(res.body.error.details.map((d: { field: string }) => d.field)).toEqual(['scope']);
    },
  );

  it('names every invalid field, and needs at least one day limit', async () => {
    const org = await createOrg(server);
    const res = await server
      .http()
      .post(base(org))
      .set('Authorization', bearer(org.owner))
      .send({ retentionDays: 0, archiveAfterDays: 'ten', deleteAfterDays: 1.5 });
    expect(res.status).toBe(400);
    const fields = res.body.error.details.map((d: { field: string }) => d.field).sort();
    expect(fields).toEqual(['archiveAfterDays', 'deleteAfterDays', 'name', 'retentionDays', 'scope']);
    const none = await createPolicy(org, { scope: 'namespace:x' });
    expect(none.status).toBe(400);
  });

  it("refuses a scope naming another organization's namespace", async () => {
    const org = await createOrg(server);
    const sibling = await createOrg(server, org.owner, 'Sibling');
    const theirs = await createNamespace(sibling, unique('theirs'));
    const res = await createPolicy(org, { scope: `namespace:${theirs.id}`, deleteAfterDays: 10 });
    expect(res.status).toBe(400);
    expect(res.body.error.details[0].field).toBe('scope');
  });
});

describe('lifecycle policies: security', () => {
  it('answers 403 to roles without lifecycle:manage, for listing too', async () => {
    const org = await createOrg(server);
    await setOwnerRole(server, org, 'manager');
    expect((await server.http().get(base(org)).set('Authorization', bearer(org.owner))).status).toBe(403);
    expect((await createPolicy(org, { scope: 'namespace:x', deleteAfterDays: 1 })).status).toBe(403);
    expect(
      (
        await server
          .http()
          .post(`${base(org)}/run`)
          .set('Authorization', bearer(org.owner))
      ).status,
    ).toBe(403);
    await setOwnerRole(server, org, 'admin');
    expect((await server.http().get(base(org)).set('Authorization', bearer(org.owner))).status).toBe(200);
  });

  it("answers 404 for another tenant's policy and 401 for an API key", async () => {
    const org = await createOrg(server);
    const id = (await createPolicy(org, { scope: 'namespace:x', deleteAfterDays: 10 })).body.data.id;
    const stranger = await registerUser(server, 'stranger');
    const own = await createOrg(server, stranger);
    expect(
      (
        await server
          .http()
          .get(`${base(own)}/${id}`)
          .set('Authorization', bearer(stranger))
      ).status,
    ).toBe(404);
    const del = await server
      .http()
      .delete(`${base(own)}/${id}`)
      .set('Authorization', bearer(stranger));
    expect(del.status).toBe(404);
    expect((await server.http().get(base(org)).set('Authorization', bearer(stranger))).status).toBe(404);
    const key = await createApiKey(server, org.owner);
    expect((await server.http().get(base(org)).set(auth(key))).status).toBe(401);
  });
});

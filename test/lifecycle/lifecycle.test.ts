/**
 * Lifecycle policies through HTTP (create, list, get, update, delete; validation, RBAC, isolation) and
 * their application: archiving, deletion (tombstones) and event purging within the scope only, through
 * the run route and through services.lifecycle.runOnce(now), each run audited.
 */
import { describe, expect, it } from 'vitest';
import {
  auditActions,
  DAY,
  createApiKey,
  createNamespace,
  createOrg,
  errorFields,
  eventExists,
  expectStatus,
  postRaw,
  insertEvent,
  insertMemory,
  memoryRow,
  registerUser,
  setOwnerRole,
  uniqueSlug,
  useTestServer,
} from '../helpers/index.js';
import type { HxTestClient, TestOrg, TestUser } from '../helpers/index.js';

const server = useTestServer();

/** The lifecycle area of the typed client as `as` (the owner by default), and a policy's path params. */
const lifecycle = (org: TestOrg, as: TestUser | string = org.owner) => server.api(as).lifecycle;
const at = (org: TestOrg) => ({ orgId: org.id });
const one = (org: TestOrg, policyId: string) => ({ orgId: org.id, policyId });

type PolicyBody = Omit<Parameters<HxTestClient['lifecycle']['create']>[0]['body'], 'name'>;

const createPolicy = (org: TestOrg, body: PolicyBody) =>
  lifecycle(org).create({ params: at(org), body: { name: 'Retention', ...body } });

/** Creates a policy that must be accepted; answers it. */
const policyOf = async (org: TestOrg, body: PolicyBody) => expectStatus(await createPolicy(org, body), 201).body.data;

const runNow = (org: TestOrg, as?: TestUser) => lifecycle(org, as).run({ params: at(org), body: {} });

describe('lifecycle policies: happy path', () => {
  it('creates, lists, gets, updates and deletes a policy, auditing each change', async () => {
    const org = await createOrg(server);
    const created = await createPolicy(org, {
      scope: 'namespace:support',
      retentionDays: 90,
      archiveAfterDays: 30,
      deleteAfterDays: 365,
    });
    const policy = expectStatus(created, 201).body.data;
    expect(policy).toMatchObject({
      organizationId: org.id,
      name: 'Retention',
      scope: 'namespace:support',
      retentionDays: 90,
      archiveAfterDays: 30,
      deleteAfterDays: 365,
      lastRunAt: null,
    });
    const id = policy.id;
    expect(id).toMatch(/^lcp_/);

    const list = expectStatus(await lifecycle(org).list({ params: at(org) }), 200).body.data;
    expect(list.lifecyclePolicies.map((p) => p.id)).toEqual([id]);
    expect(list.pagination).toEqual({ hasMore: false });

    const patched = await lifecycle(org).update({
      params: one(org, id),
      body: { archiveAfterDays: 60, retentionDays: null },
    });
    const updated = expectStatus(patched, 200).body.data;
    expect(updated).toMatchObject({ archiveAfterDays: 60, retentionDays: null, deleteAfterDays: 365 });

    const got = await lifecycle(org).get({ params: one(org, id) });
    expect(expectStatus(got, 200).body.data).toEqual(updated);

    const deleted = await lifecycle(org).delete({ params: one(org, id) });
    expect(expectStatus(deleted, 200).body.data).toEqual({ id, deleted: true });
    expect((await lifecycle(org).get({ params: one(org, id) })).status).toBe(404);

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
    const ns = await createNamespace(server, org, { name: uniqueSlug('support') });
    const fresh = await insertMemory(server, tenantId, { namespace: ns.name, ageDays: 1 });
    const stale = await insertMemory(server, tenantId, { namespace: ns.name, ageDays: 40 });
    const ancient = await insertMemory(server, tenantId, { namespace: ns.id, ageDays: 400 });
    const elsewhere = await insertMemory(server, tenantId, { namespace: 'default', ageDays: 400 });
    const oldEvent = await insertEvent(server, tenantId, { namespace: ns.name, ageDays: 100 });
    const newEvent = await insertEvent(server, tenantId, { namespace: ns.name, ageDays: 10 });
    const otherEvent = await insertEvent(server, tenantId, { namespace: 'default', ageDays: 100 });

    const policy = await policyOf(org, {
      scope: `namespace:${ns.name}`,
      retentionDays: 90,
      archiveAfterDays: 30,
      deleteAfterDays: 365,
    });
    const run = expectStatus(await runNow(org), 200).body.data;
    expect(run.runs).toMatchObject([{ policyId: policy.id, archived: 1, deleted: 1, eventsPurged: 1 }]);

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
      resourceId: policy.id,
      details: { trigger: 'manual', archived: 1, deleted: 1, eventsPurged: 1 },
    });
    const got = await lifecycle(org).get({ params: one(org, policy.id) });
    expect(expectStatus(got, 200).body.data.lastRunAt).toBe(run.ranAt);

    // A second run finds nothing more to do, and says so.
    const again = await runNow(org);
    expect(expectStatus(again, 200).body.data.runs).toMatchObject([
      { policyId: policy.id, archived: 0, deleted: 0, eventsPurged: 0 },
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
    const mine = await createNamespace(server, org, { name: uniqueSlug('mine') });
    const theirs = await createNamespace(server, sibling, { name: uniqueSlug('theirs') });
    const a = await insertMemory(server, tenantId, { namespace: mine.name, ageDays: 50 });
    const b = await insertMemory(server, tenantId, { namespace: theirs.name, ageDays: 50 });
    const c = await insertMemory(server, tenantId, { namespace: 'default', ageDays: 50 });
    await createPolicy(org, { scope: 'namespace:*', archiveAfterDays: 30 });
    const run = await runNow(org);
    expect(expectStatus(run, 200).body.data.runs[0]!.archived).toBe(1);
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
    await runNow(org);
    expect((await memoryRow(server, theirs))!.status).toBe('active');
  });
});

describe('lifecycle policies: errors', () => {
  it('refuses archiveAfterDays greater than deleteAfterDays with 400 naming it', async () => {
    const org = await createOrg(server);
    const res = await createPolicy(org, { scope: 'namespace:x', archiveAfterDays: 100, deleteAfterDays: 10 });
    expect(errorFields(expectStatus(res, 400).body)).toEqual(['archiveAfterDays']);
  });

  it('checks the merged values on PATCH', async () => {
    const org = await createOrg(server);
    const { id } = await policyOf(org, { scope: 'namespace:x', archiveAfterDays: 5, deleteAfterDays: 10 });
    const res = await lifecycle(org).update({ params: one(org, id), body: { archiveAfterDays: 20 } });
    expect(errorFields(expectStatus(res, 400).body)[0]).toBe('archiveAfterDays');
    const clearAll = await lifecycle(org).update({
      params: one(org, id),
      body: { archiveAfterDays: null, deleteAfterDays: null },
    });
    expect(clearAll.status).toBe(400);
  });

  it.each([['namespace'], ['namespace:'], ['memory:abc'], ['agent:*'], ['namespace:a b']])(
    'refuses the scope %s with 400 naming scope',
    async (scope) => {
      const org = await createOrg(server);
      const res = await createPolicy(org, { scope, deleteAfterDays: 10 });
      expect(errorFields(expectStatus(res, 400).body)).toEqual(['scope']);
    },
  );

  it('names every invalid field, and needs at least one day limit', async () => {
    const org = await createOrg(server);
    // Wrong types on purpose: a body the contract cannot express goes over the raw wire.
    const res = await postRaw(server, `/v1/organizations/${org.id}/lifecycle-policies`, org.owner, {
      retentionDays: 0,
      archiveAfterDays: 'ten',
      deleteAfterDays: 1.5,
    });
    expect(res.status).toBe(400);
    expect(errorFields(res.body).sort()).toEqual([
      'archiveAfterDays',
      'deleteAfterDays',
      'name',
      'retentionDays',
      'scope',
    ]);
    const none = await createPolicy(org, { scope: 'namespace:x' });
    expect(none.status).toBe(400);
  });

  it("refuses a scope naming another organization's namespace", async () => {
    const org = await createOrg(server);
    const sibling = await createOrg(server, org.owner, 'Sibling');
    const theirs = await createNamespace(server, sibling, { name: uniqueSlug('theirs') });
    const res = await createPolicy(org, { scope: `namespace:${theirs.id}`, deleteAfterDays: 10 });
    expect(errorFields(expectStatus(res, 400).body)[0]).toBe('scope');
  });
});

describe('lifecycle policies: security', () => {
  it('answers 403 to roles without lifecycle:manage, for listing too', async () => {
    const org = await createOrg(server);
    await setOwnerRole(server, org, 'manager');
    expect((await lifecycle(org).list({ params: at(org) })).status).toBe(403);
    expect((await createPolicy(org, { scope: 'namespace:x', deleteAfterDays: 1 })).status).toBe(403);
    expect((await runNow(org)).status).toBe(403);
    await setOwnerRole(server, org, 'admin');
    expect((await lifecycle(org).list({ params: at(org) })).status).toBe(200);
  });

  it("answers 404 for another tenant's policy and 401 for an API key", async () => {
    const org = await createOrg(server);
    const { id } = await policyOf(org, { scope: 'namespace:x', deleteAfterDays: 10 });
    const stranger = await registerUser(server, 'stranger');
    const own = await createOrg(server, stranger);
    expect((await lifecycle(own).get({ params: one(own, id) })).status).toBe(404);
    const del = await lifecycle(own).delete({ params: one(own, id) });
    expect(del.status).toBe(404);
    expect((await lifecycle(org, stranger).list({ params: at(org) })).status).toBe(404);
    const key = await createApiKey(server, org.owner);
    expect((await lifecycle(org, key).list({ params: at(org) })).status).toBe(401);
  });
});

/**
 * Access policies through HTTP (create, list in evaluation order, get, update, delete; validation,
 * RBAC, isolation) and their effect through services.policies.checkNamespaceAccess, the check core
 * routes call for keys, agents and users.
 */
import { describe, expect, it } from 'vitest';
import type { Actor } from '../../server/src/actor.js';
import {
  addMember,
  auditActions,
  postRaw,
  createApiKey,
  createNamespace,
  createOrg,
  errorFields,
  expectStatus,
  insertTeam,
  registerUser,
  setOwnerRole,
  uniqueSlug,
  useTestServer,
} from '../helpers/index.js';
import type { HxTestClient, TestOrg, TestUser } from '../helpers/index.js';

const server = useTestServer();

type PolicyBody = Parameters<HxTestClient['policies']['create']>[0]['body'];

const policy = (body: Partial<PolicyBody> = {}): PolicyBody => ({
  name: 'Deny support writes',
  effect: 'deny',
  resource: 'namespace:*',
  action: 'write',
  priority: 10,
  ...body,
});

/** The policies area of the typed client as `as` (the owner by default), and the path params. */
const policies = (org: TestOrg, as: TestUser | string = org.owner) => server.api(as).policies;
const at = (org: TestOrg) => ({ orgId: org.id });
const one = (org: TestOrg, policyId: string) => ({ orgId: org.id, policyId });

const createPolicy = (org: TestOrg, body: Partial<PolicyBody> = {}, as?: TestUser) =>
  policies(org, as).create({ params: at(org), body: policy(body) });

/** Creates a policy that must be accepted; answers its id. */
const policyId = async (org: TestOrg, body: Partial<PolicyBody> = {}) =>
  expectStatus(await createPolicy(org, body), 201).body.data.id;

/** A namespace of the organization named `tag`-something, of `sensitivity`. */
const namespace = (org: TestOrg, tag: string, sensitivity: 'internal' | 'restricted' = 'internal') =>
  createNamespace(server, org, { name: uniqueSlug(tag), sensitivity });

function userActor(org: TestOrg, extra: Partial<Actor> = {}): Actor {
  return {
    kind: 'user',
    tenantId: org.owner.tenantId,
    userId: org.owner.userId,
    environment: 'live',
    plan: 'enterprise',
    requestId: 'req_test',
    ...extra,
  };
}

function keyActor(org: TestOrg, extra: Partial<Actor> = {}): Actor {
  return {
    kind: 'apiKey',
    tenantId: org.owner.tenantId,
    apiKeyId: 'key_test',
    environment: 'live',
    plan: 'enterprise',
    requestId: 'req_test',
    ...extra,
  };
}

const check = (actor: Actor, ns: string, action: 'read' | 'write') =>
  server.ctx.services.policies.checkNamespaceAccess(actor, ns, action);

describe('policies: happy path', () => {
  it('creates, gets, updates and deletes a policy, auditing each change', async () => {
    const org = await createOrg(server);
    const created = expectStatus(await createPolicy(org, { conditions: { role: 'developer' } }), 201).body.data;
    expect(created).toMatchObject({
      organizationId: org.id,
      name: 'Deny support writes',
      effect: 'deny',
      resource: 'namespace:*',
      action: 'write',
      conditions: { role: 'developer' },
      priority: 10,
    });
    const id = created.id;
    expect(id).toMatch(/^pol_/);

    const got = await policies(org).get({ params: one(org, id) });
    expect(expectStatus(got, 200).body.data).toEqual(created);

    const patched = await policies(org).update({
      params: one(org, id),
      body: { effect: 'allow', priority: 20, conditions: {} },
    });
    expect(expectStatus(patched, 200).body.data).toMatchObject({
      effect: 'allow',
      priority: 20,
      conditions: {},
      action: 'write',
    });

    const deleted = await policies(org).delete({ params: one(org, id) });
    expect(expectStatus(deleted, 200).body.data).toEqual({ id, deleted: true });
    const gone = await policies(org).get({ params: one(org, id) });
    expect(gone.status).toBe(404);

    const actions = (await auditActions(server, org)).map((e) => e.action);
    expect(actions.slice(0, 3)).toEqual(['policy.deleted', 'policy.updated', 'policy.created']);
  });

  it('lists in evaluation order (priority descending) across pages', async () => {
    const org = await createOrg(server);
    const low = await policyId(org, { priority: 1 });
    const high = await policyId(org, { priority: 100 });
    const mid = await policyId(org, { priority: 50 });
    const mid2 = await policyId(org, { priority: 50 });
    const first = expectStatus(await policies(org).list({ params: at(org), query: { limit: 2 } }), 200).body.data;
    expect(first.policies.map((p) => p.id)).toEqual([high, mid]);
    expect(first.pagination.hasMore).toBe(true);
    const cursor = first.pagination.cursor;
    const second = await policies(org).list({ params: at(org), query: { limit: 2, cursor } });
    const rest = expectStatus(second, 200).body.data;
    expect(rest.policies.map((p) => p.id)).toEqual([mid2, low]);
    expect(rest.pagination).toEqual({ hasMore: false });
  });
});

describe('policies: errors', () => {
  it.each([
    ['namespace', 'no id part'],
    ['namespace:', 'empty id'],
    [':abc', 'empty kind'],
    ['namepsace:*', 'unknown kind'],
    ['namespace:a b', 'space in id'],
    ['namespace:*:x', 'extra segment'],
  ])('refuses the resource pattern %s (%s) with 400 naming resource', async (resource) => {
    const org = await createOrg(server);
    const { error } = expectStatus(await createPolicy(org, { resource }), 400).body;
    expect(error.code).toBe('validation_error');
    expect(errorFields({ error })).toEqual(['resource']);
  });

  it('names every invalid field', async () => {
    const org = await createOrg(server);
    // Values and fields the contract does not have: this body goes over the raw wire.
    const res = await postRaw(server, `/v1/organizations/${org.id}/policies`, org.owner, {
      effect: 'maybe',
      resource: 'namespace:*',
      action: 'fly',
      priority: 1.5,
      conditions: { role: 'king', colour: 'red' },
    });
    expect(res.status).toBe(400);
    const fields = errorFields(res.body).sort();
    expect(fields).toEqual(['action', 'conditions.colour', 'conditions.role', 'effect', 'name', 'priority']);
  });

  it('refuses conditions naming a team or agent outside the organization', async () => {
    const org = await createOrg(server);
    const team = await createPolicy(org, { conditions: { team: 'team_nope' } });
    expect(errorFields(expectStatus(team, 400).body)[0]).toBe('conditions.team');
    const agent = await createPolicy(org, { conditions: { agent: 'agt_nope' } });
    expect(errorFields(expectStatus(agent, 400).body)[0]).toBe('conditions.agent');
    const ok = await createPolicy(org, { conditions: { team: await insertTeam(server, org) } });
    expect(ok.status).toBe(201);
  });

  it('answers 404 for unknown policies on PATCH and DELETE, 400 for an empty PATCH', async () => {
    const org = await createOrg(server);
    const patch = await policies(org).update({ params: one(org, 'pol_missing'), body: { priority: 1 } });
    expect(patch.status).toBe(404);
    const del = await policies(org).delete({ params: one(org, 'pol_missing') });
    expect(del.status).toBe(404);
    const id = await policyId(org);
    const empty = await policies(org).update({ params: one(org, id), body: {} });
    expect(empty.status).toBe(400);
  });
});

describe('policies: security', () => {
  it('answers 401 for an API key and without a token', async () => {
    const org = await createOrg(server);
    const key = await createApiKey(server, org.owner);
    expect((await policies(org, key).list({ params: at(org) })).status).toBe(401);
    expect((await server.api().policies.create({ params: at(org), body: policy() })).status).toBe(401);
  });

  it('lets a developer read but not create, change or delete policies (403)', async () => {
    const org = await createOrg(server);
    const id = await policyId(org);
    await setOwnerRole(server, org, 'developer');
    expect((await policies(org).list({ params: at(org) })).status).toBe(200);
    const create = await createPolicy(org);
    expect(expectStatus(create, 403).body.error.code).toBe('forbidden');
    const patch = await policies(org).update({ params: one(org, id), body: { priority: 1 } });
    expect(patch.status).toBe(403);
    expect((await policies(org).delete({ params: one(org, id) })).status).toBe(403);
    await setOwnerRole(server, org, 'viewer');
    expect((await policies(org).list({ params: at(org) })).status).toBe(403);
  });

  it("does not reveal or touch another tenant's policies (404)", async () => {
    const org = await createOrg(server);
    const id = await policyId(org);
    const stranger = await registerUser(server, 'stranger');
    const own = await createOrg(server, stranger);
    expect((await policies(own).get({ params: one(own, id) })).status).toBe(404);
    expect((await policies(own).delete({ params: one(own, id) })).status).toBe(404);
    expect((await policies(org, stranger).list({ params: at(org) })).status).toBe(404);
    const still = await policies(org).get({ params: one(org, id) });
    expect(still.status).toBe(200);
  });
});

describe('policies: namespace access decisions (checkNamespaceAccess)', () => {
  it('allows unregistered and unpoliced namespaces, denies restricted ones without an allow', async () => {
    const org = await createOrg(server);
    expect(await check(keyActor(org), 'default', 'write')).toMatchObject({ allowed: true, reason: 'default_allow' });
    const open = await namespace(org, 'open');
    expect((await check(keyActor(org), open.name, 'read')).allowed).toBe(true);
    const secret = await namespace(org, 'secret', 'restricted');
    const denied = await check(keyActor(org), secret.name, 'read');
    expect(denied).toMatchObject({ allowed: false, reason: 'restricted_default_deny', namespaceId: secret.id });
    // Referring to it by id is the same namespace.
    expect((await check(keyActor(org), secret.id, 'read')).allowed).toBe(false);

    const allow = await createPolicy(org, {
      effect: 'allow',
      resource: `namespace:${secret.name}`,
      action: 'read',
      priority: 1,
    });
    const allowed = await check(keyActor(org), secret.id, 'read');
    expect(allowed).toMatchObject({ allowed: true, reason: 'policy', policyId: expectStatus(allow, 201).body.data.id });
    expect((await check(keyActor(org), secret.id, 'write')).allowed).toBe(false);
  });

  it('applies priority and deny-wins, and picks up changes on the next check', async () => {
    const org = await createOrg(server);
    const ns = await namespace(org, 'ops');
    const deny = await policyId(org, { effect: 'deny', resource: `namespace:${ns.id}`, action: '*', priority: 5 });
    expect((await check(keyActor(org), ns.name, 'write')).allowed).toBe(false);
    const allow = await policyId(org, { effect: 'allow', resource: 'namespace:*', action: 'write', priority: 5 });
    expect(await check(keyActor(org), ns.name, 'write')).toMatchObject({ allowed: false, policyId: deny });
    await policies(org).update({ params: one(org, allow), body: { priority: 6 } });
    expect(await check(keyActor(org), ns.name, 'write')).toMatchObject({ allowed: true, policyId: allow });
    await policies(org).delete({ params: one(org, allow) });
    expect((await check(keyActor(org), ns.name, 'write')).allowed).toBe(false);
  });

  it('evaluates role and team conditions for users, and agent conditions for keys', async () => {
    const org = await createOrg(server);
    const ns = await namespace(org, 'hr', 'restricted');
    const team = await insertTeam(server, org, true);
    await createPolicy(org, {
      effect: 'allow',
      resource: `namespace:${ns.name}`,
      action: 'read',
      priority: 1,
      conditions: { team },
    });
    // The owner is in the team: allowed; a key without an agent is not.
    expect((await check(userActor(org), ns.name, 'read')).allowed).toBe(true);
    expect((await check(keyActor(org), ns.name, 'read')).allowed).toBe(false);
    await createPolicy(org, {
      effect: 'deny',
      resource: `namespace:${ns.name}`,
      action: 'read',
      priority: 2,
      conditions: { role: 'owner' },
    });
    expect(await check(userActor(org), ns.name, 'read')).toMatchObject({ allowed: false });
    await setOwnerRole(server, org, 'admin');
    expect((await check(userActor(org), ns.name, 'read')).allowed).toBe(true);
  });

  it('refuses a key bound to one namespace every other namespace', async () => {
    const org = await createOrg(server);
    const mine = await namespace(org, 'mine');
    const other = await namespace(org, 'other');
    const bound = keyActor(org, { namespaceId: mine.id });
    expect((await check(bound, mine.id, 'write')).allowed).toBe(true);
    expect((await check(bound, mine.name, 'write')).allowed).toBe(true);
    expect(await check(bound, other.name, 'read')).toMatchObject({ allowed: false, reason: 'key_namespace_mismatch' });
    expect((await check(bound, 'default', 'read')).allowed).toBe(false);
    await expect(server.ctx.services.policies.assertNamespaceAccess(bound, other.id, 'read')).rejects.toMatchObject({
      code: 'forbidden',
    });
  });

  it("never applies another tenant's policies", async () => {
    const org = await createOrg(server);
    const ns = await namespace(org, 'shared-name');
    await createPolicy(org, { effect: 'deny', resource: 'namespace:*', action: '*', priority: 1 });
    const stranger = await registerUser(server, 'stranger');
    const strangerOrg = await createOrg(server, stranger);
    // The same namespace name means nothing in another tenant: no record, no policy, allowed.
    expect((await check(keyActor(strangerOrg), ns.name, 'read')).allowed).toBe(true);
    expect((await check(keyActor(strangerOrg), ns.id, 'read')).allowed).toBe(true);
    expect((await check(keyActor(org), ns.id, 'read')).allowed).toBe(false);
  });
});

describe('policies: subjects made through the real member, team and agent routes', () => {
  it('applies team, role and agent conditions to an invited member and an agent-bound key', async () => {
    const org = await createOrg(server);
    const team = await server.api(org.owner).teams.create({
      params: at(org),
      body: { name: uniqueSlug('team'), description: 'Support' },
    });
    const teamId = expectStatus(team, 201).body.data.id;
    const dev = await addMember(server, org, 'developer', { teamIds: [teamId] });
    const agent = await server.api(org.owner).agents.create({
      params: at(org),
      body: { name: uniqueSlug('bot'), description: 'Helper', framework: 'custom', teamId, metadata: {} },
    });
    const agentId = expectStatus(agent, 201).body.data.id;

    // The invited developer may read policies but not write them.
    expect((await policies(org, dev).list({ params: at(org) })).status).toBe(200);
    expect((await createPolicy(org, {}, dev)).status).toBe(403);

    const ns = await namespace(org, 'team-only', 'restricted');
    await createPolicy(org, {
      effect: 'allow',
      resource: `namespace:${ns.id}`,
      action: '*',
      priority: 1,
      conditions: { team: teamId },
    });
    const devActor: Actor = { ...userActor(org), userId: dev.userId };
    expect((await check(devActor, ns.name, 'write')).allowed).toBe(true);
    // The agent belongs to the team, so its key is allowed too; a key without an agent is not.
    expect((await check(keyActor(org, { agentId }), ns.name, 'read')).allowed).toBe(true);
    expect((await check(keyActor(org), ns.name, 'read')).allowed).toBe(false);

    await createPolicy(org, {
      effect: 'deny',
      resource: `namespace:${ns.id}`,
      action: 'write',
      priority: 2,
      conditions: { role: 'developer' },
    });
    expect((await check(devActor, ns.name, 'write')).allowed).toBe(false);
    expect((await check(devActor, ns.name, 'read')).allowed).toBe(true);
    await createPolicy(org, {
      effect: 'deny',
      resource: 'namespace:*',
      action: 'read',
      priority: 3,
      conditions: { agent: agentId },
    });
    expect((await check(keyActor(org, { agentId }), ns.name, 'read')).allowed).toBe(false);
    expect((await check(devActor, ns.name, 'read')).allowed).toBe(true);
  });
});

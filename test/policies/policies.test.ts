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
  auth,
  bearer,
  createApiKey,
  createOrg,
  insertTeam,
  registerUser,
  setOwnerRole,
  type TestOrg,
  useTestServer,
} from '../helpers/index.js';

const server = useTestServer();

const base = (org: TestOrg) => `/v1/organizations/${org.id}/policies`;
const policy = (body: Record<string, unknown> = {}) => ({
  name: 'Deny support writes',
  effect: 'deny',
  resource: 'namespace:*',
  action: 'write',
  priority: 10,
  ...body,
});

async function createPolicy(org: TestOrg, body: Record<string, unknown> = {}) {
  return server.http().post(base(org)).set('Authorization', bearer(org.owner)).send(policy(body));
}

async function createNamespace(org: TestOrg, name: string, sensitivity = 'internal') {
  const res = await server
    .http()
    .post(`/v1/organizations/${org.id}/namespaces`)
    .set('Authorization', bearer(org.owner))
    .send({ name, sensitivity });
  if (res.status !== 201) throw new Error(`namespace failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data as { id: string; name: string };
}

const unique = (tag: string) => `${tag}-${process.pid}-${Math.random().toString(36).slice(2, 8)}`;

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
    const created = await createPolicy(org, { conditions: { role: 'developer' } });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({
      organizationId: org.id,
      name: 'Deny support writes',
      effect: 'deny',
      resource: 'namespace:*',
      action: 'write',
      conditions: { role: 'developer' },
      priority: 10,
    });
    const id = created.body.data.id;
    expect(id).toMatch(/^pol_/);

    const got = await server
      .http()
      .get(`${base(org)}/${id}`)
      .set('Authorization', bearer(org.owner));
    expect(got.body.data).toEqual(created.body.data);

    const patched = await server
      .http()
      .patch(`${base(org)}/${id}`)
      .set('Authorization', bearer(org.owner))
      .send({ effect: 'allow', priority: 20, conditions: {} });
    expect(patched.status).toBe(200);
    expect(patched.body.data).toMatchObject({ effect: 'allow', priority: 20, conditions: {}, action: 'write' });

    const deleted = await server
      .http()
      .delete(`${base(org)}/${id}`)
      .set('Authorization', bearer(org.owner));
    expect(deleted.status).toBe(200);
    expect(deleted.body.data).toEqual({ id, deleted: true });
    const gone = await server
      .http()
      .get(`${base(org)}/${id}`)
      .set('Authorization', bearer(org.owner));
    expect(gone.status).toBe(404);

    const actions = (await auditActions(server, org)).map((e) => e.action);
    expect(actions.slice(0, 3)).toEqual(['policy.deleted', 'policy.updated', 'policy.created']);
  });

  it('lists in evaluation order (priority descending) across pages', async () => {
    const org = await createOrg(server);
    const low = (await createPolicy(org, { priority: 1 })).body.data.id;
    const high = (await createPolicy(org, { priority: 100 })).body.data.id;
    const mid = (await createPolicy(org, { priority: 50 })).body.data.id;
    const mid2 = (await createPolicy(org, { priority: 50 })).body.data.id;
    const first = await server
      .http()
      .get(`${base(org)}?limit=2`)
      .set('Authorization', bearer(org.owner));
    expect(first.status).toBe(200);
    expect(first.body.data.policies.map((p: { id: string }) => p.id)).toEqual([high, mid]);
    expect(first.body.data.pagination.hasMore).toBe(true);
    const second = await server
      .http()
      .get(`${base(org)}?limit=2&cursor=${encodeURIComponent(first.body.data.pagination.cursor)}`)
      .set('Authorization', bearer(org.owner));
    expect(second.body.data.policies.map((p: { id: string }) => p.id)).toEqual([mid2, low]);
    expect(second.body.data.pagination).toEqual({ hasMore: false });
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
    const res = await createPolicy(org, { resource });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('validation_error');
    expect(res.body.error.details.map((d: { field: string }) => d.field)).toEqual(['resource']);
  });

  it('names every invalid field', async () => {
    const org = await createOrg(server);
    const res = await server
      .http()
      .post(base(org))
      .set('Authorization', bearer(org.owner))
      .send({
        effect: 'maybe',
        resource: 'namespace:*',
        action: 'fly',
        priority: 1.5,
        conditions: { role: 'king', colour: 'red' },
      });
    expect(res.status).toBe(400);
    const fields = res.body.error.details.map((d: { field: string }) => d.field).sort();
    expect(fields).toEqual(['action', 'conditions.colour', 'conditions.role', 'effect', 'name', 'priority']);
  });

  it('refuses conditions naming a team or agent outside the organization', async () => {
    const org = await createOrg(server);
    const team = await createPolicy(org, { conditions: { team: 'team_nope' } });
    expect(team.status).toBe(400);
    expect(team.body.error.details[0].field).toBe('conditions.team');
    const agent = await createPolicy(org, { conditions: { agent: 'agt_nope' } });
    expect(agent.status).toBe(400);
    expect(agent.body.error.details[0].field).toBe('conditions.agent');
    const ok = await createPolicy(org, { conditions: { team: await insertTeam(server, org) } });
    expect(ok.status).toBe(201);
  });

  it('answers 404 for unknown policies on PATCH and DELETE, 400 for an empty PATCH', async () => {
    const org = await createOrg(server);
    const patch = await server
      .http()
      .patch(`${base(org)}/pol_missing`)
      .set('Authorization', bearer(org.owner))
      .send({ priority: 1 });
    expect(patch.status).toBe(404);
    const del = await server
      .http()
      .delete(`${base(org)}/pol_missing`)
      .set('Authorization', bearer(org.owner));
    expect(del.status).toBe(404);
    const id = (await createPolicy(org)).body.data.id;
    const empty = await server
      .http()
      .patch(`${base(org)}/${id}`)
      .set('Authorization', bearer(org.owner))
      .send({});
    expect(empty.status).toBe(400);
  });
});

describe('policies: security', () => {
  it('answers 401 for an API key and without a token', async () => {
    const org = await createOrg(server);
    const key = await createApiKey(server, org.owner);
    expect((await server.http().get(base(org)).set(auth(key))).status).toBe(401);
    expect((await server.http().post(base(org)).send(policy())).status).toBe(401);
  });

  it('lets a developer read but not create, change or delete policies (403)', async () => {
    const org = await createOrg(server);
    const id = (await createPolicy(org)).body.data.id;
    await setOwnerRole(server, org, 'developer');
    expect((await server.http().get(base(org)).set('Authorization', bearer(org.owner))).status).toBe(200);
    const create = await createPolicy(org);
    expect(create.status).toBe(403);
    expect(create.body.error.code).toBe('forbidden');
    const patch = await server
      .http()
      .patch(`${base(org)}/${id}`)
      .set('Authorization', bearer(org.owner))
      .send({ priority: 1 });
    expect(patch.status).toBe(403);
    expect(
      (
        await server
          .http()
          .delete(`${base(org)}/${id}`)
          .set('Authorization', bearer(org.owner))
      ).status,
    ).toBe(403);
    await setOwnerRole(server, org, 'viewer');
    expect((await server.http().get(base(org)).set('Authorization', bearer(org.owner))).status).toBe(403);
  });

  it("does not reveal or touch another tenant's policies (404)", async () => {
    const org = await createOrg(server);
    const id = (await createPolicy(org)).body.data.id;
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
    expect(
      (
        await server
          .http()
          .delete(`${base(own)}/${id}`)
          .set('Authorization', bearer(stranger))
      ).status,
    ).toBe(404);
    expect((await server.http().get(base(org)).set('Authorization', bearer(stranger))).status).toBe(404);
    const still = await server
      .http()
      .get(`${base(org)}/${id}`)
      .set('Authorization', bearer(org.owner));
    expect(still.status).toBe(200);
  });
});

describe('policies: namespace access decisions (checkNamespaceAccess)', () => {
  it('allows unregistered and unpoliced namespaces, denies restricted ones without an allow', async () => {
    const org = await createOrg(server);
    expect(await check(keyActor(org), 'default', 'write')).toMatchObject({ allowed: true, reason: 'default_allow' });
    const open = await createNamespace(org, unique('open'));
    expect((await check(keyActor(org), open.name, 'read')).allowed).toBe(true);
    const secret = await createNamespace(org, unique('secret'), 'restricted');
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
    expect(allowed).toMatchObject({ allowed: true, reason: 'policy', policyId: allow.body.data.id });
    expect((await check(keyActor(org), secret.id, 'write')).allowed).toBe(false);
  });

  it('applies priority and deny-wins, and picks up changes on the next check', async () => {
    const org = await createOrg(server);
    const ns = await createNamespace(org, unique('ops'));
    const deny = await createPolicy(org, { effect: 'deny', resource: `namespace:${ns.id}`, action: '*', priority: 5 });
    expect((await check(keyActor(org), ns.name, 'write')).allowed).toBe(false);
    const allow = await createPolicy(org, { effect: 'allow', resource: 'namespace:*', action: 'write', priority: 5 });
    expect(await check(keyActor(org), ns.name, 'write')).toMatchObject({ allowed: false, policyId: deny.body.data.id });
    await server
      .http()
      .patch(`${base(org)}/${allow.body.data.id}`)
      .set('Authorization', bearer(org.owner))
      .send({ priority: 6 });
    expect(await check(keyActor(org), ns.name, 'write')).toMatchObject({ allowed: true, policyId: allow.body.data.id });
    await server
      .http()
      .delete(`${base(org)}/${allow.body.data.id}`)
      .set('Authorization', bearer(org.owner));
    expect((await check(keyActor(org), ns.name, 'write')).allowed).toBe(false);
  });

  it('evaluates role and team conditions for users, and agent conditions for keys', async () => {
    const org = await createOrg(server);
    const ns = await createNamespace(org, unique('hr'), 'restricted');
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
    const mine = await createNamespace(org, unique('mine'));
    const other = await createNamespace(org, unique('other'));
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
    const ns = await createNamespace(org, unique('shared-name'));
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
    const team = await server
      .http()
      .post(`/v1/organizations/${org.id}/teams`)
      .set('Authorization', bearer(org.owner))
      .send({ name: unique('team'), description: 'Support' });
    expect(team.status).toBe(201);
    const teamId = team.body.data.id;
    const dev = await addMember(server, org, 'developer', { teamIds: [teamId] });
    const agent = await server
      .http()
      .post(`/v1/organizations/${org.id}/agents`)
      .set('Authorization', bearer(org.owner))
      .send({ name: unique('bot'), description: 'Helper', framework: 'custom', teamId, metadata: {} });
    expect(agent.status).toBe(201);
    const agentId = agent.body.data.id;

    // The invited developer may read policies but not write them.
    expect((await server.http().get(base(org)).set('Authorization', bearer(dev))).status).toBe(200);
    expect((await server.http().post(base(org)).set('Authorization', bearer(dev)).send(policy())).status).toBe(403);

    const ns = await createNamespace(org, unique('team-only'), 'restricted');
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

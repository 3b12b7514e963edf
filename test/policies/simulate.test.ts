/**
 * POST /v1/organizations/:orgId/policies/simulate through the typed client: who may ask (role by
 * role), what it answers for keys and agents (default allow, restricted default deny, the deciding
 * policy by name, a key's scopes and binding), that it agrees with what a real request with the key
 * is answered, and that bad input is a 400 naming the field.
 */
import type { Role } from '@hx-memory/contract';
import { describe, expect, it } from 'vitest';
import {
  addMember,
  createAgent,
  createNamespace,
  createOrg,
  createTeam,
  expectStatus,
  must,
  type TestOrg,
  useTestServer,
} from '../helpers/index.js';

const server = useTestServer();

async function keyOf(
  org: TestOrg,
  body: { namespaceId?: string; agentId?: string; scopes?: ('read' | 'write' | 'delete')[] } = {},
) {
  const res = await server
    .api(org.owner)
    .apiKeys.create({ body: { name: 'sim key', environment: 'live', organizationId: org.id, ...body } });
  const data = must('api key', res, 201).body.data;
  return { id: data.id, secret: data.key };
}

async function policy(
  org: TestOrg,
  body: {
    name: string;
    effect: 'allow' | 'deny';
    resource: string;
    action: 'read' | 'write' | 'delete' | '*';
    priority: number;
    conditions?: { team?: string; agent?: string };
  },
) {
  const res = await server
    .api(org.owner)
    .policies.create({ params: { orgId: org.id }, body: { conditions: {}, ...body } });
  return must('policy', res, 201).body.data;
}

const simulate = (
  org: TestOrg,
  body: { keyId?: string; agentId?: string; namespace: string; action: 'read' | 'write' | 'delete' },
  as: { accessToken: string } = org.owner,
) => server.api(as).policies.simulate({ params: { orgId: org.id }, body });

describe('policy simulator: who may ask', () => {
  it('answers every role holding policy:read and refuses the viewer with 403', async () => {
    const org = await createOrg(server);
    const ns = await createNamespace(server, org);
    const key = await keyOf(org);
    const allowed: Role[] = ['admin', 'manager', 'developer', 'analyst'];
    for (const role of allowed) {
      const member = await addMember(server, org, role);
      const res = await simulate(org, { keyId: key.id, namespace: ns.name, action: 'read' }, member);
      expect(expectStatus(res, 200).body.data.allowed, role).toBe(true);
    }
    const owner = await simulate(org, { keyId: key.id, namespace: ns.name, action: 'read' });
    expect(expectStatus(owner, 200).body.data.reason).toBe('default_allow');
    const viewer = await addMember(server, org, 'viewer');
    const refused = await simulate(org, { keyId: key.id, namespace: ns.name, action: 'read' }, viewer);
    expect(expectStatus(refused, 403).body.error.code).toBe('forbidden');
  });

  it('hides another organization: 404 for its members, and for its keys, agents and namespaces', async () => {
    const org = await createOrg(server);
    const other = await createOrg(server);
    const ns = await createNamespace(server, org);
    const foreignNs = await createNamespace(server, other);
    const foreignAgent = await createAgent(server, other);
    const key = await keyOf(org);
    const outsider = await simulate(org, { keyId: key.id, namespace: ns.name, action: 'read' }, other.owner);
    expect(expectStatus(outsider, 404).body.error.code).toBe('not_found');
    const nsRes = await simulate(org, { keyId: key.id, namespace: foreignNs.name, action: 'read' });
    expect(expectStatus(nsRes, 404).body.error.message).toMatch(/Namespace/);
    const agentRes = await simulate(org, { agentId: foreignAgent, namespace: ns.name, action: 'read' });
    expect(expectStatus(agentRes, 404).body.error.message).toMatch(/Agent/);
    const keyRes = await simulate(org, { keyId: 'key_does_not_exist', namespace: ns.name, action: 'read' });
    expect(expectStatus(keyRes, 404).body.error.message).toMatch(/API key/);
  });
});

describe('policy simulator: decisions', () => {
  it('names the deciding policy and every match in evaluation order, as a real request is decided', async () => {
    const org = await createOrg(server);
    const ns = await createNamespace(server, org);
    const key = await keyOf(org);
    const low = await policy(org, {
      name: 'Allow all',
      effect: 'allow',
      resource: 'namespace:*',
      action: '*',
      priority: 1,
    });
    const deny = await policy(org, {
      name: 'No writes to this one',
      effect: 'deny',
      resource: `namespace:${ns.name}`,
      action: 'write',
      priority: 10,
    });
    const write = expectStatus(await simulate(org, { keyId: key.id, namespace: ns.id, action: 'write' }), 200).body
      .data;
    expect(write).toMatchObject({
      allowed: false,
      effect: 'deny',
      reason: 'policy',
      decidedBy: { policyId: deny.id, name: 'No writes to this one' },
      namespace: { id: ns.id, name: ns.name },
    });
    expect(write.matched.map((m) => m.id)).toEqual([deny.id, low.id]);
    expect(write.message).toContain('No writes to this one');
    const read = expectStatus(await simulate(org, { keyId: key.id, namespace: ns.name, action: 'read' }), 200).body
      .data;
    expect(read).toMatchObject({ allowed: true, reason: 'policy', decidedBy: { policyId: low.id, name: 'Allow all' } });

    // The real request with the same key is answered the same way.
    const captured = await server.api(key.secret).capture.capture({
      body: { type: 'message', sessionId: 's1', namespace: ns.name, payload: { role: 'user', content: 'hello' } },
    });
    expect(captured.status).toBe(403);
    const listed = await server.api(key.secret).memories.list({ query: { namespace: ns.name, limit: 5 } });
    expect(listed.status).toBe(200);
  });

  it("restricted namespaces are denied by default, and a team-conditioned allow lets the team's agent in", async () => {
    const org = await createOrg(server);
    const ns = await createNamespace(server, org, { sensitivity: 'restricted' });
    const team = await createTeam(server, org);
    const inTeam = await createAgent(server, org, { teamId: team });
    const outside = await createAgent(server, org);
    const before = expectStatus(await simulate(org, { agentId: inTeam, namespace: ns.name, action: 'read' }), 200).body
      .data;
    expect(before).toMatchObject({ allowed: false, reason: 'restricted_default_deny', decidedBy: null, matched: [] });
    const allow = await policy(org, {
      name: 'Team reads restricted',
      effect: 'allow',
      resource: `namespace:${ns.name}`,
      action: 'read',
      priority: 5,
      conditions: { team },
    });
    const after = expectStatus(await simulate(org, { agentId: inTeam, namespace: ns.name, action: 'read' }), 200).body
      .data;
    expect(after).toMatchObject({ allowed: true, reason: 'policy', decidedBy: { policyId: allow.id } });
    const other = expectStatus(await simulate(org, { agentId: outside, namespace: ns.name, action: 'read' }), 200).body
      .data;
    expect(other).toMatchObject({ allowed: false, reason: 'restricted_default_deny' });
  });

  it("a key's scopes and namespace binding decide before any policy", async () => {
    const org = await createOrg(server);
    const ns = await createNamespace(server, org);
    const otherNs = await createNamespace(server, org);
    const readOnly = await keyOf(org, { scopes: ['read'] });
    const bound = await keyOf(org, { namespaceId: ns.id });
    const noWrite = expectStatus(await simulate(org, { keyId: readOnly.id, namespace: ns.name, action: 'write' }), 200)
      .body.data;
    expect(noWrite).toMatchObject({ allowed: false, reason: 'key_scope_missing', decidedBy: null });
    const elsewhere = expectStatus(
      await simulate(org, { keyId: bound.id, namespace: otherNs.name, action: 'read' }),
      200,
    ).body.data;
    expect(elsewhere).toMatchObject({ allowed: false, reason: 'key_namespace_mismatch' });
    const home = expectStatus(await simulate(org, { keyId: bound.id, namespace: ns.name, action: 'write' }), 200).body
      .data;
    expect(home).toMatchObject({ allowed: true, reason: 'default_allow' });
    const revoke = await server.api(org.owner).apiKeys.revoke({ params: { id: bound.id } });
    expect(revoke.status).toBe(200);
    const revoked = expectStatus(await simulate(org, { keyId: bound.id, namespace: ns.name, action: 'read' }), 200).body
      .data;
    expect(revoked.reason).toBe('key_inactive');
  });

  it('refuses a body with both or neither of keyId and agentId, and an unknown action, naming the field', async () => {
    const org = await createOrg(server);
    const both = await server
      .http()
      .post(`/v1/organizations/${org.id}/policies/simulate`)
      .set('Authorization', `Bearer ${org.owner.accessToken}`)
      .send({ keyId: 'a', agentId: 'b', namespace: 'x', action: 'read' });
    expect(both.status).toBe(400);
    expect(JSON.stringify(both.body.error.details)).toContain('keyId');
    const action = await server
      .http()
      .post(`/v1/organizations/${org.id}/policies/simulate`)
      .set('Authorization', `Bearer ${org.owner.accessToken}`)
      .send({ keyId: 'a', namespace: 'x', action: 'admin' });
    expect(action.status).toBe(400);
    expect(JSON.stringify(action.body.error.details)).toContain('action');
  });
});

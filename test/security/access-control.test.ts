/**
 * Access control inside a tenant (issue 8), tried the way an insider would: keys never grant more
 * than their creator holds (scopes bounded by the role, tenant-wide keys only for the tenant owner,
 * revoked when the creator leaves or is demoted), namespace policies hold for every key whether or
 * not it names a namespace, and policy kinds that would never be enforced are refused.
 */
import type { Role } from '@hx-memory/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { addMember, bearer, createOrg, type TestOrg, useTestServer } from '../helpers/index.js';

const server = useTestServer();

const unique = (tag: string) => `${tag}-${process.pid}-${Math.random().toString(36).slice(2, 8)}`;

async function makeKey(user: { accessToken: string }, body: Record<string, unknown> = {}) {
  return server
    .http()
    .post('/v1/api-keys')
    .set('Authorization', bearer(user))
    .send({ name: 'k', environment: 'live', ...body });
}

async function keyFor(user: { accessToken: string }, body: Record<string, unknown> = {}): Promise<string> {
  const res = await makeKey(user, body);
  if (res.status !== 201) throw new Error(`key failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data.key;
}

const withKey = (key: string) => `Bearer ${key}`;

async function capture(key: string, content: string, extra: Record<string, unknown> = {}) {
  const res = await server
    .http()
    .post('/v1/capture')
    .set('Authorization', withKey(key))
    .send({ type: 'message', sessionId: unique('s'), payload: { role: 'user', content }, ...extra });
  if (res.status !== 201) throw new Error(`capture failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data.eventId as string;
}

async function learn(key: string) {
  const res = await server.http().post('/v1/learn').set('Authorization', withKey(key)).send({ wait: true });
  if (res.status !== 200) throw new Error(`learn failed: ${res.status} ${JSON.stringify(res.body)}`);
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

/** Everything an unbound read can reach without naming a namespace, as one string. */
async function readEverything(key: string, query: string) {
  const auth = withKey(key);
  const [synth, memories, artifacts] = await Promise.all([
    server.http().post('/v1/synthesize').set('Authorization', auth).send({ query }),
    server.http().get('/v1/memories?limit=100').set('Authorization', auth),
    server.http().get('/v1/artifacts?limit=100').set('Authorization', auth),
  ]);
  expect(synth.status).toBe(200);
  expect(memories.status).toBe(200);
  expect(artifacts.status).toBe(200);
  return JSON.stringify([synth.body.data, memories.body.data, artifacts.body.data]);
}

describe('keys are bounded by their creator', () => {
  let org: TestOrg;
  beforeAll(async () => {
    org = await createOrg(server);
  });

  it('an invited viewer cannot mint a tenant-wide key (finding 1)', async () => {
    const viewer = await addMember(server, org, 'viewer');
    const res = await makeKey(viewer);
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('forbidden');
    expect(res.body.error.details?.[0]?.field).toBe('organizationId');
  });

  it("a viewer's org key reads but neither writes nor erases", async () => {
    const viewer = await addMember(server, org, 'viewer');
    const res = await makeKey(viewer, { organizationId: org.id });
    expect(res.status).toBe(201);
    expect(res.body.data.scopes).toEqual(['read']);
    const key = res.body.data.key as string;
    const read = await server.http().post('/v1/synthesize').set('Authorization', withKey(key)).send({ query: 'x' });
    expect(read.status).toBe(200);
    const erase = await server
      .http()
      .delete(`/v1/subjects/${unique('subj')}`)
      .set('Authorization', withKey(key));
    expect(erase.status).toBe(403);
    expect(erase.body.error.message).toMatch(/delete/);
    const write = await server
      .http()
      .post('/v1/capture')
      .set('Authorization', withKey(key))
      .send({ type: 'message', sessionId: 's', payload: { role: 'user', content: 'hi' } });
    expect(write.status).toBe(403);
  });

  it('a scope beyond the role is refused, naming scopes', async () => {
    const viewer = await addMember(server, org, 'viewer');
    const res = await makeKey(viewer, { organizationId: org.id, scopes: ['read', 'delete'] });
    expect(res.status).toBe(403);
    expect(res.body.error.details?.[0]?.field).toBe('scopes');
  });

  it.each<[Role, string[]]>([
    ['owner', ['read', 'write', 'delete']],
    ['admin', ['read', 'write', 'delete']],
    ['manager', ['read', 'write']],
    ['developer', ['read', 'write']],
    ['analyst', ['read']],
    ['viewer', ['read']],
  ])('a %s gets at most %j in the organization', async (role, scopes) => {
    const member = await addMember(server, org, role);
    const res = await makeKey(member, { organizationId: org.id });
    expect(res.status).toBe(201);
    expect(res.body.data.scopes).toEqual(scopes);
    expect((await makeKey(member)).status).toBe(403);
  });

  it('a member cannot bind a key to an organization they do not belong to', async () => {
    const other = await createOrg(server, org.owner, 'Other');
    const dev = await addMember(server, org, 'developer');
    const res = await makeKey(dev, { organizationId: other.id });
    expect(res.status).toBe(404);
  });

  it('the tenant owner makes tenant-wide keys with every scope, or fewer on request', async () => {
    const all = await makeKey(org.owner);
    expect(all.status).toBe(201);
    expect(all.body.data.scopes).toEqual(['read', 'write', 'delete']);
    const readOnly = await makeKey(org.owner, { scopes: ['read'] });
    expect(readOnly.body.data.scopes).toEqual(['read']);
    const erase = await server
      .http()
      .delete(`/v1/subjects/${unique('subj')}`)
      .set('Authorization', withKey(readOnly.body.data.key));
    expect(erase.status).toBe(403);
  });

  it('removing a member revokes their keys; demoting revokes the keys above the new role', async () => {
    const dev = await addMember(server, org, 'developer');
    const writer = await keyFor(dev, { organizationId: org.id });
    const reader = await keyFor(dev, { organizationId: org.id, scopes: ['read'] });
    const demote = await server
      .http()
      .patch(`/v1/organizations/${org.id}/members/${dev.memberId}`)
      .set('Authorization', bearer(org.owner))
      .send({ role: 'viewer' });
    expect(demote.status).toBe(200);
    const afterDemote = (key: string) =>
      server.http().post('/v1/synthesize').set('Authorization', withKey(key)).send({ query: 'x' });
    expect((await afterDemote(writer)).status).toBe(401);
    expect((await afterDemote(reader)).status).toBe(200);
    const remove = await server
      .http()
      .delete(`/v1/organizations/${org.id}/members/${dev.memberId}`)
      .set('Authorization', bearer(org.owner));
    expect(remove.status).toBe(200);
    expect((await afterDemote(reader)).status).toBe(401);
  });
});

describe('namespace policies hold for every key (finding 2)', () => {
  it('a denied namespace is left out of unnamed reads by unbound and org-bound keys', async () => {
    const org = await createOrg(server);
    const secret = await createNamespace(org, unique('hr'));
    const open = await createNamespace(org, unique('pub'));
    const ownerKey = await keyFor(org.owner);
    await capture(ownerKey, 'Zanzibar payroll figures are confidential', { namespace: secret.name });
    await capture(ownerKey, 'Zanzibar office opens at nine', { namespace: open.name });
    await learn(ownerKey);

    const deny = await server
      .http()
      .post(`/v1/organizations/${org.id}/policies`)
      .set('Authorization', bearer(org.owner))
      .send({ name: 'deny hr', effect: 'deny', resource: `namespace:${secret.id}`, action: '*', priority: 100 });
    expect(deny.status).toBe(201);

    const dev = await addMember(server, org, 'developer');
    const orgKey = await keyFor(dev, { organizationId: org.id });
    for (const key of [ownerKey, orgKey]) {
      const seen = await readEverything(key, 'Zanzibar payroll office');
      expect(seen).toContain('office opens at nine');
      expect(seen).not.toContain('payroll');
      // Naming the namespace is refused, as before.
      const named = await server
        .http()
        .post('/v1/synthesize')
        .set('Authorization', withKey(key))
        .send({ query: 'payroll', namespace: secret.name });
      expect(named.status).toBe(403);
    }
  });

  it('a restricted namespace without an allow policy is left out of unnamed reads', async () => {
    const org = await createOrg(server);
    const vaulted = await createNamespace(org, unique('legal'), 'restricted');
    const ownerKey = await keyFor(org.owner);
    // Writes to a restricted namespace need an allow; grant writes only.
    const allowWrite = await server
      .http()
      .post(`/v1/organizations/${org.id}/policies`)
      .set('Authorization', bearer(org.owner))
      .send({
        name: 'write legal',
        effect: 'allow',
        resource: `namespace:${vaulted.id}`,
        action: 'write',
        priority: 1,
      });
    expect(allowWrite.status).toBe(201);
    await capture(ownerKey, 'Quokka settlement terms are sealed', { namespace: vaulted.name });
    await capture(ownerKey, 'Quokka lunch is on Friday');
    await learn(ownerKey);
    const seen = await readEverything(ownerKey, 'Quokka settlement lunch');
    expect(seen).toContain('lunch is on Friday');
    expect(seen).not.toContain('settlement');
  });

  it('forgetting a subject spares the namespaces the key may not delete in', async () => {
    const org = await createOrg(server);
    const kept = await createNamespace(org, unique('kept'));
    const ownerKey = await keyFor(org.owner);
    const subjectId = unique('subject');
    await capture(ownerKey, 'Wombat likes tea', { subjectId, namespace: kept.name });
    await capture(ownerKey, 'Wombat likes coffee', { subjectId });
    const deny = await server
      .http()
      .post(`/v1/organizations/${org.id}/policies`)
      .set('Authorization', bearer(org.owner))
      .send({ name: 'keep', effect: 'deny', resource: `namespace:${kept.id}`, action: 'delete', priority: 5 });
    expect(deny.status).toBe(201);
    const erase = await server.http().delete(`/v1/subjects/${subjectId}`).set('Authorization', withKey(ownerKey));
    expect(erase.status).toBe(200);
    expect(erase.body.data.deleted.events).toBe(1);
    const seen = await readEverything(ownerKey, 'Wombat tea coffee');
    expect(seen).toContain('tea');
    expect(seen).not.toContain('coffee');
  });
});

describe('policy kinds that are not enforced are refused (finding 3)', () => {
  it.each(['artifact:*', 'memory:*', 'event:*', 'vault:*', 'agent:*'])(
    '%s answers 400 naming resource',
    async (resource) => {
      const org = await createOrg(server);
      const res = await server
        .http()
        .post(`/v1/organizations/${org.id}/policies`)
        .set('Authorization', bearer(org.owner))
        .send({ name: 'p', effect: 'deny', resource, action: '*', priority: 1 });
      expect(res.status).toBe(400);
      expect(res.body.error.details.map((d: { field: string }) => d.field)).toContain('resource');
    },
  );

  it('namespace:* and *:* are accepted', async () => {
    const org = await createOrg(server);
    for (const resource of ['namespace:*', '*:*']) {
      const res = await server
        .http()
        .post(`/v1/organizations/${org.id}/policies`)
        .set('Authorization', bearer(org.owner))
        .send({ name: 'p', effect: 'allow', resource, action: 'read', priority: 1 });
      expect(res.status).toBe(201);
    }
  });
});

/**
 * Access control inside a tenant (issue 8), tried the way an insider would: keys never grant more
 * than their creator holds (scopes bounded by the role, tenant-wide keys only for the tenant owner,
 * revoked when the creator leaves or is demoted), namespace policies hold for every key whether or
 * not it names a namespace, and policy kinds that would never be enforced are refused.
 */
import type { Role } from '@hx-memory/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  addMember,
  createNamespace,
  createOrg,
  errorFields,
  expectStatus,
  type HxTestClient,
  type TestOrg,
  uniqueSlug,
  useTestServer,
} from '../helpers/index.js';

const server = useTestServer();

type KeyBody = Partial<Parameters<HxTestClient['apiKeys']['create']>[0]['body']>;
type CaptureBody = Parameters<HxTestClient['capture']['capture']>[0]['body'];
type PolicyBody = Parameters<HxTestClient['policies']['create']>[0]['body'];

const makeKey = (user: { accessToken: string }, body: KeyBody = {}) =>
  server.api(user).apiKeys.create({ body: { name: 'k', environment: 'live', ...body } });

async function keyFor(user: { accessToken: string }, body: KeyBody = {}): Promise<string> {
  const res = await makeKey(user, body);
  if (res.status !== 201) throw new Error(`key failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data.key;
}

async function capture(key: string, content: string, extra: Partial<CaptureBody> = {}) {
  const res = await server.api(key).capture.capture({
    body: { type: 'message', sessionId: uniqueSlug('s'), payload: { role: 'user', content }, ...extra },
  });
  if (res.status !== 201) throw new Error(`capture failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data.eventId;
}

async function learn(key: string) {
  const res = await server.api(key).learn.learn({ body: { wait: true } });
  if (res.status !== 200) throw new Error(`learn failed: ${res.status} ${JSON.stringify(res.body)}`);
}

/** A policy of the organization, made by its owner: `effect` of `action` on `resource` at `priority`. */
const createPolicy = (
  org: TestOrg,
  [effect, resource, action, priority]: [PolicyBody['effect'], string, PolicyBody['action'], number],
  name = 'p',
) =>
  server
    .api(org.owner)
    .policies.create({ params: { orgId: org.id }, body: { name, effect, resource, action, priority } });

const synthesize = (key: string, query: string, namespace?: string) =>
  server.api(key).synthesize.synthesize({ body: { query, ...(namespace ? { namespace } : {}) } });

const forget = (key: string, subjectId: string) => server.api(key).memories.forgetSubject({ params: { subjectId } });

/** Everything an unbound read can reach without naming a namespace, as one string. */
async function readEverything(key: string, query: string) {
  const api = server.api(key);
  const [synth, memories, artifacts] = await Promise.all([
    api.synthesize.synthesize({ body: { query } }),
    api.memories.list({ query: { limit: 100 } }),
    api.artifacts.list({ query: { limit: 100 } }),
  ]);
  return JSON.stringify([
    expectStatus(synth, 200).body.data,
    expectStatus(memories, 200).body.data,
    expectStatus(artifacts, 200).body.data,
  ]);
}

describe('keys are bounded by their creator', () => {
  let org: TestOrg;
  beforeAll(async () => {
    org = await createOrg(server);
  });

  it('an invited viewer cannot mint a tenant-wide key (finding 1)', async () => {
    const viewer = await addMember(server, org, 'viewer');
    const { error } = expectStatus(await makeKey(viewer), 403).body;
    expect(error.code).toBe('forbidden');
    expect(error.details?.[0]?.field).toBe('organizationId');
  });

  it("a viewer's org key reads but neither writes nor erases", async () => {
    const viewer = await addMember(server, org, 'viewer');
    const made = expectStatus(await makeKey(viewer, { organizationId: org.id }), 201).body.data;
    expect(made.scopes).toEqual(['read']);
    const key = made.key;
    const read = await synthesize(key, 'x');
    expect(read.status).toBe(200);
    const erase = await forget(key, uniqueSlug('subj'));
    expect(expectStatus(erase, 403).body.error.message).toMatch(/delete/);
    const write = await server.api(key).capture.capture({
      body: { type: 'message', sessionId: 's', payload: { role: 'user', content: 'hi' } },
    });
    expect(write.status).toBe(403);
  });

  it('a scope beyond the role is refused, naming scopes', async () => {
    const viewer = await addMember(server, org, 'viewer');
    const res = await makeKey(viewer, { organizationId: org.id, scopes: ['read', 'delete'] });
    expect(expectStatus(res, 403).body.error.details?.[0]?.field).toBe('scopes');
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
    expect(expectStatus(res, 201).body.data.scopes).toEqual(scopes);
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
    expect(expectStatus(all, 201).body.data.scopes).toEqual(['read', 'write', 'delete']);
    const readOnly = expectStatus(await makeKey(org.owner, { scopes: ['read'] }), 201).body.data;
    expect(readOnly.scopes).toEqual(['read']);
    const erase = await forget(readOnly.key, uniqueSlug('subj'));
    expect(erase.status).toBe(403);
  });

  it('removing a member revokes their keys; demoting revokes the keys above the new role', async () => {
    const dev = await addMember(server, org, 'developer');
    const writer = await keyFor(dev, { organizationId: org.id });
    const reader = await keyFor(dev, { organizationId: org.id, scopes: ['read'] });
    const members = server.api(org.owner).members;
    const params = { orgId: org.id, memberId: dev.memberId };
    const demote = await members.update({ params, body: { role: 'viewer' } });
    expect(demote.status).toBe(200);
    const afterDemote = (key: string) => synthesize(key, 'x');
    expect((await afterDemote(writer)).status).toBe(401);
    expect((await afterDemote(reader)).status).toBe(200);
    const remove = await members.remove({ params });
    expect(remove.status).toBe(200);
    expect((await afterDemote(reader)).status).toBe(401);
  });
});

describe('namespace policies hold for every key (finding 2)', () => {
  it('a denied namespace is left out of unnamed reads by unbound and org-bound keys', async () => {
    const org = await createOrg(server);
    const secret = await createNamespace(server, org, { name: uniqueSlug('hr') });
    const open = await createNamespace(server, org, { name: uniqueSlug('pub') });
    const ownerKey = await keyFor(org.owner);
    await capture(ownerKey, 'Zanzibar payroll figures are confidential', { namespace: secret.name });
    await capture(ownerKey, 'Zanzibar office opens at nine', { namespace: open.name });
    await learn(ownerKey);

    const deny = await createPolicy(org, ['deny', `namespace:${secret.id}`, '*', 100], 'deny hr');
    expect(deny.status).toBe(201);

    const dev = await addMember(server, org, 'developer');
    const orgKey = await keyFor(dev, { organizationId: org.id });
    for (const key of [ownerKey, orgKey]) {
      const seen = await readEverything(key, 'Zanzibar payroll office');
      expect(seen).toContain('office opens at nine');
      expect(seen).not.toContain('payroll');
      // Naming the namespace is refused, as before.
      const named = await synthesize(key, 'payroll', secret.name);
      expect(named.status).toBe(403);
    }
  });

  it('a restricted namespace without an allow policy is left out of unnamed reads', async () => {
    const org = await createOrg(server);
    const vaulted = await createNamespace(server, org, { name: uniqueSlug('legal'), sensitivity: 'restricted' });
    const ownerKey = await keyFor(org.owner);
    // Writes to a restricted namespace need an allow; grant writes only.
    const allowWrite = await createPolicy(org, ['allow', `namespace:${vaulted.id}`, 'write', 1], 'write legal');
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
    const kept = await createNamespace(server, org, { name: uniqueSlug('kept') });
    const ownerKey = await keyFor(org.owner);
    const subjectId = uniqueSlug('subject');
    await capture(ownerKey, 'Wombat likes tea', { subjectId, namespace: kept.name });
    await capture(ownerKey, 'Wombat likes coffee', { subjectId });
    const deny = await createPolicy(org, ['deny', `namespace:${kept.id}`, 'delete', 5], 'keep');
    expect(deny.status).toBe(201);
    const erase = await forget(ownerKey, subjectId);
    expect(expectStatus(erase, 200).body.data.deleted.events).toBe(1);
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
      const res = await createPolicy(org, ['deny', resource, '*', 1]);
      expect(errorFields(expectStatus(res, 400).body)).toContain('resource');
    },
  );

  it('namespace:* and *:* are accepted', async () => {
    const org = await createOrg(server);
    for (const resource of ['namespace:*', '*:*']) {
      const res = await createPolicy(org, ['allow', resource, 'read', 1]);
      expect(res.status).toBe(201);
    }
  });
});

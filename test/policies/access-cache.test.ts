/**
 * Namespace access decisions are served from a per-tenant snapshot cached in process (policies,
 * namespaces, memberships, teams, agents; services/enterprise/policies/access-snapshot.ts). These
 * tests warm that cache with a request, change access through the API, and expect the very next
 * request to see the change: on one instance, and (with CI's PostgreSQL and Redis) on a second
 * instance whose cache is warm.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  addMember,
  createApiKey,
  createNamespace,
  createOrg,
  createTeam,
  expectStatus,
  type HxTestClient,
  insertMemory,
  type TestOrg,
  type TestServer,
  uniqueSlug,
  useTestServer,
  useTestServers,
} from '../helpers/index.js';

type PolicyBody = Partial<Parameters<HxTestClient['policies']['create']>[0]['body']>;

async function createPolicy(server: TestServer, org: TestOrg, body: PolicyBody) {
  const res = await server.api(org.owner).policies.create({
    params: { orgId: org.id },
    body: { name: 'p', effect: 'deny', action: 'read', priority: 10, resource: 'namespace:*', ...body },
  });
  return expectStatus(res, 201).body.data;
}

/** A read of the namespace with the key: 200 when allowed, 403 when a policy denies it. */
const readStatus = async (server: TestServer, key: string, namespace: string) =>
  (await server.api(key).memories.list({ query: { namespace, limit: 1 } })).status;

/** A read naming no namespace covers every namespace but the denied ones: ids of what it sees. */
const visibleMemoryNamespaces = async (server: TestServer, key: string) => {
  const res = await server.api(key).memories.list({ query: { limit: 100 } });
  return new Set(expectStatus(res, 200).body.data.memories.map((m) => m.namespace));
};

describe('access decisions follow every change at once (one instance)', () => {
  const server = useTestServer();
  let org: TestOrg;
  let key: string;
  /** The owner's typed client, and the organization's path params. */
  const owner = () => server.api(org.owner);
  const at = () => ({ orgId: org.id });
  beforeAll(async () => {
    org = await createOrg(server);
    key = await createApiKey(server, org.owner, { organizationId: org.id });
  });

  it('a policy created, updated and deleted takes effect on the next request', async () => {
    const ns = await createNamespace(server, org);
    expect(await readStatus(server, key, ns.name)).toBe(200);
    expect(await readStatus(server, key, ns.name)).toBe(200);
    const policy = await createPolicy(server, org, { resource: `namespace:${ns.name}` });
    expect(await readStatus(server, key, ns.name)).toBe(403);
    const params = { ...at(), policyId: policy.id };
    const patched = await owner().policies.update({ params, body: { action: 'write' } });
    expect(patched.status).toBe(200);
    expect(await readStatus(server, key, ns.name)).toBe(200);
    await owner().policies.update({ params, body: { action: 'read' } });
    expect(await readStatus(server, key, ns.name)).toBe(403);
    const deleted = await owner().policies.delete({ params });
    expect(deleted.status).toBe(200);
    expect(await readStatus(server, key, ns.name)).toBe(200);
  });

  it('a namespace made restricted is refused on the next request, and reads naming none leave it out', async () => {
    const ns = await createNamespace(server, org);
    await insertMemory(server, org.owner.tenantId, { namespace: ns.id, content: `a note ${randomUUID()}` });
    expect(await readStatus(server, key, ns.name)).toBe(200);
    const before = await visibleMemoryNamespaces(server, key);
    expect([...before].some((n) => n === ns.id || n === ns.name)).toBe(true);

    const restricted = await owner().namespaces.update({
      params: { ...at(), namespaceId: ns.id },
      body: { sensitivity: 'restricted' },
    });
    expect(restricted.status).toBe(200);
    expect(await readStatus(server, key, ns.name)).toBe(403);
    const after = await visibleMemoryNamespaces(server, key);
    expect([...after].some((n) => n === ns.id || n === ns.name)).toBe(false);
  });

  it('a namespace registered after the cache was warm is governed at once', async () => {
    const name = uniqueSlug('late');
    // Unregistered names are the owner's own data: only the owner's unbound key reaches them.
    const ownerKey = await createApiKey(server, org.owner);
    // Unregistered and never used: allowed by default but it does not exist (404, answered after the
    // access check), and the tenant's snapshot is now cached without it.
    expect(await readStatus(server, ownerKey, name)).toBe(404);
    expect(await readStatus(server, key, name)).toBe(403);
    const res = await owner().namespaces.create({ params: at(), body: { name, sensitivity: 'restricted' } });
    expect(res.status).toBe(201);
    expect(await readStatus(server, ownerKey, name)).toBe(403);
  });

  it("a member's role change and team membership reach the next request (lineage reads as that user)", async () => {
    const ns = await createNamespace(server, org);
    const memory = await insertMemory(server, org.owner.tenantId, { namespace: ns.name, content: 'budget is 40k' });
    const analyst = await addMember(server, org, 'analyst');
    const lineage = async () =>
      (await server.api(analyst).lineage.get({ params: { ...at(), memoryId: memory } })).status;
    await createPolicy(server, org, { resource: `namespace:${ns.name}`, conditions: { role: 'analyst' } });
    expect(await lineage()).toBe(403);
    expect(await lineage()).toBe(403);

    // Role analyst -> developer: the deny names analysts only (developers read lineage too).
    const changed = await owner().members.update({
      params: { ...at(), memberId: analyst.memberId },
      body: { role: 'developer' },
    });
    expect(changed.status).toBe(200);
    expect(await lineage()).toBe(200);

    // A deny for a team, then the member added to that team.
    const team = await createTeam(server, org);
    await createPolicy(server, org, { resource: `namespace:${ns.name}`, conditions: { team }, priority: 20 });
    expect(await lineage()).toBe(200);
    const joined = await owner().teams.update({
      params: { ...at(), teamId: team },
      body: { memberIds: [analyst.memberId] },
    });
    expect(joined.status).toBe(200);
    expect(await lineage()).toBe(403);
  });

  it('an agent moved into a denied team loses access on the next request, and regains it when moved out', async () => {
    const ns = await createNamespace(server, org);
    const team = await owner().teams.create({ params: at(), body: { name: uniqueSlug('team') } });
    const teamId = expectStatus(team, 201).body.data.id;
    const agent = await owner().agents.create({ params: at(), body: { name: uniqueSlug('agent') } });
    const agentId = expectStatus(agent, 201).body.data.id;
    const agentKey = await createApiKey(server, org.owner, { agentId });
    await createPolicy(server, org, { resource: `namespace:${ns.name}`, conditions: { team: teamId } });
    expect(await readStatus(server, agentKey, ns.name)).toBe(200);
    expect(await readStatus(server, agentKey, ns.name)).toBe(200);

    const moved = await owner().agents.update({ params: { ...at(), agentId }, body: { teamId } });
    expect(moved.status).toBe(200);
    expect(await readStatus(server, agentKey, ns.name)).toBe(403);

    const teamGone = await owner().teams.delete({ params: { ...at(), teamId } });
    expect(teamGone.status).toBe(200);
    expect(await readStatus(server, agentKey, ns.name)).toBe(200);
  });
});

const shared = Boolean(process.env.REDIS_URL && process.env.DATABASE_URL);

describe.skipIf(!shared)('access decisions across two instances on one PostgreSQL and one Redis', () => {
  const [a, b] = useTestServers(2, { RATE_LIMIT_PREFIX: `hx-test:${randomUUID()}` });

  it('a deny policy created on one instance is enforced by the other at once while its cache is warm', async () => {
    const org = await createOrg(a);
    const key = await createApiKey(a, org.owner, { organizationId: org.id });
    const ns = await createNamespace(a, org);
    for (const server of [a, b, b]) expect(await readStatus(server, key, ns.name)).toBe(200);
    const policy = await createPolicy(a, org, { resource: `namespace:${ns.id}` });
    for (const server of [b, a, b]) expect(await readStatus(server, key, ns.name)).toBe(403);
    await a.api(org.owner).policies.delete({ params: { orgId: org.id, policyId: policy.id } });
    for (const server of [b, a]) expect(await readStatus(server, key, ns.name)).toBe(200);
  });
});

/**
 * Namespace access decisions are served from a per-tenant snapshot cached in process (policies,
 * namespaces, memberships, teams, agents; services/enterprise/policies/access-snapshot.ts). These
 * tests warm that cache with a request, change access through the API, and expect the very next
 * request to see the change: on one instance, and (with CI's PostgreSQL and Redis) on a second
 * instance whose cache is warm.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  useTestServer,
  addMember,
  auth,
  bearer,
  createApiKey,
  createOrg,
  insertMemory,
  startTestServer,
  type TestOrg,
  type TestServer,
} from '../helpers/index.js';

const unique = (tag: string) => `${tag}-${process.pid}-${Math.random().toString(36).slice(2, 8)}`;

async function createNamespace(server: TestServer, org: TestOrg, sensitivity = 'internal') {
  const res = await server
    .http()
    .post(`/v1/organizations/${org.id}/namespaces`)
    .set('Authorization', bearer(org.owner))
    .send({ name: unique('ns'), sensitivity });
  expect(res.status).toBe(201);
  return res.body.data as { id: string; name: string };
}

async function createPolicy(server: TestServer, org: TestOrg, body: Record<string, unknown>) {
  const res = await server
    .http()
    .post(`/v1/organizations/${org.id}/policies`)
    .set('Authorization', bearer(org.owner))
    .send({ name: 'p', effect: 'deny', action: 'read', priority: 10, ...body });
  expect(res.status).toBe(201);
  return res.body.data as { id: string };
}

/** A read of the namespace with the key: 200 when allowed, 403 when a policy denies it. */
const readStatus = async (server: TestServer, key: string, namespace: string) =>
  (await server.http().get(`/v1/memories?namespace=${namespace}&limit=1`).set(auth(key))).status;

/** A read naming no namespace covers every namespace but the denied ones: ids of what it sees. */
const visibleMemoryNamespaces = async (server: TestServer, key: string) => {
  const res = await server.http().get('/v1/memories?limit=100').set(auth(key));
  expect(res.status).toBe(200);
  return new Set((res.body.data.memories as Array<{ namespace: string }>).map((m) => m.namespace));
};

describe('access decisions follow every change at once (one instance)', () => {
  const server = useTestServer();
  let org: TestOrg;
  let key: string;
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
    const patched = await server
      .http()
      .patch(`/v1/organizations/${org.id}/policies/${policy.id}`)
      .set('Authorization', bearer(org.owner))
      .send({ action: 'write' });
    expect(patched.status).toBe(200);
    expect(await readStatus(server, key, ns.name)).toBe(200);
    await server
      .http()
      .patch(`/v1/organizations/${org.id}/policies/${policy.id}`)
      .set('Authorization', bearer(org.owner))
      .send({ action: 'read' });
    expect(await readStatus(server, key, ns.name)).toBe(403);
    const deleted = await server
      .http()
      .delete(`/v1/organizations/${org.id}/policies/${policy.id}`)
      .set('Authorization', bearer(org.owner));
    expect(deleted.status).toBe(200);
    expect(await readStatus(server, key, ns.name)).toBe(200);
  });

  it('a namespace made restricted is refused on the next request, and reads naming none leave it out', async () => {
    const ns = await createNamespace(server, org);
    await insertMemory(server, org.owner.tenantId, { namespace: ns.id, content: `a note ${randomUUID()}` });
    expect(await readStatus(server, key, ns.name)).toBe(200);
    const before = await visibleMemoryNamespaces(server, key);
    expect([...before].some((n) => n === ns.id || n === ns.name)).toBe(true);

    const restricted = await server
      .http()
      .patch(`/v1/organizations/${org.id}/namespaces/${ns.id}`)
      .set('Authorization', bearer(org.owner))
      .send({ sensitivity: 'restricted' });
    expect(restricted.status).toBe(200);
    expect(await readStatus(server, key, ns.name)).toBe(403);
    const after = await visibleMemoryNamespaces(server, key);
    expect([...after].some((n) => n === ns.id || n === ns.name)).toBe(false);
  });

  it('a namespace registered after the cache was warm is governed at once', async () => {
    const name = unique('late');
    // Unregistered names are the owner's own data: only the owner's unbound key reaches them.
    const ownerKey = await createApiKey(server, org.owner);
    // Unregistered: allowed by default, and the tenant's snapshot is now cached without it.
    expect(await readStatus(server, ownerKey, name)).toBe(200);
    expect(await readStatus(server, key, name)).toBe(403);
    const res = await server
      .http()
      .post(`/v1/organizations/${org.id}/namespaces`)
      .set('Authorization', bearer(org.owner))
      .send({ name, sensitivity: 'restricted' });
    expect(res.status).toBe(201);
    expect(await readStatus(server, ownerKey, name)).toBe(403);
  });

  it("a member's role change and team membership reach the next request (lineage reads as that user)", async () => {
    const ns = await createNamespace(server, org);
    const memory = await insertMemory(server, org.owner.tenantId, { namespace: ns.name, content: 'budget is 40k' });
    const analyst = await addMember(server, org, 'analyst');
    const lineage = async () =>
      (await server.http().get(`/v1/organizations/${org.id}/lineage/${memory}`).set('Authorization', bearer(analyst)))
        .status;
    await createPolicy(server, org, { resource: `namespace:${ns.name}`, conditions: { role: 'analyst' } });
    expect(await lineage()).toBe(403);
    expect(await lineage()).toBe(403);

    // Role analyst -> developer: the deny names analysts only (developers read lineage too).
    const changed = await server
      .http()
      .patch(`/v1/organizations/${org.id}/members/${analyst.memberId}`)
      .set('Authorization', bearer(org.owner))
      .send({ role: 'developer' });
    expect(changed.status).toBe(200);
    expect(await lineage()).toBe(200);

    // A deny for a team, then the member added to that team.
    const team = await server
      .http()
      .post(`/v1/organizations/${org.id}/teams`)
      .set('Authorization', bearer(org.owner))
      .send({ name: unique('team') });
    await createPolicy(server, org, {
      resource: `namespace:${ns.name}`,
      conditions: { team: team.body.data.id },
      priority: 20,
    });
    expect(await lineage()).toBe(200);
    const joined = await server
      .http()
      .patch(`/v1/organizations/${org.id}/teams/${team.body.data.id}`)
      .set('Authorization', bearer(org.owner))
      .send({ memberIds: [analyst.memberId] });
    expect(joined.status).toBe(200);
    expect(await lineage()).toBe(403);
  });

  it('an agent moved into a denied team loses access on the next request, and regains it when moved out', async () => {
    const ns = await createNamespace(server, org);
    const team = await server
      .http()
      .post(`/v1/organizations/${org.id}/teams`)
      .set('Authorization', bearer(org.owner))
      .send({ name: unique('team') });
    expect(team.status).toBe(201);
    const agent = await server
      .http()
      .post(`/v1/organizations/${org.id}/agents`)
      .set('Authorization', bearer(org.owner))
      .send({ name: unique('agent') });
    expect(agent.status).toBe(201);
    const agentKey = await createApiKey(server, org.owner, { agentId: agent.body.data.id });
    await createPolicy(server, org, { resource: `namespace:${ns.name}`, conditions: { team: team.body.data.id } });
    expect(await readStatus(server, agentKey, ns.name)).toBe(200);
    expect(await readStatus(server, agentKey, ns.name)).toBe(200);

    const moved = await server
      .http()
      .patch(`/v1/organizations/${org.id}/agents/${agent.body.data.id}`)
      .set('Authorization', bearer(org.owner))
      .send({ teamId: team.body.data.id });
    expect(moved.status).toBe(200);
    expect(await readStatus(server, agentKey, ns.name)).toBe(403);

    const teamGone = await server
      .http()
      .delete(`/v1/organizations/${org.id}/teams/${team.body.data.id}`)
      .set('Authorization', bearer(org.owner));
    expect(teamGone.status).toBe(200);
    expect(await readStatus(server, agentKey, ns.name)).toBe(200);
  });
});

const shared = Boolean(process.env.REDIS_URL && process.env.DATABASE_URL);

describe.skipIf(!shared)('access decisions across two instances on one PostgreSQL and one Redis', () => {
  let a: TestServer;
  let b: TestServer;
  beforeAll(async () => {
    const prefix = `hx-test:${randomUUID()}`;
    a = await startTestServer({ RATE_LIMIT_PREFIX: prefix });
    b = await startTestServer({ RATE_LIMIT_PREFIX: prefix });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
  });

  it('a deny policy created on one instance is enforced by the other at once while its cache is warm', async () => {
    const org = await createOrg(a);
    const key = await createApiKey(a, org.owner, { organizationId: org.id });
    const ns = await createNamespace(a, org);
    for (const server of [a, b, b]) expect(await readStatus(server, key, ns.name)).toBe(200);
    const policy = await createPolicy(a, org, { resource: `namespace:${ns.id}` });
    for (const server of [b, a, b]) expect(await readStatus(server, key, ns.name)).toBe(403);
    await a.http().delete(`/v1/organizations/${org.id}/policies/${policy.id}`).set('Authorization', bearer(org.owner));
    for (const server of [b, a]) expect(await readStatus(server, key, ns.name)).toBe(200);
  });
});

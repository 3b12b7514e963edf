/**
 * The shared test helpers do what the suites rely on: one server per file, the typed client signed in
 * with a key or a user, and fixtures that make a tenant, an organization with members of each role,
 * a team, a namespace, an agent and a namespace-bound key, all through the API.
 */
import { describe, expect, it } from 'vitest';
import {
  addMember,
  auth,
  createAgent,
  createNamespace,
  createOrg,
  createTeam,
  expectStatus,
  namespaceBoundKey,
  newTenant,
  useTestServer,
} from './index.js';

const server = useTestServer();

describe('test helpers', () => {
  it('boots one server for the file and signs the typed client in with an API key', async () => {
    const { apiKey, user } = await newTenant(server);
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const res = await server.api(apiKey).memories.list({ query: { limit: 5 } });
    expect(expectStatus(res, 200).body.data.memories).toEqual([]);
    expect(expectStatus(res, 200).body.meta.tenantId).toBe(user.tenantId);
    // Without a credential the same call is refused: the header really came from `auth`.
    expect((await server.api().memories.list({ query: {} })).status).toBe(401);
    // auth() is the header supertest sets, for the wire-level suites.
    const raw = await server.http().get('/v1/memories').set(auth(apiKey));
    expect(raw.status).toBe(200);
  });

  it('makes an organization, members with roles, a team, a namespace and an agent', async () => {
    const org = await createOrg(server);
    const viewer = await addMember(server, org, 'viewer');
    const teamId = await createTeam(server, org);
    const ns = await createNamespace(server, org, { teamIds: [teamId] });
    const agentId = await createAgent(server, org, { teamId });
    const list = await server.api(org.owner).members.list({ params: { orgId: org.id } });
    const members = expectStatus(list, 200).body.data.members;
    expect(members.map((m) => [m.id, m.role])).toContainEqual([viewer.memberId, 'viewer']);
    expect(viewer.tenantId).toBe(org.owner.tenantId);
    const got = await server.api(viewer).namespaces.get({ params: { orgId: org.id, namespaceId: ns.id } });
    expect(got.status).toBe(200);
    const agent = await server.api(org.owner).agents.get({ params: { orgId: org.id, agentId } });
    expect(expectStatus(agent, 200).body.data.teamId).toBe(teamId);
  });

  it('binds a key to a namespace', async () => {
    const { user } = await newTenant(server);
    const bound = await namespaceBoundKey(server, user);
    const res = await server.api(bound.key).memories.list({ query: { namespace: bound.name } });
    expect(expectStatus(res, 200).body.data.memories).toEqual([]);
    // The key is confined to its namespace: another one is refused.
    const other = await server.api(bound.key).memories.list({ query: { namespace: 'elsewhere' } });
    expect(other.status).toBe(403);
  });

  it('expectStatus fails with the body when the status differs', async () => {
    const res = await server.api().memories.list({ query: {} });
    expect(() => expectStatus(res, 200)).toThrow(/expected HTTP 200, got 401: .*unauthorized/);
  });
});

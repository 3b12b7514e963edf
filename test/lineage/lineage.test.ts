/**
 * Lineage reads through HTTP: the SPEC lineage record and the graph, from a real capture + learn run
 * and from hand-built chains (supersession, compilation, redaction); 404 across tenants and
 * organizations, 403 by role and by restricted namespace, 401 for API keys.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as schema from '../../server/src/db/schema/index.js';
import {
  auth,
  bearer,
  createApiKey,
  createOrg,
  insertArtifact,
  insertEdge,
  insertEvent,
  insertMemory,
  registerUser,
  setOwnerRole,
  type TestOrg,
  useTestServer,
} from '../helpers/index.js';

const server = useTestServer();

const record = (org: TestOrg, memoryId: string, user = org.owner) =>
  server.http().get(`/v1/organizations/${org.id}/lineage/${memoryId}`).set('Authorization', bearer(user));
const graph = (org: TestOrg, memoryId: string, user = org.owner) =>
  server.http().get(`/v1/organizations/${org.id}/lineage/graph/${memoryId}`).set('Authorization', bearer(user));

const minutes = (n: number) => new Date(Date.now() - n * 60_000);

/** old <- new (supersedes), each captured from an event, both compiled into one artifact; the first event's secret went to a vault item. */
async function chain(org: TestOrg) {
  const tenantId = org.owner.tenantId;
  const e1 = await insertEvent(server, tenantId, { text: 'user: I live in Porto' });
  const e2 = await insertEvent(server, tenantId, { text: 'user: I moved to Lisbon' });
  const older = await insertMemory(server, tenantId, { content: 'lives in Porto', sourceEventIds: [e1] });
  const newer = await insertMemory(server, tenantId, { content: 'lives in Lisbon', sourceEventIds: [e2] });
  const art = await insertArtifact(server, tenantId, [older, newer]);
  const sibling = await insertMemory(server, tenantId, { content: 'likes tea' });
  await insertEdge(server, tenantId, e1, older, 'captured_from', minutes(50));
  await insertEdge(server, tenantId, e1, 'vit_SECRET1', 'redacted_into', minutes(49));
  await insertEdge(server, tenantId, older, art, 'compiled_into', minutes(40));
  await insertEdge(server, tenantId, e2, newer, 'captured_from', minutes(30));
  await insertEdge(server, tenantId, newer, older, 'supersedes', minutes(20));
  await insertEdge(server, tenantId, newer, art, 'compiled_into', minutes(10));
  await insertEdge(server, tenantId, sibling, art, 'compiled_into', minutes(5));
  return { e1, e2, older, newer, art, sibling };
}

describe('lineage: happy path', () => {
  it('answers the lineage record of a memory compiled by a real capture and learn', async () => {
    const org = await createOrg(server);
    const key = await createApiKey(server, org.owner);
    const captured = await server
      .http()
      .post('/v1/capture')
      .set(auth(key))
      .send({
        type: 'message',
        sessionId: 'sess-lineage',
        subjectId: 'user-1',
        payload: { role: 'user', content: 'I live in Lisbon and I prefer green tea.' },
      });
    expect(captured.status).toBe(201);
    const eventId = captured.body.data.eventId;
    const learned = await server.http().post('/v1/learn').set(auth(key)).send({ wait: true });
    expect([200, 202]).toContain(learned.status);
    let mems: { id: string }[] = [];
    for (let i = 0; i < 50 && mems.length === 0; i++) {
      mems = await server.ctx.database.db
        .select({ id: schema.memories.id })
        .from(schema.memories)
        .where(eq(schema.memories.tenantId, org.owner.tenantId));
      if (mems.length === 0) await new Promise((r) => setTimeout(r, 200));
    }
    expect(mems.length).toBeGreaterThan(0);

    const res = await record(org, mems[0]!.id);
    expect(res.status).toBe(200);
    expect(res.body.ok).toBe(true);
    expect(Object.keys(res.body.data).sort()).toEqual(['derivedArtifacts', 'lineage', 'memoryId', 'sourceEvents']);
    expect(res.body.data.memoryId).toBe(mems[0]!.id);
    expect(res.body.data.sourceEvents).toContain(eventId);
    expect(res.body.data.lineage).toContainEqual({
      from: eventId,
      to: mems[0]!.id,
      type: 'captured_from',
      timestamp: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
  });

  it('answers sources, derived artifacts and every edge touching the memory, oldest first', async () => {
    const org = await createOrg(server);
    const c = await chain(org);
    const res = await record(org, c.older);
    expect(res.status).toBe(200);
    expect(res.body.data.memoryId).toBe(c.older);
    expect(res.body.data.sourceEvents).toEqual([c.e1]);
    expect(res.body.data.derivedArtifacts).toEqual([c.art]);
    expect(
      res.body.data.lineage.map((e: { from: string; to: string; type: string }) => [e.from, e.to, e.type]),
    ).toEqual([
      [c.e1, c.older, 'captured_from'],
      [c.older, c.art, 'compiled_into'],
      [c.newer, c.older, 'supersedes'],
    ]);
  });

  it('answers the graph: the supersession chain, its events, vault items and artifacts, not sibling memories', async () => {
    const org = await createOrg(server);
    const c = await chain(org);
    const res = await graph(org, c.newer);
    expect(res.status).toBe(200);
    const data = res.body.data;
    expect(data.memoryId).toBe(c.newer);
    expect(data.truncated).toBe(false);
    const nodes = Object.fromEntries(data.nodes.map((n: { id: string; type: string }) => [n.id, n.type]));
    expect(nodes).toEqual({
      [c.newer]: 'memory',
      [c.older]: 'memory',
      [c.e1]: 'event',
      [c.e2]: 'event',
      [c.art]: 'artifact',
      vit_SECRET1: 'vault_item',
    });
    expect(data.nodes.find((n: { id: string }) => n.id === c.newer).label).toContain('lives in Lisbon');
    expect(data.nodes.find((n: { id: string }) => n.id === c.art).label).toContain('Profile');
    expect(data.edges).toHaveLength(6);
    expect(data.edges.map((e: { type: string }) => e.type)).toEqual([
      'captured_from',
      'redacted_into',
      'compiled_into',
      'captured_from',
      'supersedes',
      'compiled_into',
    ]);
    // Every edge joins two nodes of the graph.
    for (const e of data.edges) {
      expect(nodes[e.from]).toBeDefined();
      expect(nodes[e.to]).toBeDefined();
    }
  });

  it('answers a memory without lineage with empty lists', async () => {
    const org = await createOrg(server);
    const mem = await insertMemory(server, org.owner.tenantId);
    const res = await record(org, mem);
    expect(res.body.data).toEqual({ memoryId: mem, sourceEvents: [], derivedArtifacts: [], lineage: [] });
    const g = await graph(org, mem);
    expect(g.body.data).toMatchObject({ nodes: [{ id: mem, type: 'memory' }], edges: [], truncated: false });
  });
});

describe('lineage: errors and security', () => {
  it('answers 404 for an unknown memory', async () => {
    const org = await createOrg(server);
    const res = await record(org, 'mem_missing');
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('not_found');
    expect((await graph(org, 'mem_missing')).status).toBe(404);
  });

  it("answers 404 for another tenant's memory and never leaks its edges", async () => {
    const victim = await createOrg(server);
    const c = await chain(victim);
    const stranger = await registerUser(server, 'stranger');
    const own = await createOrg(server, stranger);
    const res = await record(own, c.older, stranger);
    expect(res.status).toBe(404);
    expect(JSON.stringify(res.body)).not.toContain(c.e1);
    expect((await graph(own, c.newer, stranger)).status).toBe(404);
    // Edges of another tenant pointing at one's own memory id are not followed either.
    const mine = await insertMemory(server, stranger.tenantId);
    await insertEdge(server, victim.owner.tenantId, c.e1, mine, 'captured_from');
    const clean = await record(own, mine, stranger);
    expect(clean.body.data.lineage).toEqual([]);
    expect((await graph(own, mine, stranger)).body.data.nodes).toHaveLength(1);
  });

  it('answers 404 for a memory in a namespace another organization of the tenant owns', async () => {
    const org = await createOrg(server);
    const sibling = await createOrg(server, org.owner, 'Sibling');
    const nsName = `sib-${process.pid}-${Math.random().toString(36).slice(2, 8)}`;
    const ns = await server
      .http()
      .post(`/v1/organizations/${sibling.id}/namespaces`)
      .set('Authorization', bearer(org.owner))
      .send({ name: nsName });
    expect(ns.status).toBe(201);
    const mem = await insertMemory(server, org.owner.tenantId, { namespace: nsName });
    expect((await record(org, mem)).status).toBe(404);
    expect((await record(sibling, mem)).status).toBe(200);
  });

  it('answers 403 for a restricted namespace without an allow policy, 200 with one', async () => {
    const org = await createOrg(server);
    const nsName = `vault-${process.pid}-${Math.random().toString(36).slice(2, 8)}`;
    await server
      .http()
      .post(`/v1/organizations/${org.id}/namespaces`)
      .set('Authorization', bearer(org.owner))
      .send({ name: nsName, sensitivity: 'restricted' });
    const mem = await insertMemory(server, org.owner.tenantId, { namespace: nsName });
    const denied = await record(org, mem);
    expect(denied.status).toBe(403);
    expect(denied.body.error.code).toBe('forbidden');
    expect((await graph(org, mem)).status).toBe(403);
    await server
      .http()
      .post(`/v1/organizations/${org.id}/policies`)
      .set('Authorization', bearer(org.owner))
      .send({
        name: 'owners read',
        effect: 'allow',
        resource: `namespace:${nsName}`,
        action: 'read',
        priority: 1,
        conditions: { role: 'owner' },
      });
    expect((await record(org, mem)).status).toBe(200);
  });

  it('answers 403 to a viewer (no lineage:read) and 200 to an analyst', async () => {
    const org = await createOrg(server);
    const mem = await insertMemory(server, org.owner.tenantId);
    await setOwnerRole(server, org, 'viewer');
    const res = await record(org, mem);
    expect(res.status).toBe(403);
    expect((await graph(org, mem)).status).toBe(403);
    await setOwnerRole(server, org, 'analyst');
    expect((await graph(org, mem)).status).toBe(200);
  });

  it('answers 401 for an API key', async () => {
    const org = await createOrg(server);
    const mem = await insertMemory(server, org.owner.tenantId);
    const key = await createApiKey(server, org.owner);
    const res = await server.http().get(`/v1/organizations/${org.id}/lineage/${mem}`).set(auth(key));
    expect(res.status).toBe(401);
  });

  it('writes the lineage reads to the access log', async () => {
    const org = await createOrg(server);
    const c = await chain(org);
    await graph(org, c.older);
    const logs = await server
      .http()
      .get(`/v1/organizations/${org.id}/access-logs`)
      .set('Authorization', bearer(org.owner));
    expect(logs.status).toBe(200);
    const entries = JSON.stringify(logs.body.data);
    expect(entries).toContain('lineage.graph');
    expect(entries).toContain(c.older);
  });
});

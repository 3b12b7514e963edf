/**
 * Lineage reads through HTTP: the SPEC lineage record and the graph, from a real capture + learn run
 * and from hand-built chains (supersession, compilation, redaction); 404 across tenants and
 * organizations, 403 by role and by restricted namespace, 401 for API keys.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as schema from '../../server/src/db/schema/index.js';
import {
  createApiKey,
  createNamespace,
  createOrg,
  expectStatus,
  insertArtifact,
  insertEdge,
  insertEvent,
  insertMemory,
  registerUser,
  setOwnerRole,
  useTestServer,
} from '../helpers/index.js';
import type { TestOrg, TestUser } from '../helpers/index.js';

const server = useTestServer();

/** The lineage record and graph of a memory through the typed client, as `user` (the owner by default). */
const record = (org: TestOrg, memoryId: string, user: TestUser | string = org.owner) =>
  server.api(user).lineage.get({ params: { orgId: org.id, memoryId } });
const graph = (org: TestOrg, memoryId: string, user: TestUser = org.owner) =>
  server.api(user).lineage.graph({ params: { orgId: org.id, memoryId } });

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
    const api = server.api(await createApiKey(server, org.owner));
    const captured = await api.capture.capture({
      body: {
        type: 'message',
        sessionId: 'sess-lineage',
        subjectId: 'user-1',
        payload: { role: 'user', content: 'I live in Lisbon and I prefer green tea.' },
      },
    });
    const eventId = expectStatus(captured, 201).body.data.eventId;
    const learned = await api.learn.learn({ body: { wait: true } });
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

    const res = expectStatus(await record(org, mems[0]!.id), 200);
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
    const { data } = expectStatus(await record(org, c.older), 200).body;
    expect(data.memoryId).toBe(c.older);
    expect(data.sourceEvents).toEqual([c.e1]);
    expect(data.derivedArtifacts).toEqual([c.art]);
    expect(data.lineage.map((e) => [e.from, e.to, e.type])).toEqual([
      [c.e1, c.older, 'captured_from'],
      [c.older, c.art, 'compiled_into'],
      [c.newer, c.older, 'supersedes'],
    ]);
  });

  it('answers the graph: the supersession chain, its events, vault items and artifacts, not sibling memories', async () => {
    const org = await createOrg(server);
    const c = await chain(org);
    const { data } = expectStatus(await graph(org, c.newer), 200).body;
    expect(data.memoryId).toBe(c.newer);
    expect(data.truncated).toBe(false);
    const nodes = Object.fromEntries(data.nodes.map((n) => [n.id, n.type]));
    expect(nodes).toEqual({
      [c.newer]: 'memory',
      [c.older]: 'memory',
      [c.e1]: 'event',
      [c.e2]: 'event',
      [c.art]: 'artifact',
      vit_SECRET1: 'vault_item',
    });
    expect(data.nodes.find((n) => n.id === c.newer)!.label).toContain('lives in Lisbon');
    expect(data.nodes.find((n) => n.id === c.art)!.label).toContain('Profile');
    expect(data.edges).toHaveLength(6);
    expect(data.edges.map((e) => e.type)).toEqual([
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
    expect(expectStatus(res, 200).body.data).toEqual({
      memoryId: mem,
      sourceEvents: [],
      derivedArtifacts: [],
      lineage: [],
    });
    const g = await graph(org, mem);
    expect(expectStatus(g, 200).body.data).toMatchObject({
      nodes: [{ id: mem, type: 'memory' }],
      edges: [],
      truncated: false,
    });
  });
});

describe('lineage: errors and security', () => {
  it('answers 404 for an unknown memory', async () => {
    const org = await createOrg(server);
    const res = await record(org, 'mem_missing');
    expect(expectStatus(res, 404).body.error.code).toBe('not_found');
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
    expect(expectStatus(clean, 200).body.data.lineage).toEqual([]);
    expect(expectStatus(await graph(own, mine, stranger), 200).body.data.nodes).toHaveLength(1);
  });

  it('answers 404 for a memory in a namespace another organization of the tenant owns', async () => {
    const org = await createOrg(server);
    const sibling = await createOrg(server, org.owner, 'Sibling');
    const ns = await createNamespace(server, sibling);
    const mem = await insertMemory(server, org.owner.tenantId, { namespace: ns.name });
    expect((await record(org, mem)).status).toBe(404);
    expect((await record(sibling, mem)).status).toBe(200);
  });

  it('answers 403 for a restricted namespace without an allow policy, 200 with one', async () => {
    const org = await createOrg(server);
    const ns = await createNamespace(server, org, { sensitivity: 'restricted' });
    const mem = await insertMemory(server, org.owner.tenantId, { namespace: ns.name });
    const denied = await record(org, mem);
    expect(expectStatus(denied, 403).body.error.code).toBe('forbidden');
    expect((await graph(org, mem)).status).toBe(403);
    await server.api(org.owner).policies.create({
      params: { orgId: org.id },
      body: {
        name: 'owners read',
        effect: 'allow',
        resource: `namespace:${ns.name}`,
        action: 'read',
        priority: 1,
        conditions: { role: 'owner' },
      },
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
    const res = await record(org, mem, key);
    expect(res.status).toBe(401);
  });

  it('writes the lineage reads to the access log', async () => {
    const org = await createOrg(server);
    const c = await chain(org);
    await graph(org, c.older);
    const logs = await server.api(org.owner).audit.accessLogs({ params: { orgId: org.id } });
    const entries = JSON.stringify(expectStatus(logs, 200).body.data);
    expect(entries).toContain('lineage.graph');
    expect(entries).toContain(c.older);
  });
});

/**
 * Rows no route makes in the shape these tests need (a role change of the owner, teams with the owner
 * in them, memories, events, artifacts and lineage edges of a given age), written straight to the test
 * server's database, and reads of single rows for assertions on what a route changed. Anything a
 * route can make belongs in fixtures.ts, through the API.
 */
import { and, eq } from 'drizzle-orm';
import * as schema from '../../server/src/db/schema/index.js';
import type { TestOrg } from './fixtures.js';
import type { TestServer } from './server.js';

const db = (server: TestServer) => server.ctx.database.db;

/** What a service does after changing access state: drop the tenant's cached access snapshot. */
const accessChanged = (server: TestServer, tenantId: string) =>
  server.ctx.services.invalidations.publish({ kind: 'access', tenantId });

/** Sets the owner's own role, to exercise the role matrix without the invitation flow. */
export async function setOwnerRole(server: TestServer, org: TestOrg, role: string) {
  await db(server)
    .update(schema.orgMembers)
    .set({ role })
    .where(and(eq(schema.orgMembers.organizationId, org.id), eq(schema.orgMembers.userId, org.owner.userId)));
  await accessChanged(server, org.owner.tenantId);
}

let seq = 0;
const uid = (prefix: string) => {
  seq += 1;
  return `${prefix}_T${Date.now().toString(36).toUpperCase()}${process.pid}X${seq}`;
};

/** A team of the organization, with the owner's membership in it when `withOwner`. */
export async function insertTeam(server: TestServer, org: TestOrg, withOwner = false): Promise<string> {
  const id = uid('team');
  await db(server).insert(schema.teams).values({ id, tenantId: org.owner.tenantId, organizationId: org.id, name: id });
  if (withOwner) {
    const [member] = await db(server)
      .select({ id: schema.orgMembers.id })
      .from(schema.orgMembers)
      .where(and(eq(schema.orgMembers.organizationId, org.id), eq(schema.orgMembers.userId, org.owner.userId)));
    await db(server)
      .insert(schema.teamMembers)
      .values({ teamId: id, memberId: member!.id, tenantId: org.owner.tenantId, organizationId: org.id });
    await accessChanged(server, org.owner.tenantId);
  }
  return id;
}

/** A day in milliseconds, for ages and `asOf` times. */
export const DAY = 24 * 60 * 60 * 1000;

export async function insertMemory(
  server: TestServer,
  tenantId: string,
  opts: {
    namespace?: string;
    ageDays?: number;
    content?: string;
    subjectId?: string;
    agentId?: string;
    sourceEventIds?: string[];
  } = {},
): Promise<string> {
  const id = uid('mem');
  const seen = new Date(Date.now() - (opts.ageDays ?? 0) * DAY);
  await db(server)
    .insert(schema.memories)
    .values({
      id,
      tenantId,
      environment: 'live',
      namespace: opts.namespace ?? 'default',
      subjectId: opts.subjectId ?? null,
      agentId: opts.agentId ?? null,
      kind: 'fact',
      content: opts.content ?? `content of ${id}`,
      attributeKey: 'user:city',
      dedupeKey: `dedupe ${id}`,
      attributes: { city: 'Lisbon' },
      confidence: 0.8,
      validFrom: seen,
      lastSeenAt: seen,
      sourceEventIds: opts.sourceEventIds ?? [],
      createdAt: seen,
    });
  return id;
}

export async function insertEvent(
  server: TestServer,
  tenantId: string,
  opts: { namespace?: string; ageDays?: number; text?: string } = {},
): Promise<string> {
  const id = uid('evt');
  const at = new Date(Date.now() - (opts.ageDays ?? 0) * DAY);
  await db(server)
    .insert(schema.events)
    .values({
      id,
      tenantId,
      environment: 'live',
      namespace: opts.namespace ?? 'default',
      sessionId: 'sess-1',
      type: 'message',
      payload: { role: 'user', content: opts.text ?? 'I live in Lisbon' },
      text: opts.text ?? 'user: I live in Lisbon',
      contentHash: id,
      occurredAt: at,
      createdAt: at,
    });
  return id;
}

export async function insertArtifact(server: TestServer, tenantId: string, sourceMemories: string[]): Promise<string> {
  const id = uid('art');
  await db(server)
    .insert(schema.artifacts)
    .values({
      id,
      tenantId,
      environment: 'live',
      type: 'profile',
      key: id,
      title: `Profile ${id}`,
      content: {},
      markdown: '# Profile',
      confidence: 0.7,
      sourceMemories,
    });
  return id;
}

export async function insertEdge(
  server: TestServer,
  tenantId: string,
  from: string,
  to: string,
  type: string,
  at = new Date(),
) {
  await db(server)
    .insert(schema.lineageEdges)
    .values({ id: uid('edge'), tenantId, fromId: from, toId: to, type, createdAt: at });
}

export async function memoryRow(server: TestServer, id: string) {
  const [row] = await db(server).select().from(schema.memories).where(eq(schema.memories.id, id));
  return row;
}

export async function eventExists(server: TestServer, id: string) {
  const rows = await db(server).select({ id: schema.events.id }).from(schema.events).where(eq(schema.events.id, id));
  return rows.length > 0;
}

/**
 * Audit and access logs through HTTP: every enterprise change leaves one entry (and a refused change
 * none), the filters and cursor pagination of SPEC, and the memory access log of an organization.
 */
import { describe, expect, it } from 'vitest';
import {
  addMember,
  createApiKey,
  createNamespace,
  createOrg,
  createTeam,
  expectStatus,
  must,
  uniqueEmail,
  useTestServer,
} from '../helpers/index.js';
import type { HxTestClient, TestOrg } from '../helpers/index.js';

const server = useTestServer();

type AuditQuery = NonNullable<Parameters<HxTestClient['audit']['list']>[0]['query']>;

/** The organization's audit as its owner, through the typed client. */
const audit = (org: TestOrg, query: AuditQuery = {}) =>
  server.api(org.owner).audit.list({ params: { orgId: org.id }, query });
/** The entries of an audit answer, which must be a 200. */
const entriesOf = (res: Awaited<ReturnType<typeof audit>>) => expectStatus(res, 200).body.data.entries;
type Entry = ReturnType<typeof entriesOf>[number];

/** An organization with one change of every kind, made by the owner and by a manager. */
async function busyOrg() {
  const org = await createOrg(server);
  const owner = server.api(org.owner);
  const orgId = org.id;
  await owner.organizations.update({ params: { orgId }, body: { name: 'Renamed' } });
  const teamId = await createTeam(server, org, 'T');
  await owner.teams.update({ params: { orgId, teamId }, body: { description: 'd' } });
  const manager = await addMember(server, org, 'manager');
  const agents = server.api(manager).agents;
  const agentId = must('agent', await agents.create({ params: { orgId }, body: { name: 'bot' } }), 201).body.data.id;
  await agents.update({ params: { orgId, agentId }, body: { framework: 'x' } });
  await agents.delete({ params: { orgId, agentId } });
  const invited = await owner.members.invite({ params: { orgId }, body: { email: uniqueEmail(), role: 'viewer' } });
  const memberId = must('invite', invited, 201).body.data.member.id;
  await owner.members.update({ params: { orgId, memberId }, body: { role: 'analyst' } });
  await owner.members.remove({ params: { orgId, memberId } });
  await owner.teams.delete({ params: { orgId, teamId } });
  return { org, manager };
}

describe('audit log: entries', () => {
  it('records every change with its actor, newest first', async () => {
    const { org, manager } = await busyOrg();
    const entries = entriesOf(await audit(org, { limit: 100 }));
    expect(entries.map((e) => e.action).reverse()).toEqual([
      'organization.created',
      'organization.updated',
      'team.created',
      'team.updated',
      'member.invited',
      'member.joined',
      'agent.created',
      'agent.updated',
      'agent.deleted',
      'member.invited',
      'member.role_updated',
      'member.removed',
      'team.deleted',
    ]);
    const agentEntries = entries.filter((e) => e.resourceType === 'agent');
    expect(agentEntries.every((e) => e.actorId === manager.userId)).toBe(true);
    const ids = entries.map((e) => e.id);
    expect([...ids].sort().reverse()).toEqual(ids);
  });

  it('a refused change leaves no entry', async () => {
    const org = await createOrg(server);
    await createTeam(server, org, 'Once');
    const dup = await server.api(org.owner).teams.create({ params: { orgId: org.id }, body: { name: 'Once' } });
    expect(dup.status).toBe(409);
    const res = await audit(org, { action: 'team.created' });
    expect(entriesOf(res)).toHaveLength(1);
  });
});

describe('audit log: filters and pagination', () => {
  it('filters by action, actorId, resourceType and time range', async () => {
    const { org, manager } = await busyOrg();
    const actions = async (query: AuditQuery) => entriesOf(await audit(org, query)).map((e) => e.action);
    expect(await actions({ action: 'member.invited' })).toEqual(['member.invited', 'member.invited']);
    expect((await actions({ actorId: manager.userId })).sort()).toEqual([
      'agent.created',
      'agent.deleted',
      'agent.updated',
      'member.joined',
    ]);
    expect(await actions({ resourceType: 'team' })).toEqual(['team.deleted', 'team.updated', 'team.created']);
    const combined = await actions({ resourceType: 'agent', action: 'agent.updated', actorId: manager.userId });
    expect(combined).toHaveLength(1);

    const all: Entry[] = entriesOf(await audit(org, { limit: 100 }));
    const middle = all[Math.floor(all.length / 2)]!.createdAt;
    const after = entriesOf(await audit(org, { limit: 100, startDate: middle }));
    expect(after.length).toBeGreaterThan(0);
    expect(after.every((e) => e.createdAt >= middle)).toBe(true);
    const before = entriesOf(await audit(org, { limit: 100, endDate: middle }));
    expect(before.every((e) => e.createdAt < middle)).toBe(true);
    expect(after.length + before.length).toBe(all.length);
    const future = await audit(org, { startDate: new Date(Date.now() + 3_600_000).toISOString() });
    expect(entriesOf(future)).toEqual([]);
  });

  it('walks every entry exactly once with limit and the opaque cursor', async () => {
    const { org } = await busyOrg();
    const all = entriesOf(await audit(org, { limit: 100 }));
    const seen: string[] = [];
    let cursor: string | undefined;
    for (let pages = 0; pages < 20; pages++) {
      const page = expectStatus(await audit(org, { limit: 4, ...(cursor ? { cursor } : {}) }), 200).body.data;
      expect(page.entries.length).toBeLessThanOrEqual(4);
      seen.push(...page.entries.map((e) => e.id));
      if (!page.pagination.hasMore) break;
      cursor = page.pagination.cursor;
      expect(cursor).toBeTruthy();
    }
    expect(seen).toEqual(all.map((e) => e.id));
  });

  it('rejects limit over 100, malformed dates, startDate after endDate and a forged cursor', async () => {
    const org = await createOrg(server);
    const cases: [AuditQuery, string][] = [
      [{ limit: 101 }, 'query.limit'],
      [{ limit: 0 }, 'query.limit'],
      [{ startDate: 'yesterday' }, 'query.startDate'],
      [{ startDate: '2026-02-01T00:00:00Z', endDate: '2026-01-01T00:00:00Z' }, 'query.startDate'],
      [{ cursor: 'c1.bm90LWpzb24' }, 'query.cursor'],
    ];
    for (const [query, field] of cases) {
      const res = await audit(org, query);
      const label = JSON.stringify(query);
      expect(res.status, label).toBe(400);
      const { error } = res.body as { error: { code: string; details: { field: string }[] } };
      expect(error.code).toBe('validation_error');
      expect(error.details[0]!.field, label).toBe(field);
    }
  });
});

describe('audit log: security', () => {
  it("does not show another organization's entries", async () => {
    const orgA = await createOrg(server);
    const orgB = await createOrg(server, orgA.owner, 'B');
    await createTeam(server, orgA, 'Only in A');
    const entries = entriesOf(await audit(orgB));
    expect(entries.map((e) => e.action)).toEqual(['organization.created']);
    expect(entries[0]!.resourceId).toBe(orgB.id);
  });
});

describe('access logs', () => {
  it("lists the organization's memory reads, newest first, and nobody else's", async () => {
    const org = await createOrg(server);
    const key = await createApiKey(server, org.owner, { organizationId: org.id });
    const other = await createOrg(server, org.owner, 'Other');
    for (const query of ['first question', 'second question']) {
      const res = await server.api(key).synthesize.synthesize({ body: { query } });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    const accessLogs = server.api(org.owner).audit.accessLogs;
    const logs = expectStatus(await accessLogs({ params: { orgId: org.id }, query: { limit: 1 } }), 200).body.data;
    expect(logs.entries).toEqual([
      expect.objectContaining({ operation: 'synthesize', query: 'second question', actorType: 'api_key' }),
    ]);
    expect(logs.pagination.hasMore).toBe(true);
    const next = await accessLogs({ params: { orgId: org.id }, query: { cursor: logs.pagination.cursor } });
    expect(expectStatus(next, 200).body.data.entries.map((e) => e.query)).toEqual(['first question']);
    const otherLogs = await accessLogs({ params: { orgId: other.id } });
    expect(expectStatus(otherLogs, 200).body.data.entries).toEqual([]);
  });

  it("attributes reads of an organization's namespace to it, whatever key reads it", async () => {
    const org = await createOrg(server);
    const ns = await createNamespace(server, org, { name: `support-${Date.now()}` });
    // A tenant-level key, bound to no organization.
    const key = await createApiKey(server, org.owner, {});
    // An unregistered name exists once something is stored under it (a read of a name that never
    // held anything answers 404 since 40504fe).
    const stored = await server.api(key).capture.capture({
      body: { type: 'message', sessionId: 's1', namespace: 'not-registered', payload: { role: 'user', content: 'hi' } },
    });
    must('capture', stored, 201);
    for (const namespace of [ns.name, 'not-registered']) {
      const res = await server
        .api(key)
        .synthesize.synthesize({ body: { query: `question about ${namespace}`, namespace } });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    const logs = await server.api(org.owner).audit.accessLogs({ params: { orgId: org.id } });
    expect(expectStatus(logs, 200).body.data.entries).toEqual([
      expect.objectContaining({ operation: 'synthesize', query: `question about ${ns.name}` }),
    ]);
  });
});

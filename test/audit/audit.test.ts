/**
 * Audit and access logs through HTTP: every enterprise change leaves one entry (and a refused change
 * none), the filters and cursor pagination of SPEC, and the memory access log of an organization.
 */
import { describe, expect, it } from 'vitest';
import {
  addMember,
  auth,
  bearer,
  createApiKey,
  createOrg,
  type TestOrg,
  uniqueEmail,
  useTestServer,
} from '../helpers/index.js';

const server = useTestServer();

interface Entry {
  id: string;
  action: string;
  actorId: string;
  resourceType: string;
  resourceId: string | null;
  createdAt: string;
}

async function audit(org: TestOrg, query = '', token = org.owner.accessToken) {
  const res = await server.http().get(`/v1/organizations/${org.id}/audit${query}`).set(auth(token));
  return res;
}

/** An organization with one change of every kind, made by the owner and by a manager. */
async function busyOrg() {
  const org = await createOrg(server);
  const auth = bearer(org.owner);
  const base = `/v1/organizations/${org.id}`;
  await server.http().patch(base).set('Authorization', auth).send({ name: 'Renamed' });
  const team = await server.http().post(`${base}/teams`).set('Authorization', auth).send({ name: 'T' });
  await server.http().patch(`${base}/teams/${team.body.data.id}`).set('Authorization', auth).send({ description: 'd' });
  const manager = await addMember(server, org, 'manager');
  const agent = await server.http().post(`${base}/agents`).set('Authorization', bearer(manager)).send({ name: 'bot' });
  await server
    .http()
    .patch(`${base}/agents/${agent.body.data.id}`)
    .set('Authorization', bearer(manager))
    .send({ framework: 'x' });
  await server.http().delete(`${base}/agents/${agent.body.data.id}`).set('Authorization', bearer(manager));
  const invited = await server
    .http()
    .post(`${base}/members/invite`)
    .set('Authorization', auth)
    .send({ email: uniqueEmail(), role: 'viewer' });
  await server
    .http()
    .patch(`${base}/members/${invited.body.data.member.id}`)
    .set('Authorization', auth)
    .send({ role: 'analyst' });
  await server.http().delete(`${base}/members/${invited.body.data.member.id}`).set('Authorization', auth);
  await server.http().delete(`${base}/teams/${team.body.data.id}`).set('Authorization', auth);
  return { org, manager };
}

describe('audit log: entries', () => {
  it('records every change with its actor, newest first', async () => {
    const { org, manager } = await busyOrg();
    const res = await audit(org, '?limit=100');
    expect(res.status).toBe(200);
    const entries: Entry[] = res.body.data.entries;
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
    const base = `/v1/organizations/${org.id}`;
    await server.http().post(`${base}/teams`).set('Authorization', bearer(org.owner)).send({ name: 'Once' });
    const dup = await server
      .http()
      .post(`${base}/teams`)
      .set('Authorization', bearer(org.owner))
      .send({ name: 'Once' });
    expect(dup.status).toBe(409);
    const res = await audit(org, '?action=team.created');
    expect(res.body.data.entries).toHaveLength(1);
  });
});

describe('audit log: filters and pagination', () => {
  it('filters by action, actorId, resourceType and time range', async () => {
    const { org, manager } = await busyOrg();
    const byAction = await audit(org, '?action=member.invited');
    expect(byAction.body.data.entries.map((e: Entry) => e.action)).toEqual(['member.invited', 'member.invited']);
    const byActor = await audit(org, `?actorId=${manager.userId}`);
    expect(byActor.body.data.entries.map((e: Entry) => e.action).sort()).toEqual([
      'agent.created',
      'agent.deleted',
      'agent.updated',
      'member.joined',
    ]);
    const byType = await audit(org, '?resourceType=team');
    expect(byType.body.data.entries.map((e: Entry) => e.action)).toEqual([
      'team.deleted',
      'team.updated',
      'team.created',
    ]);
    const combined = await audit(org, `?resourceType=agent&action=agent.updated&actorId=${manager.userId}`);
    expect(combined.body.data.entries).toHaveLength(1);

    const all: Entry[] = (await audit(org, '?limit=100')).body.data.entries;
    const middle = all[Math.floor(all.length / 2)]!.createdAt;
    const after = await audit(org, `?limit=100&startDate=${encodeURIComponent(middle)}`);
    expect(after.body.data.entries.length).toBeGreaterThan(0);
    expect(after.body.data.entries.every((e: Entry) => e.createdAt >= middle)).toBe(true);
    const before = await audit(org, `?limit=100&endDate=${encodeURIComponent(middle)}`);
    expect(before.body.data.entries.every((e: Entry) => e.createdAt < middle)).toBe(true);
    expect(after.body.data.entries.length + before.body.data.entries.length).toBe(all.length);
    const future = await audit(org, `?startDate=${encodeURIComponent(new Date(Date.now() + 3_600_000).toISOString())}`);
    expect(future.body.data.entries).toEqual([]);
  });

  it('walks every entry exactly once with limit and the opaque cursor', async () => {
    const { org } = await busyOrg();
    const all: Entry[] = (await audit(org, '?limit=100')).body.data.entries;
    const seen: string[] = [];
    let cursor: string | undefined;
    for (let pages = 0; pages < 20; pages++) {
      const res = await audit(org, `?limit=4${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      expect(res.body.data.entries.length).toBeLessThanOrEqual(4);
      seen.push(...res.body.data.entries.map((e: Entry) => e.id));
      if (!res.body.data.pagination.hasMore) break;
      cursor = res.body.data.pagination.cursor;
      expect(cursor).toBeTruthy();
    }
    expect(seen).toEqual(all.map((e) => e.id));
  });

  it('rejects limit over 100, malformed dates, startDate after endDate and a forged cursor', async () => {
    const org = await createOrg(server);
    const cases: [string, string][] = [
      ['?limit=101', 'query.limit'],
      ['?limit=0', 'query.limit'],
      ['?startDate=yesterday', 'query.startDate'],
      ['?startDate=2026-02-01T00:00:00Z&endDate=2026-01-01T00:00:00Z', 'query.startDate'],
      ['?cursor=c1.bm90LWpzb24', 'query.cursor'],
    ];
    for (const [query, field] of cases) {
      const res = await audit(org, query);
      expect(res.status, query).toBe(400);
      expect(res.body.error.code).toBe('validation_error');
      expect(res.body.error.details[0].field, query).toBe(field);
    }
  });
});

describe('audit log: security', () => {
  it("does not show another organization's entries", async () => {
    const orgA = await createOrg(server);
    const orgB = await createOrg(server, orgA.owner, 'B');
    await server
      .http()
      .post(`/v1/organizations/${orgA.id}/teams`)
      .set('Authorization', bearer(orgA.owner))
      .send({ name: 'Only in A' });
    const res = await audit(orgB);
    expect(res.body.data.entries.map((e: Entry) => e.action)).toEqual(['organization.created']);
    expect(res.body.data.entries[0].resourceId).toBe(orgB.id);
  });
});

describe('access logs', () => {
  it("lists the organization's memory reads, newest first, and nobody else's", async () => {
    const org = await createOrg(server);
    const key = await createApiKey(server, org.owner, { organizationId: org.id });
    const other = await createOrg(server, org.owner, 'Other');
    for (const query of ['first question', 'second question']) {
      const res = await server.http().post('/v1/synthesize').set(auth(key)).send({ query });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    const logs = await server
      .http()
      .get(`/v1/organizations/${org.id}/access-logs?limit=1`)
      .set('Authorization', bearer(org.owner));
    expect(logs.status).toBe(200);
    expect(logs.body.data.entries).toEqual([
      expect.objectContaining({ operation: 'synthesize', query: 'second question', actorType: 'api_key' }),
    ]);
    expect(logs.body.data.pagination.hasMore).toBe(true);
    const next = await server
      .http()
      .get(`/v1/organizations/${org.id}/access-logs?cursor=${encodeURIComponent(logs.body.data.pagination.cursor)}`)
      .set('Authorization', bearer(org.owner));
    expect(next.body.data.entries.map((e: { query: string }) => e.query)).toEqual(['first question']);
    const otherLogs = await server
      .http()
      .get(`/v1/organizations/${other.id}/access-logs`)
      .set('Authorization', bearer(org.owner));
    expect(otherLogs.body.data.entries).toEqual([]);
  });

  it("attributes reads of an organization's namespace to it, whatever key reads it", async () => {
    const org = await createOrg(server);
    const ns = await server
      .http()
      .post(`/v1/organizations/${org.id}/namespaces`)
      .set('Authorization', bearer(org.owner))
      .send({ name: `support-${Date.now()}` });
    expect(ns.status, JSON.stringify(ns.body)).toBe(201);
    // A tenant-level key, bound to no organization.
    const key = await createApiKey(server, org.owner, {});
    for (const namespace of [ns.body.data.name, 'not-registered']) {
      const res = await server
        .http()
        .post('/v1/synthesize')
        .set(auth(key))
        .send({ query: `question about ${namespace}`, namespace });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    const logs = await server
      .http()
      .get(`/v1/organizations/${org.id}/access-logs`)
      .set('Authorization', bearer(org.owner));
    expect(logs.status).toBe(200);
    expect(logs.body.data.entries).toEqual([
      expect.objectContaining({ operation: 'synthesize', query: `question about ${ns.body.data.name}` }),
    ]);
  });
});

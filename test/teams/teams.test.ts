/** Teams through HTTP: create, list, get with members, update (incl. member set), delete; errors; isolation. */
import { describe, expect, it } from 'vitest';
import { addMember, createOrg, expectStatus, type TestOrg, useTestServer } from '../helpers/index.js';

const server = useTestServer();

/** The teams area of the typed client, signed in as the organization's owner, and the org's path params. */
const teams = (org: TestOrg, as = org.owner) => server.api(as).teams;
const at = (org: TestOrg) => ({ orgId: org.id });

describe('teams: happy path', () => {
  it('creates, lists, gets, updates and deletes a team', async () => {
    const org = await createOrg(server);
    const created = await teams(org).create({
      params: at(org),
      body: { name: 'Platform', description: 'Infra folks' },
    });
    expect(created.status).toBe(201);
    const team = expectStatus(created, 201).body.data;
    expect(team).toMatchObject({
      name: 'Platform',
      description: 'Infra folks',
      memberCount: 0,
      organizationId: org.id,
    });
    const id = team.id;
    expect(id).toMatch(/^team_/);

    const member = await addMember(server, org, 'developer', { teamIds: [id] });
    const list = expectStatus(await teams(org).list({ params: at(org) }), 200).body.data;
    expect(list.teams).toEqual([expect.objectContaining({ id, memberCount: 1 })]);
    expect(list.pagination.hasMore).toBe(false);

    const got = expectStatus(await teams(org).get({ params: { orgId: org.id, teamId: id } }), 200).body.data;
    expect(got.members).toEqual([
      expect.objectContaining({ memberId: member.memberId, userId: member.userId, role: 'developer' }),
    ]);

    const patched = await teams(org).update({
      params: { orgId: org.id, teamId: id },
      body: { name: 'Platform Eng', description: null, memberIds: [] },
    });
    expect(patched.status).toBe(200);
    expect(expectStatus(patched, 200).body.data).toMatchObject({
      name: 'Platform Eng',
      description: null,
      members: [],
      memberCount: 0,
    });

    const deleted = await teams(org).delete({ params: { orgId: org.id, teamId: id } });
    expect(expectStatus(deleted, 200).body.data).toEqual({ id, deleted: true });
    const gone = await teams(org).get({ params: { orgId: org.id, teamId: id } });
    expect(gone.status).toBe(404);
  });

  it('replaces the member set with memberIds', async () => {
    const org = await createOrg(server);
    const team = expectStatus(await teams(org).create({ params: at(org), body: { name: 'T' } }), 201).body.data;
    const a = await addMember(server, org, 'viewer');
    const b = await addMember(server, org, 'analyst');
    const params = { orgId: org.id, teamId: team.id };
    const res = await teams(org).update({ params, body: { memberIds: [a.memberId, b.memberId] } });
    expect(
      expectStatus(res, 200)
        .body.data.members.map((m) => m.memberId)
        .sort(),
    ).toEqual([a.memberId, b.memberId].sort());
    const res2 = await teams(org).update({ params, body: { memberIds: [b.memberId] } });
    expect(expectStatus(res2, 200).body.data.members.map((m) => m.memberId)).toEqual([b.memberId]);
  });
});

describe('teams: errors', () => {
  it('refuses a duplicate name (case-insensitive) with 409, on create and on rename', async () => {
    const org = await createOrg(server);
    await teams(org).create({ params: at(org), body: { name: 'Data' } });
    const dup = await teams(org).create({ params: at(org), body: { name: 'data' } });
    expect(dup.status).toBe(409);
    const other = expectStatus(await teams(org).create({ params: at(org), body: { name: 'Ops' } }), 201).body.data;
    const rename = await teams(org).update({ params: { orgId: org.id, teamId: other.id }, body: { name: 'DATA' } });
    expect(rename.status).toBe(409);
    expect(expectStatus(rename, 409).body.error.code).toBe('conflict');
  });

  it('validates bodies: empty PATCH, long description, unknown member ids', async () => {
    const org = await createOrg(server);
    const team = expectStatus(await teams(org).create({ params: at(org), body: { name: 'V' } }), 201).body.data;
    const params = { orgId: org.id, teamId: team.id };
    const empty = await teams(org).update({ params, body: {} });
    expect(empty.status).toBe(400);
    const long = await teams(org).create({ params: at(org), body: { name: 'L', description: 'x'.repeat(2001) } });
    expect(long.status).toBe(400);
    expect(expectStatus(long, 400).body.error.details?.[0]?.field).toBe('description');
    const unknown = await teams(org).update({ params, body: { memberIds: ['mbr_nope'] } });
    expect(unknown.status).toBe(400);
    expect(expectStatus(unknown, 400).body.error.details?.[0]?.field).toBe('memberIds[0]');
  });
});

describe('teams: security', () => {
  it("a team of another organization in the same tenant answers 404, and its members can't be added", async () => {
    const orgA = await createOrg(server);
    const orgB = await createOrg(server, orgA.owner, 'B');
    const teamA = expectStatus(await teams(orgA).create({ params: at(orgA), body: { name: 'A' } }), 201).body.data;
    const res = await teams(orgB).get({ params: { orgId: orgB.id, teamId: teamA.id } });
    expect(res.status).toBe(404);
    const memberA = await addMember(server, orgA, 'viewer');
    const teamB = expectStatus(await teams(orgB).create({ params: at(orgB), body: { name: 'B' } }), 201).body.data;
    const add = await teams(orgB).update({
      params: { orgId: orgB.id, teamId: teamB.id },
      body: { memberIds: [memberA.memberId] },
    });
    expect(add.status).toBe(400);
  });
});

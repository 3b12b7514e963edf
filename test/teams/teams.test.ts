/** Teams through HTTP: create, list, get with members, update (incl. member set), delete; errors; isolation. */
import { describe, expect, it } from 'vitest';
import { addMember, bearer, createOrg, type TestOrg, useTestServer } from '../helpers/index.js';

const server = useTestServer();

const teamsOf = (org: TestOrg) => `/v1/organizations/${org.id}/teams`;

describe('teams: happy path', () => {
  it('creates, lists, gets, updates and deletes a team', async () => {
    const org = await createOrg(server);
    const auth = bearer(org.owner);
    const created = await server
      .http()
      .post(teamsOf(org))
      .set('Authorization', auth)
      .send({ name: 'Platform', description: 'Infra folks' });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({
      name: 'Platform',
      description: 'Infra folks',
      memberCount: 0,
      organizationId: org.id,
    });
    const id = created.body.data.id;
    expect(id).toMatch(/^team_/);

    const member = await addMember(server, org, 'developer', { teamIds: [id] });
    const list = await server.http().get(teamsOf(org)).set('Authorization', auth);
    expect(list.body.data.teams).toEqual([expect.objectContaining({ id, memberCount: 1 })]);
    expect(list.body.data.pagination.hasMore).toBe(false);

    const got = await server
      .http()
      .get(`${teamsOf(org)}/${id}`)
      .set('Authorization', auth);
    expect(got.body.data.members).toEqual([
      expect.objectContaining({ memberId: member.memberId, userId: member.userId, role: 'developer' }),
    ]);

    const patched = await server
      .http()
      .patch(`${teamsOf(org)}/${id}`)
      .set('Authorization', auth)
      .send({ name: 'Platform Eng', description: null, memberIds: [] });
    expect(patched.status).toBe(200);
    expect(patched.body.data).toMatchObject({ name: 'Platform Eng', description: null, members: [], memberCount: 0 });

    const deleted = await server
      .http()
      .delete(`${teamsOf(org)}/${id}`)
      .set('Authorization', auth);
    expect(deleted.body.data).toEqual({ id, deleted: true });
    const gone = await server
      .http()
      .get(`${teamsOf(org)}/${id}`)
      .set('Authorization', auth);
    expect(gone.status).toBe(404);
  });

  it('replaces the member set with memberIds', async () => {
    const org = await createOrg(server);
    const team = await server.http().post(teamsOf(org)).set('Authorization', bearer(org.owner)).send({ name: 'T' });
    const a = await addMember(server, org, 'viewer');
    const b = await addMember(server, org, 'analyst');
    const res = await server
      .http()
      .patch(`${teamsOf(org)}/${team.body.data.id}`)
      .set('Authorization', bearer(org.owner))
      .send({ memberIds: [a.memberId, b.memberId] });
    expect(res.body.data.members.map((m: { memberId: string }) => m.memberId).sort()).toEqual(
      [a.memberId, b.memberId].sort(),
    );
    const res2 = await server
      .http()
      .patch(`${teamsOf(org)}/${team.body.data.id}`)
      .set('Authorization', bearer(org.owner))
      .send({ memberIds: [b.memberId] });
    expect(res2.body.data.members.map((m: { memberId: string }) => m.memberId)).toEqual([b.memberId]);
  });
});

describe('teams: errors', () => {
  it('refuses a duplicate name (case-insensitive) with 409, on create and on rename', async () => {
    const org = await createOrg(server);
    const auth = bearer(org.owner);
    await server.http().post(teamsOf(org)).set('Authorization', auth).send({ name: 'Data' });
    const dup = await server.http().post(teamsOf(org)).set('Authorization', auth).send({ name: 'data' });
    expect(dup.status).toBe(409);
    const other = await server.http().post(teamsOf(org)).set('Authorization', auth).send({ name: 'Ops' });
    const rename = await server
      .http()
      .patch(`${teamsOf(org)}/${other.body.data.id}`)
      .set('Authorization', auth)
      .send({ name: 'DATA' });
    expect(rename.status).toBe(409);
    expect(rename.body.error.code).toBe('conflict');
  });

  it('validates bodies: empty PATCH, long description, unknown member ids', async () => {
    const org = await createOrg(server);
    const auth = bearer(org.owner);
    const team = await server.http().post(teamsOf(org)).set('Authorization', auth).send({ name: 'V' });
    const empty = await server
      .http()
      .patch(`${teamsOf(org)}/${team.body.data.id}`)
      .set('Authorization', auth)
      .send({});
    expect(empty.status).toBe(400);
    const long = await server
      .http()
      .post(teamsOf(org))
      .set('Authorization', auth)
      .send({ name: 'L', description: 'x'.repeat(2001) });
    expect(long.status).toBe(400);
    expect(long.body.error.details[0].field).toBe('description');
    const unknown = await server
      .http()
      .patch(`${teamsOf(org)}/${team.body.data.id}`)
      .set('Authorization', auth)
      .send({ memberIds: ['mbr_nope'] });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.details[0].field).toBe('memberIds[0]');
  });
});

describe('teams: security', () => {
  it("a team of another organization in the same tenant answers 404, and its members can't be added", async () => {
    const orgA = await createOrg(server);
    const orgB = await createOrg(server, orgA.owner, 'B');
    const teamA = await server.http().post(teamsOf(orgA)).set('Authorization', bearer(orgA.owner)).send({ name: 'A' });
    const res = await server
      .http()
      .get(`${teamsOf(orgB)}/${teamA.body.data.id}`)
      .set('Authorization', bearer(orgA.owner));
    expect(res.status).toBe(404);
    const memberA = await addMember(server, orgA, 'viewer');
    const teamB = await server.http().post(teamsOf(orgB)).set('Authorization', bearer(orgA.owner)).send({ name: 'B' });
    const add = await server
      .http()
      .patch(`${teamsOf(orgB)}/${teamB.body.data.id}`)
      .set('Authorization', bearer(orgA.owner))
      .send({ memberIds: [memberA.memberId] });
    expect(add.status).toBe(400);
  });
});

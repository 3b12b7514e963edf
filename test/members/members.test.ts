/** Members through HTTP: invitation, registration with the token, role changes, removal and their guards. */
import { describe, expect, it } from 'vitest';
import { addMember, auth, bearer, createOrg, registerUser, uniqueEmail, useTestServer } from '../helpers/index.js';

const server = useTestServer();

const invite = (orgId: string, token: string, body: Record<string, unknown>) =>
  server.http().post(`/v1/organizations/${orgId}/members/invite`).set(auth(token)).send(body);
const register = (body: Record<string, unknown>) =>
  server
    .http()
    .post('/v1/auth/register')
    .send({ password: 'correct-horse-battery', ...body });

describe('members: invitation and acceptance', () => {
  it('invites, and the invitee registers into the inviting tenant as an active member', async () => {
    const org = await createOrg(server);
    const email = uniqueEmail('dev');
    const res = await invite(org.id, org.owner.accessToken, { email, role: 'developer' });
    expect(res.status).toBe(201);
    expect(res.body.data.inviteToken).toMatch(/^hxinv_/);
    expect(res.body.data.member).toMatchObject({ email, role: 'developer', status: 'invited', userId: null });

    const reg = await register({ email, inviteToken: res.body.data.inviteToken });
    expect(reg.status).toBe(201);
    expect(reg.body.data.user.tenantId).toBe(org.owner.tenantId);

    const list = await server.http().get(`/v1/organizations/${org.id}/members`).set('Authorization', bearer(org.owner));
    expect(list.status).toBe(200);
    const member = list.body.data.members.find((m: { email: string }) => m.email === email);
    expect(member).toMatchObject({ status: 'active', role: 'developer', userId: reg.body.data.user.id });
    expect(member.joinedAt).not.toBeNull();

    const orgs = await server.http().get('/v1/organizations').set(auth(reg.body.data.tokens.accessToken));
    expect(orgs.body.data.organizations).toEqual([expect.objectContaining({ id: org.id, role: 'developer' })]);
  });

  it('puts the invitee in the given teams', async () => {
    const org = await createOrg(server);
    const team = await server
      .http()
      .post(`/v1/organizations/${org.id}/teams`)
      .set('Authorization', bearer(org.owner))
      .send({ name: 'Core' });
    const member = await addMember(server, org, 'viewer', { teamIds: [team.body.data.id] });
    const got = await server
      .http()
      .get(`/v1/organizations/${org.id}/teams/${team.body.data.id}`)
      .set('Authorization', bearer(org.owner));
    expect(got.body.data.members).toEqual([
      expect.objectContaining({ memberId: member.memberId, email: member.email, status: 'active', role: 'viewer' }),
    ]);
  });

  it('lets a user already in the tenant join at once, without a token', async () => {
    const orgA = await createOrg(server);
    const member = await addMember(server, orgA, 'viewer');
    const orgB = await createOrg(server, orgA.owner, 'Second');
    const res = await invite(orgB.id, orgA.owner.accessToken, { email: member.email, role: 'analyst' });
    expect(res.status).toBe(201);
    expect(res.body.data.inviteToken).toBeNull();
    expect(res.body.data.member).toMatchObject({ status: 'active', userId: member.userId, role: 'analyst' });
  });

  it('re-inviting someone still invited issues a new token; the old one stops working', async () => {
    const org = await createOrg(server);
    const email = uniqueEmail('again');
    const first = await invite(org.id, org.owner.accessToken, { email, role: 'viewer' });
    const second = await invite(org.id, org.owner.accessToken, { email, role: 'analyst' });
    expect(second.status).toBe(201);
    expect(second.body.data.member.id).toBe(first.body.data.member.id);
    expect(second.body.data.member.role).toBe('analyst');
    const old = await register({ email, inviteToken: first.body.data.inviteToken });
    expect(old.status).toBe(404);
    const fresh = await register({ email, inviteToken: second.body.data.inviteToken });
    expect(fresh.status).toBe(201);
  });
});

describe('members: errors', () => {
  it('a token works once, only for its e-mail, and an unknown token is 404', async () => {
    const org = await createOrg(server);
    const email = uniqueEmail('once');
    const res = await invite(org.id, org.owner.accessToken, { email, role: 'viewer' });
    const token = res.body.data.inviteToken;
    const wrong = await register({ email: uniqueEmail('intruder'), inviteToken: token });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.details[0].field).toBe('email');
    expect((await register({ email, inviteToken: token })).status).toBe(201);
    const reuse = await register({ email: uniqueEmail('late'), inviteToken: token });
    expect(reuse.status).toBe(404);
    const unknown = await register({ email: uniqueEmail('x'), inviteToken: 'hxinv_nope' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe('not_found');
  });

  it('refuses inviting an active member again (409) and names bad fields (400)', async () => {
    const org = await createOrg(server);
    const dup = await invite(org.id, org.owner.accessToken, { email: org.owner.email, role: 'viewer' });
    expect(dup.status).toBe(409);
    const bad = await invite(org.id, org.owner.accessToken, { email: 'nope', role: 'emperor' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details.map((d: { field: string }) => d.field).sort()).toEqual(['email', 'role']);
    const team = await invite(org.id, org.owner.accessToken, {
      email: uniqueEmail(),
      role: 'viewer',
      teamIds: ['team_unknown'],
    });
    expect(team.status).toBe(400);
    expect(team.body.error.details[0].field).toBe('teamIds[0]');
  });

  it('a manager may not grant owner or admin, nor change an admin', async () => {
    const org = await createOrg(server);
    const manager = await addMember(server, org, 'manager');
    const admin = await addMember(server, org, 'admin');
    for (const role of ['owner', 'admin']) {
      const res = await invite(org.id, manager.accessToken, { email: uniqueEmail(), role });
      expect(res.status).toBe(403);
      expect(res.body.error.code).toBe('forbidden');
    }
    const ok = await invite(org.id, manager.accessToken, { email: uniqueEmail(), role: 'developer' });
    expect(ok.status).toBe(201);
    const demote = await server
      .http()
      .patch(`/v1/organizations/${org.id}/members/${admin.memberId}`)
      .set('Authorization', bearer(manager))
      .send({ role: 'viewer' });
    expect(demote.status).toBe(403);
    const promote = await server
      .http()
      .patch(`/v1/organizations/${org.id}/members/${ok.body.data.member.id}`)
      .set('Authorization', bearer(manager))
      .send({ role: 'admin' });
    expect(promote.status).toBe(403);
  });

  it('an admin may not grant the owner role; an owner may', async () => {
    const org = await createOrg(server);
    const admin = await addMember(server, org, 'admin');
    const viewer = await addMember(server, org, 'viewer');
    const byAdmin = await server
      .http()
      .patch(`/v1/organizations/${org.id}/members/${viewer.memberId}`)
      .set('Authorization', bearer(admin))
      .send({ role: 'owner' });
    expect(byAdmin.status).toBe(403);
    const byOwner = await server
      .http()
      .patch(`/v1/organizations/${org.id}/members/${viewer.memberId}`)
      .set('Authorization', bearer(org.owner))
      .send({ role: 'owner' });
    expect(byOwner.status).toBe(200);
    expect(byOwner.body.data.role).toBe('owner');
  });

  it('the last owner can be neither demoted nor removed (409); with two owners it can', async () => {
    const org = await createOrg(server);
    const list = await server.http().get(`/v1/organizations/${org.id}/members`).set('Authorization', bearer(org.owner));
    const ownerMemberId = list.body.data.members[0].id;
    const demote = await server
      .http()
      .patch(`/v1/organizations/${org.id}/members/${ownerMemberId}`)
      .set('Authorization', bearer(org.owner))
      .send({ role: 'admin' });
    expect(demote.status).toBe(409);
    const remove = await server
      .http()
      .delete(`/v1/organizations/${org.id}/members/${ownerMemberId}`)
      .set('Authorization', bearer(org.owner));
    expect(remove.status).toBe(409);

    const second = await addMember(server, org, 'owner');
    const removeFirst = await server
      .http()
      .delete(`/v1/organizations/${org.id}/members/${ownerMemberId}`)
      .set('Authorization', bearer(second));
    expect(removeFirst.status).toBe(200);
    expect(removeFirst.body.data).toEqual({ id: ownerMemberId, deleted: true });
  });

  it('an admin cannot remove an owner', async () => {
    const org = await createOrg(server);
    await addMember(server, org, 'owner');
    const admin = await addMember(server, org, 'admin');
    const list = await server.http().get(`/v1/organizations/${org.id}/members`).set('Authorization', bearer(admin));
    const ownerId = list.body.data.members[0].id;
    const res = await server
      .http()
      .delete(`/v1/organizations/${org.id}/members/${ownerId}`)
      .set('Authorization', bearer(admin));
    expect(res.status).toBe(403);
  });
});

describe('members: security', () => {
  it('a removed member loses access at once and is listed only under status=removed', async () => {
    const org = await createOrg(server);
    const member = await addMember(server, org, 'developer');
    const before = await server.http().get(`/v1/organizations/${org.id}`).set('Authorization', bearer(member));
    expect(before.status).toBe(200);
    const removed = await server
      .http()
      .delete(`/v1/organizations/${org.id}/members/${member.memberId}`)
      .set('Authorization', bearer(org.owner));
    expect(removed.status).toBe(200);
    const after = await server.http().get(`/v1/organizations/${org.id}`).set('Authorization', bearer(member));
    expect(after.status).toBe(404);
    const again = await server
      .http()
      .delete(`/v1/organizations/${org.id}/members/${member.memberId}`)
      .set('Authorization', bearer(org.owner));
    expect(again.status).toBe(404);
    const active = await server
      .http()
      .get(`/v1/organizations/${org.id}/members`)
      .set('Authorization', bearer(org.owner));
    expect(active.body.data.members.map((m: { id: string }) => m.id)).not.toContain(member.memberId);
    const gone = await server
      .http()
      .get(`/v1/organizations/${org.id}/members?status=removed`)
      .set('Authorization', bearer(org.owner));
    expect(gone.body.data.members.map((m: { id: string }) => m.id)).toEqual([member.memberId]);
  });

  it('a pending invitation dies with the removed member', async () => {
    const org = await createOrg(server);
    const email = uniqueEmail('pending');
    const res = await invite(org.id, org.owner.accessToken, { email, role: 'viewer' });
    await server
      .http()
      .delete(`/v1/organizations/${org.id}/members/${res.body.data.member.id}`)
      .set('Authorization', bearer(org.owner));
    expect((await register({ email, inviteToken: res.body.data.inviteToken })).status).toBe(404);
  });

  it("another organization's member id answers 404, even in the same tenant", async () => {
    const orgA = await createOrg(server);
    const member = await addMember(server, orgA, 'viewer');
    const orgB = await createOrg(server, orgA.owner, 'B');
    const res = await server
      .http()
      .patch(`/v1/organizations/${orgB.id}/members/${member.memberId}`)
      .set('Authorization', bearer(orgA.owner))
      .send({ role: 'analyst' });
    expect(res.status).toBe(404);
    const stranger = await registerUser(server, 'stranger');
    const cross = await server
      .http()
      .delete(`/v1/organizations/${orgA.id}/members/${member.memberId}`)
      .set('Authorization', bearer(stranger));
    expect(cross.status).toBe(404);
  });
});

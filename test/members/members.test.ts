/** Members through HTTP: invitation, registration with the token, role changes, removal and their guards. */
import { describe, expect, it } from 'vitest';
import {
  addMember,
  createOrg,
  errorFields,
  expectStatus,
  postRaw,
  type HxTestClient,
  registerUser,
  TEST_PASSWORD,
  type TestOrg,
  type TestUser,
  uniqueEmail,
  useTestServer,
} from '../helpers/index.js';

const server = useTestServer();

type InviteBody = Parameters<HxTestClient['members']['invite']>[0]['body'];

/** The members area of the typed client as `as` (the organization's owner by default). */
const members = (org: TestOrg, as: TestUser = org.owner) => server.api(as).members;
const invite = (org: TestOrg, body: InviteBody, as?: TestUser) =>
  members(org, as).invite({ params: { orgId: org.id }, body });
const register = (body: { email: string; inviteToken: string }) =>
  server.api().auth.register({ body: { password: TEST_PASSWORD, ...body } });
const setRole = (org: TestOrg, memberId: string, role: InviteBody['role'], as?: TestUser) =>
  members(org, as).update({ params: { orgId: org.id, memberId }, body: { role } });
const remove = (org: TestOrg, memberId: string, as?: TestUser) =>
  members(org, as).remove({ params: { orgId: org.id, memberId } });
const listed = async (org: TestOrg, as?: TestUser, status?: 'removed') =>
  expectStatus(await members(org, as).list({ params: { orgId: org.id }, query: status ? { status } : {} }), 200).body
    .data.members;

describe('members: invitation and acceptance', () => {
  it('invites, and the invitee registers into the inviting tenant as an active member', async () => {
    const org = await createOrg(server);
    const email = uniqueEmail('dev');
    const res = await invite(org, { email, role: 'developer' });
    const invited = expectStatus(res, 201).body.data;
    expect(invited.inviteToken).toMatch(/^hxinv_/);
    expect(invited.member).toMatchObject({ email, role: 'developer', status: 'invited', userId: null });

    const reg = await register({ email, inviteToken: invited.inviteToken! });
    const joined = expectStatus(reg, 201).body.data;
    expect(joined.user.tenantId).toBe(org.owner.tenantId);

    const list = await members(org).list({ params: { orgId: org.id } });
    const member = expectStatus(list, 200).body.data.members.find((m) => m.email === email);
    expect(member).toMatchObject({ status: 'active', role: 'developer', userId: joined.user.id });
    expect(member!.joinedAt).not.toBeNull();

    const orgs = await server.api(joined.tokens.accessToken).organizations.list();
    expect(expectStatus(orgs, 200).body.data.organizations).toEqual([
      expect.objectContaining({ id: org.id, role: 'developer' }),
    ]);
  });

  it('puts the invitee in the given teams', async () => {
    const org = await createOrg(server);
    const teams = server.api(org.owner).teams;
    const team = expectStatus(await teams.create({ params: { orgId: org.id }, body: { name: 'Core' } }), 201).body.data;
    const member = await addMember(server, org, 'viewer', { teamIds: [team.id] });
    const got = await teams.get({ params: { orgId: org.id, teamId: team.id } });
    expect(expectStatus(got, 200).body.data.members).toEqual([
      expect.objectContaining({ memberId: member.memberId, email: member.email, status: 'active', role: 'viewer' }),
    ]);
  });

  it('lets a user already in the tenant join at once, without a token', async () => {
    const orgA = await createOrg(server);
    const member = await addMember(server, orgA, 'viewer');
    const orgB = await createOrg(server, orgA.owner, 'Second');
    const res = await invite(orgB, { email: member.email, role: 'analyst' });
    const invited = expectStatus(res, 201).body.data;
    expect(invited.inviteToken).toBeNull();
    expect(invited.member).toMatchObject({ status: 'active', userId: member.userId, role: 'analyst' });
  });

  it('re-inviting someone still invited issues a new token; the old one stops working', async () => {
    const org = await createOrg(server);
    const email = uniqueEmail('again');
    const first = expectStatus(await invite(org, { email, role: 'viewer' }), 201).body.data;
    const second = expectStatus(await invite(org, { email, role: 'analyst' }), 201).body.data;
    expect(second.member.id).toBe(first.member.id);
    expect(second.member.role).toBe('analyst');
    const old = await register({ email, inviteToken: first.inviteToken! });
    expect(old.status).toBe(404);
    const fresh = await register({ email, inviteToken: second.inviteToken! });
    expect(fresh.status).toBe(201);
  });
});

describe('members: errors', () => {
  it('a token works once, only for its e-mail, and an unknown token is 404', async () => {
    const org = await createOrg(server);
    const email = uniqueEmail('once');
    const res = await invite(org, { email, role: 'viewer' });
    const token = expectStatus(res, 201).body.data.inviteToken!;
    const wrong = await register({ email: uniqueEmail('intruder'), inviteToken: token });
    expect(errorFields(expectStatus(wrong, 400).body)[0]).toBe('email');
    expect((await register({ email, inviteToken: token })).status).toBe(201);
    const reuse = await register({ email: uniqueEmail('late'), inviteToken: token });
    expect(reuse.status).toBe(404);
    const unknown = await register({ email: uniqueEmail('x'), inviteToken: 'hxinv_nope' });
    expect(expectStatus(unknown, 404).body.error.code).toBe('not_found');
  });

  it('refuses inviting an active member again (409) and names bad fields (400)', async () => {
    const org = await createOrg(server);
    const dup = await invite(org, { email: org.owner.email, role: 'viewer' });
    expect(dup.status).toBe(409);
    // A role the contract does not have: this body goes over the raw wire.
    const bad = await postRaw(server, `/v1/organizations/${org.id}/members/invite`, org.owner, {
      email: 'nope',
      role: 'emperor',
    });
    expect(bad.status).toBe(400);
    expect(errorFields(bad.body).sort()).toEqual(['email', 'role']);
    const team = await invite(org, { email: uniqueEmail(), role: 'viewer', teamIds: ['team_unknown'] });
    expect(errorFields(expectStatus(team, 400).body)[0]).toBe('teamIds[0]');
  });

  it('a manager may not grant owner or admin, nor change an admin', async () => {
    const org = await createOrg(server);
    const manager = await addMember(server, org, 'manager');
    const admin = await addMember(server, org, 'admin');
    for (const role of ['owner', 'admin'] as const) {
      const res = await invite(org, { email: uniqueEmail(), role }, manager);
      expect(expectStatus(res, 403).body.error.code).toBe('forbidden');
    }
    const ok = await invite(org, { email: uniqueEmail(), role: 'developer' }, manager);
    const invited = expectStatus(ok, 201).body.data;
    const demote = await setRole(org, admin.memberId, 'viewer', manager);
    expect(demote.status).toBe(403);
    const promote = await setRole(org, invited.member.id, 'admin', manager);
    expect(promote.status).toBe(403);
  });

  it('an admin may not grant the owner role; an owner may', async () => {
    const org = await createOrg(server);
    const admin = await addMember(server, org, 'admin');
    const viewer = await addMember(server, org, 'viewer');
    const byAdmin = await setRole(org, viewer.memberId, 'owner', admin);
    expect(byAdmin.status).toBe(403);
    const byOwner = await setRole(org, viewer.memberId, 'owner');
    expect(expectStatus(byOwner, 200).body.data.role).toBe('owner');
  });

  it('the last owner can be neither demoted nor removed (409); with two owners it can', async () => {
    const org = await createOrg(server);
    const ownerMemberId = (await listed(org))[0]!.id;
    const demote = await setRole(org, ownerMemberId, 'admin');
    expect(demote.status).toBe(409);
    const removeLast = await remove(org, ownerMemberId);
    expect(removeLast.status).toBe(409);

    const second = await addMember(server, org, 'owner');
    const removeFirst = await remove(org, ownerMemberId, second);
    expect(expectStatus(removeFirst, 200).body.data).toEqual({ id: ownerMemberId, deleted: true });
  });

  it('an admin cannot remove an owner', async () => {
    const org = await createOrg(server);
    await addMember(server, org, 'owner');
    const admin = await addMember(server, org, 'admin');
    const ownerId = (await listed(org, admin))[0]!.id;
    const res = await remove(org, ownerId, admin);
    expect(res.status).toBe(403);
  });
});

describe('members: security', () => {
  it('a removed member loses access at once and is listed only under status=removed', async () => {
    const org = await createOrg(server);
    const member = await addMember(server, org, 'developer');
    const orgAs = (user: TestUser) => server.api(user).organizations.get({ params: { orgId: org.id } });
    const before = await orgAs(member);
    expect(before.status).toBe(200);
    const removed = await remove(org, member.memberId);
    expect(removed.status).toBe(200);
    const after = await orgAs(member);
    expect(after.status).toBe(404);
    const again = await remove(org, member.memberId);
    expect(again.status).toBe(404);
    const active = await listed(org);
    expect(active.map((m) => m.id)).not.toContain(member.memberId);
    const gone = await listed(org, org.owner, 'removed');
    expect(gone.map((m) => m.id)).toEqual([member.memberId]);
  });

  it('a pending invitation dies with the removed member', async () => {
    const org = await createOrg(server);
    const email = uniqueEmail('pending');
    const res = expectStatus(await invite(org, { email, role: 'viewer' }), 201).body.data;
    await remove(org, res.member.id);
    expect((await register({ email, inviteToken: res.inviteToken! })).status).toBe(404);
  });

  it("another organization's member id answers 404, even in the same tenant", async () => {
    const orgA = await createOrg(server);
    const member = await addMember(server, orgA, 'viewer');
    const orgB = await createOrg(server, orgA.owner, 'B');
    const res = await setRole(orgB, member.memberId, 'analyst');
    expect(res.status).toBe(404);
    const stranger = await registerUser(server, 'stranger');
    const cross = await remove(orgA, member.memberId, stranger);
    expect(cross.status).toBe(404);
  });
});

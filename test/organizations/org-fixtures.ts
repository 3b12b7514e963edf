/**
 * Enterprise test fixtures through real HTTP: an organization owned by a fresh user, and members of a
 * given role made the way a customer makes them (owner invites, invitee registers with the token).
 */
import { type TestServer, type TestUser, registerUser, uniqueEmail } from '../helpers/server.js';

export interface TestOrg {
  id: string;
  slug: string;
  owner: TestUser;
}

let slugCounter = 0;
export function uniqueSlug(tag = 'org'): string {
  slugCounter += 1;
  return `${tag}-${process.pid}-${slugCounter}-${Math.random().toString(36).slice(2, 8)}`;
}

export const bearer = (user: { accessToken: string }) => `Bearer ${user.accessToken}`;

export async function createOrg(server: TestServer, owner?: TestUser, name = 'Acme'): Promise<TestOrg> {
  const user = owner ?? (await registerUser(server, 'owner'));
  const slug = uniqueSlug();
  const res = await server.http().post('/v1/organizations').set('Authorization', bearer(user)).send({ name, slug });
  if (res.status !== 201) throw new Error(`create org failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { id: res.body.data.id, slug, owner: user };
}

export interface TestMember extends TestUser {
  memberId: string;
  role: string;
}

/** Invites a new e-mail with `role` (as `inviter`, the owner by default) and registers it with the token. */
export async function addMember(
  server: TestServer,
  org: TestOrg,
  role: string,
  opts: { inviter?: TestUser; teamIds?: string[] } = {},
): Promise<TestMember> {
  const inviter = opts.inviter ?? org.owner;
  const email = uniqueEmail(role);
  const invite = await server
    .http()
    .post(`/v1/organizations/${org.id}/members/invite`)
    .set('Authorization', bearer(inviter))
    .send({ email, role, ...(opts.teamIds ? { teamIds: opts.teamIds } : {}) });
  if (invite.status !== 201) throw new Error(`invite failed: ${invite.status} ${JSON.stringify(invite.body)}`);
  const password = 'correct-horse-battery';
  const reg = await server
    .http()
    .post('/v1/auth/register')
    .send({ email, password, name: role, inviteToken: invite.body.data.inviteToken });
  if (reg.status !== 201) throw new Error(`invited register failed: ${reg.status} ${JSON.stringify(reg.body)}`);
  const { user, tokens } = reg.body.data;
  return {
    email,
    password,
    userId: user.id,
    tenantId: user.tenantId,
    accessToken: tokens.accessToken,
    refreshToken: tokens.refreshToken,
    memberId: invite.body.data.member.id,
    role,
  };
}

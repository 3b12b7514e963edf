/**
 * The guards members operations share beyond the route permission: who may grant or take which role,
 * the organization's last active owner, live members locked for a change, teams of the organization.
 */
import { MANAGER_GRANTABLE_ROLES, type Role, roleHasPermission } from '@hx-memory/contract';
import { and, eq, ne } from 'drizzle-orm';
import type { Actor } from '../../../actor.js';
import type { Tx } from '../../../db/client.js';
import { orgMembers } from '../../../db/schema/index.js';
import { ofOrg, type OrgScope } from '../../../db/scoped-rows.js';
import { conflict, forbidden, invalid } from '../../../errors.js';
import { teamsOfOrg } from '../team-rows.js';
import type { MemberRow } from './member-rows.js';

const PRIVILEGED: readonly Role[] = ['owner', 'admin'];

/** May `actor` give `role` to someone (or take `current` away from them)? Throws 403 when not. */
export function assertMayAssign(actor: Actor, role: Role, current?: Role) {
  const own = actor.role ?? 'viewer';
  const touchesOwner = role === 'owner' || current === 'owner';
  if (touchesOwner && !roleHasPermission(own, 'org:transfer_ownership')) {
    throw forbidden('Only an owner can grant or take away the owner role');
  }
  if (own === 'manager') {
    if (!MANAGER_GRANTABLE_ROLES.includes(role)) {
      throw forbidden(`A manager may grant only ${MANAGER_GRANTABLE_ROLES.join(', ')}`);
    }
    if (current && PRIVILEGED.includes(current)) throw forbidden("A manager cannot change an owner's or admin's role");
  }
}

/** A member of the organization not removed, locked for the change. */
export async function loadLiveMember(tx: Tx, scope: OrgScope, memberId: string) {
  const [row] = await tx
    .select()
    .from(orgMembers)
    .where(and(eq(orgMembers.id, memberId), ofOrg(orgMembers, scope), ne(orgMembers.status, 'removed')))
    .limit(1)
    .for('update');
  return row;
}

/** Throws 409 when `member` is the organization's last active owner (rows locked against a race). */
export async function assertNotLastOwner(tx: Tx, scope: OrgScope, member: MemberRow, verb: string) {
  if (member.role !== 'owner' || member.status !== 'active') return;
  const owners = await tx
    .select({ id: orgMembers.id })
    .from(orgMembers)
    .where(and(ofOrg(orgMembers, scope), eq(orgMembers.role, 'owner'), eq(orgMembers.status, 'active')))
    .for('update');
  if (owners.length <= 1) throw conflict(`Cannot ${verb} the last owner of the organization; make another owner first`);
}

/**
 * Checks that every id is a team of the organization; 400 names the offending field: the array
 * element (`teamIds[2]`) for an array, or the field itself when `single` (a scalar like `teamId`).
 */
export async function assertTeamsInOrg(
  tx: Tx,
  scope: OrgScope,
  teamIds: string[],
  field: string,
  { single = false }: { single?: boolean } = {},
) {
  if (teamIds.length === 0) return;
  const known = await teamsOfOrg(tx, scope, teamIds);
  const index = teamIds.findIndex((id) => !known.has(id));
  if (index >= 0) throw invalid(single ? field : `${field}[${index}]`, 'no such team in this organization');
}

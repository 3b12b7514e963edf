/**
 * Members of an organization: invite (invited, or active at once for a user already in the tenant),
 * list, change role, remove. Guards beyond the route permission live here: managers grant only
 * MANAGER_GRANTABLE_ROLES and cannot touch owners or admins, only owners grant or take the owner role,
 * and the last active owner can be neither demoted nor removed.
 */
import { createHash, randomBytes } from 'node:crypto';
import { MANAGER_GRANTABLE_ROLES, type Role, roleHasPermission } from '@hx-memory/contract';
import { and, asc, eq, gt, inArray, isNull, ne, sql } from 'drizzle-orm';
import { recordAudit } from '../../../audit/record.js';
import { revokeKeysBeyondRole } from '../../account/key-grants.js';
import type { Actor } from '../../../actor.js';
import type { Tx } from '../../../db/client.js';
import { invitations, orgMembers, teamMembers, teams, users } from '../../../db/schema/index.js';
import { conflict, forbidden, invalid, notFound } from '../../../errors.js';
import { newId } from '../../../ids.js';
import type { ServiceDeps } from '../../deps.js';
import { decodeCursor, toPage } from '../../../db/keyset-cursor.js';
import { assertOrgResolved } from '../org-guard.js';
import { type MemberRow, toMembers } from './member-rows.js';
import { isUniqueViolation } from '../../../db/unique-violation.js';

export const INVITE_TTL_MS = 7 * 24 * 60 * 60 * 1000;
const INVITE_PREFIX = 'hxinv_';

export function hashInviteToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

function newInviteToken(): string {
  return INVITE_PREFIX + randomBytes(32).toString('base64url');
}

const PRIVILEGED: readonly Role[] = ['owner', 'admin'];

/** May `actor` give `role` to someone (or take `current` away from them)? Throws 403 when not. */
function assertMayAssign(actor: Actor, role: Role, current?: Role) {
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

async function loadLiveMember(tx: Tx, actor: Actor, orgId: string, memberId: string) {
  const [row] = await tx
    .select()
    .from(orgMembers)
    .where(
      and(
        eq(orgMembers.id, memberId),
        eq(orgMembers.organizationId, orgId),
        eq(orgMembers.tenantId, actor.tenantId),
        ne(orgMembers.status, 'removed'),
      ),
    )
    .limit(1)
    .for('update');
  return row;
}

/** Throws 409 when `member` is the organization's last active owner (rows locked against a race). */
async function assertNotLastOwner(tx: Tx, actor: Actor, orgId: string, member: MemberRow, verb: string) {
  if (member.role !== 'owner' || member.status !== 'active') return;
  const owners = await tx
    .select({ id: orgMembers.id })
    .from(orgMembers)
    .where(
      and(
        eq(orgMembers.organizationId, orgId),
        eq(orgMembers.tenantId, actor.tenantId),
        eq(orgMembers.role, 'owner'),
        eq(orgMembers.status, 'active'),
      ),
    )
    .for('update');
  if (owners.length <= 1) throw conflict(`Cannot ${verb} the last owner of the organization; make another owner first`);
}

/**
 * Checks that every id is a team of the organization; 400 names the offending field: the array
 * element (`teamIds[2]`) for an array, or the field itself when `single` (a scalar like `teamId`).
 */
export async function assertTeamsInOrg(
  tx: Tx,
  actor: Actor,
  orgId: string,
  teamIds: string[],
  field: string,
  { single = false }: { single?: boolean } = {},
) {
  if (teamIds.length === 0) return;
  const found = await tx
    .select({ id: teams.id })
    .from(teams)
    .where(and(eq(teams.organizationId, orgId), eq(teams.tenantId, actor.tenantId), inArray(teams.id, teamIds)));
  const known = new Set(found.map((t) => t.id));
  const index = teamIds.findIndex((id) => !known.has(id));
  if (index >= 0) throw invalid(single ? field : `${field}[${index}]`, 'no such team in this organization');
}

export function createMembersService(deps: Pick<ServiceDeps, 'database' | 'invalidations'>) {
  const { db } = deps.database;
  /** Keys revoked with a role change or removal leave every instance's key cache once committed. */
  const dropCachedKeys = async <T>(actor: Actor, done: T): Promise<T> => {
    await deps.invalidations.publish({ kind: 'tenant', tenantId: actor.tenantId });
    return done;
  };

  return {
    async invite(actor: Actor, orgId: string, input: { email: string; role: Role; teamIds?: string[] }) {
      assertOrgResolved(actor, orgId);
      assertMayAssign(actor, input.role);
      const teamIds = [...new Set(input.teamIds ?? [])];
      const email = input.email.toLowerCase();
      try {
        return await db.transaction(async (tx) => {
          // The request's own array, so the index in the error is the one the client sent.
          await assertTeamsInOrg(tx, actor, orgId, input.teamIds ?? [], 'teamIds');
          const [existing] = await tx
            .select()
            .from(orgMembers)
            .where(
              and(
                eq(orgMembers.organizationId, orgId),
                eq(orgMembers.tenantId, actor.tenantId),
                sql`lower(${orgMembers.email}) = ${email}`,
                ne(orgMembers.status, 'removed'),
              ),
            )
            .limit(1)
            .for('update');
          if (existing?.status === 'active') throw conflict(`${email} is already a member of this organization`);
          if (existing) assertMayAssign(actor, input.role, existing.role as Role);

          const [tenantUser] = existing
            ? []
            : await tx
                .select({ id: users.id })
                .from(users)
                .where(
                  and(
                    eq(users.tenantId, actor.tenantId),
                    sql`lower(${users.email}) = ${email}`,
                    isNull(users.deletedAt),
                  ),
                )
                .limit(1);

          const now = new Date();
          let member: MemberRow;
          if (existing) {
            // Re-inviting someone still invited: new role and token, the old token stops working.
            [member] = (await tx
              .update(orgMembers)
              .set({ role: input.role, invitedBy: actor.userId ?? null, updatedAt: now })
              .where(eq(orgMembers.id, existing.id))
              .returning()) as [MemberRow];
            await tx
              .update(invitations)
              .set({ revokedAt: now })
              .where(
                and(
                  eq(invitations.memberId, existing.id),
                  isNull(invitations.acceptedAt),
                  isNull(invitations.revokedAt),
                ),
              );
            if (input.teamIds) await tx.delete(teamMembers).where(eq(teamMembers.memberId, existing.id));
          } else {
            [member] = (await tx
              .insert(orgMembers)
              .values({
                id: newId('mbr'),
                tenantId: actor.tenantId,
                organizationId: orgId,
                userId: tenantUser?.id ?? null,
                email,
                role: input.role,
                status: tenantUser ? 'active' : 'invited',
                invitedBy: actor.userId ?? null,
                joinedAt: tenantUser ? now : null,
              })
              .returning()) as [MemberRow];
          }
          if (teamIds.length > 0) {
            await tx
              .insert(teamMembers)
              .values(
                teamIds.map((teamId) => ({
                  teamId,
                  memberId: member.id,
                  tenantId: actor.tenantId,
                  organizationId: orgId,
                })),
              )
              .onConflictDoNothing();
          }

          let inviteToken: string | null = null;
          let expiresAt: Date | null = null;
          if (member.status === 'invited') {
            inviteToken = newInviteToken();
            expiresAt = new Date(now.getTime() + INVITE_TTL_MS);
            await tx.insert(invitations).values({
              id: newId('inv'),
              tenantId: actor.tenantId,
              organizationId: orgId,
              memberId: member.id,
              email,
              tokenHash: hashInviteToken(inviteToken),
              expiresAt,
            });
          }
          await recordAudit(tx, actor, {
            action: existing ? 'member.reinvited' : 'member.invited',
            resourceType: 'member',
            resourceId: member.id,
            organizationId: orgId,
            details: { email, role: input.role, teamIds, status: member.status },
          });
          const [shaped] = await toMembers(tx, actor.tenantId, [member]);
          return { member: shaped!, inviteToken, inviteExpiresAt: expiresAt ? expiresAt.toISOString() : null };
        });
      } catch (err) {
        // Two concurrent invites of one e-mail: the partial unique index lets only one through.
        if (isUniqueViolation(err)) throw conflict(`${email} is already invited to this organization`);
        throw err;
      }
    },

    async list(actor: Actor, orgId: string, query: { limit: number; cursor?: string; status?: MemberRow['status'] }) {
      assertOrgResolved(actor, orgId);
      const after = decodeCursor(query.cursor);
      const rows = await db
        .select()
        .from(orgMembers)
        .where(
          and(
            eq(orgMembers.organizationId, orgId),
            eq(orgMembers.tenantId, actor.tenantId),
            query.status ? eq(orgMembers.status, query.status) : ne(orgMembers.status, 'removed'),
            after ? gt(orgMembers.id, after) : undefined,
          ),
        )
        .orderBy(asc(orgMembers.id))
        .limit(query.limit + 1);
      const { items, pagination } = toPage(rows, query.limit);
      return { members: await toMembers(db, actor.tenantId, items), pagination };
    },

    async updateRole(actor: Actor, orgId: string, memberId: string, input: { role: Role }) {
      assertOrgResolved(actor, orgId);
      return db
        .transaction(async (tx) => {
          const member = await loadLiveMember(tx, actor, orgId, memberId);
          if (!member) throw notFound('Member');
          const from = member.role as Role;
          assertMayAssign(actor, input.role, from);
          if (input.role !== 'owner') await assertNotLastOwner(tx, actor, orgId, member, 'demote');
          const [updated] = (await tx
            .update(orgMembers)
            .set({ role: input.role, updatedAt: new Date() })
            .where(eq(orgMembers.id, member.id))
            .returning()) as [MemberRow];
          await recordAudit(tx, actor, {
            action: 'member.role_updated',
            resourceType: 'member',
            resourceId: member.id,
            organizationId: orgId,
            details: { email: member.email, changes: { role: { from, to: input.role } } },
          });
          if (member.userId) {
            await revokeKeysBeyondRole(tx, actor, { userId: member.userId, organizationId: orgId, role: input.role });
          }
          const [shaped] = await toMembers(tx, actor.tenantId, [updated]);
          return shaped!;
        })
        .then((done) => dropCachedKeys(actor, done));
    },

    async remove(actor: Actor, orgId: string, memberId: string) {
      assertOrgResolved(actor, orgId);
      return db
        .transaction(async (tx) => {
          const member = await loadLiveMember(tx, actor, orgId, memberId);
          if (!member) throw notFound('Member');
          const role = member.role as Role;
          if (role === 'owner' && !roleHasPermission(actor.role ?? 'viewer', 'org:transfer_ownership')) {
            throw forbidden('Only an owner can remove an owner');
          }
          await assertNotLastOwner(tx, actor, orgId, member, 'remove');
          const now = new Date();
          await tx
            .update(orgMembers)
            .set({ status: 'removed', removedAt: now, updatedAt: now })
            .where(eq(orgMembers.id, member.id));
          await tx.delete(teamMembers).where(eq(teamMembers.memberId, member.id));
          await tx
            .update(invitations)
            .set({ revokedAt: now })
            .where(
              and(eq(invitations.memberId, member.id), isNull(invitations.acceptedAt), isNull(invitations.revokedAt)),
            );
          await recordAudit(tx, actor, {
            action: 'member.removed',
            resourceType: 'member',
            resourceId: member.id,
            organizationId: orgId,
            details: { email: member.email, role, previousStatus: member.status },
          });
          if (member.userId)
            await revokeKeysBeyondRole(tx, actor, { userId: member.userId, organizationId: orgId, role: null });
          return { id: member.id, deleted: true as const };
        })
        .then((done) => dropCachedKeys(actor, done));
    },
  };
}

export type MembersService = ReturnType<typeof createMembersService>;

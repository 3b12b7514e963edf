/**
 * Inviting a member: invited (with a single-use token, for an e-mail not yet in the tenant) or active
 * at once (a user of the tenant); re-inviting someone still invited issues a new token and role.
 */
import type { Role } from '@hx-memory/contract';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Actor } from '../../../actor.js';
import { recordAudit } from '../../../audit/record.js';
import type { Db } from '../../../db/client.js';
import { invitations, orgMembers, teamMembers, users } from '../../../db/schema/index.js';
import { ofOrg } from '../../../db/scoped-rows.js';
import { isUniqueViolation } from '../../../db/unique-violation.js';
import { conflict } from '../../../errors.js';
import { newId } from '../../../ids.js';
import { orgScope } from '../org-scope.js';
import { hashInviteToken, INVITE_TTL_MS, newInviteToken } from './invite-tokens.js';
import { assertMayAssign, assertTeamsInOrg } from './member-guards.js';
import { type MemberRow, toMembers } from './member-rows.js';

export async function inviteMember(
  db: Db,
  actor: Actor,
  orgId: string,
  input: { email: string; role: Role; teamIds?: string[] },
) {
  const scope = orgScope(actor, orgId);
  assertMayAssign(actor, input.role);
  const teamIds = [...new Set(input.teamIds ?? [])];
  const email = input.email.toLowerCase();
  try {
    return await db.transaction(async (tx) => {
      // The request's own array, so the index in the error is the one the client sent.
      await assertTeamsInOrg(tx, scope, input.teamIds ?? [], 'teamIds');
      const [existing] = await tx
        .select()
        .from(orgMembers)
        .where(
          and(ofOrg(orgMembers, scope), sql`lower(${orgMembers.email}) = ${email}`, ne(orgMembers.status, 'removed')),
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
              and(eq(users.tenantId, actor.tenantId), sql`lower(${users.email}) = ${email}`, isNull(users.deletedAt)),
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
            and(eq(invitations.memberId, existing.id), isNull(invitations.acceptedAt), isNull(invitations.revokedAt)),
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
}

/**
 * Accepting an invitation: registration with an invite token creates the user inside the inviting
 * tenant and activates the invited membership, in one transaction with its audit entry. The token is
 * single use, expires, and only works for the e-mail it was issued to.
 */
import { and, eq, gt, isNull } from 'drizzle-orm';
import { recordAudit } from '../../audit/record.js';
import { hashPassword } from '../../auth/passwords.js';
import type { Plan } from '../../config.js';
import type { Actor } from '../../actor.js';
import { invitations, orgMembers, tenants, users } from '../../db/schema/index.js';
import { conflict, invalid, notFound } from '../../errors.js';
import { newId } from '../../ids.js';
import type { ServiceDeps } from '../deps.js';
import { hashInviteToken } from '../enterprise/members/invite-tokens.js';

export async function acceptInvitation(
  deps: Pick<ServiceDeps, 'database' | 'config'>,
  input: { email: string; password: string; name?: string; inviteToken: string },
) {
  const { db } = deps.database;
  const passwordHash = await hashPassword(input.password);
  const email = input.email.toLowerCase();
  const name = input.name ?? email.split('@')[0] ?? email;
  return db.transaction(async (tx) => {
    const now = new Date();
    const [invite] = await tx
      .select()
      .from(invitations)
      .where(
        and(
          eq(invitations.tokenHash, hashInviteToken(input.inviteToken)),
          isNull(invitations.acceptedAt),
          isNull(invitations.revokedAt),
          gt(invitations.expiresAt, now),
        ),
      )
      .limit(1)
      .for('update');
    if (!invite) throw notFound('Invitation (unknown, expired, revoked or already used)');
    if (invite.email.toLowerCase() !== email) throw invalid('email', 'does not match the invitation');
    const [member] = await tx
      .select()
      .from(orgMembers)
      .where(and(eq(orgMembers.id, invite.memberId), eq(orgMembers.tenantId, invite.tenantId)))
      .limit(1)
      .for('update');
    if (member?.status !== 'invited') throw notFound('Invitation (unknown, expired, revoked or already used)');

    const [user] = await tx
      .insert(users)
      // Invitees join an existing tenant as members, whatever their organization role.
      .values({ id: newId('usr'), tenantId: invite.tenantId, email, name, passwordHash, tenantRole: 'member' })
      .onConflictDoNothing()
      .returning();
    if (!user) throw conflict('An account with this e-mail already exists');
    await tx
      .update(orgMembers)
      .set({ userId: user.id, status: 'active', joinedAt: now, updatedAt: now })
      .where(eq(orgMembers.id, member.id));
    await tx.update(invitations).set({ acceptedAt: now }).where(eq(invitations.id, invite.id));

    const [tenant] = await tx.select({ plan: tenants.plan }).from(tenants).where(eq(tenants.id, invite.tenantId));
    // Registration has no request id in reach; the audit row is still tied to the new user and member.
    const actor: Actor = {
      kind: 'user',
      tenantId: invite.tenantId,
      userId: user.id,
      tenantRole: 'member',
      environment: 'live',
      organizationId: invite.organizationId,
      role: member.role as Actor['role'],
      plan: (tenant?.plan ?? deps.config.DEFAULT_PLAN) as Plan,
      requestId: '',
    };
    await recordAudit(tx, actor, {
      action: 'member.joined',
      resourceType: 'member',
      resourceId: member.id,
      organizationId: invite.organizationId,
      details: { email, role: member.role, invitationId: invite.id },
    });
    return user;
  });
}

/**
 * Removing a member: never the last owner, an owner only by an owner; their team seats, pending
 * invitations and API keys in the organization go in the same transaction.
 */
import { type Role, roleHasPermission } from '@hx-memory/contract';
import { and, eq, isNull } from 'drizzle-orm';
import type { Actor } from '../../../actor.js';
import { recordAudit } from '../../../audit/record.js';
import type { Db } from '../../../db/client.js';
import { invitations, orgMembers, teamMembers } from '../../../db/schema/index.js';
import { forbidden, notFound } from '../../../errors.js';
import { revokeKeysBeyondRole } from '../../account/key-grants.js';
import { orgScope } from '../org-scope.js';
import { assertNotLastOwner, loadLiveMember } from './member-guards.js';

/** The caller drops the tenant's cached keys once this commits. */
export async function removeMember(db: Db, actor: Actor, orgId: string, memberId: string) {
  const scope = orgScope(actor, orgId);
  return db.transaction(async (tx) => {
    const member = await loadLiveMember(tx, scope, memberId);
    if (!member) throw notFound('Member');
    const role = member.role as Role;
    if (role === 'owner' && !roleHasPermission(actor.role ?? 'viewer', 'org:transfer_ownership')) {
      throw forbidden('Only an owner can remove an owner');
    }
    await assertNotLastOwner(tx, scope, member, 'remove');
    const now = new Date();
    await tx
      .update(orgMembers)
      .set({ status: 'removed', removedAt: now, updatedAt: now })
      .where(eq(orgMembers.id, member.id));
    await tx.delete(teamMembers).where(eq(teamMembers.memberId, member.id));
    await tx
      .update(invitations)
      .set({ revokedAt: now })
      .where(and(eq(invitations.memberId, member.id), isNull(invitations.acceptedAt), isNull(invitations.revokedAt)));
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
  });
}

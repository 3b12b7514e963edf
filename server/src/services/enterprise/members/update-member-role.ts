/**
 * Changing a member's role: only within what the caller may grant, never demoting the last owner;
 * API keys of the member beyond the new role are revoked in the same transaction.
 */
import type { Role } from '@hx-memory/contract';
import { eq } from 'drizzle-orm';
import type { Actor } from '../../../actor.js';
import { recordAudit } from '../../../audit/record.js';
import type { Db } from '../../../db/client.js';
import { orgMembers } from '../../../db/schema/index.js';
import { notFound } from '../../../errors.js';
import { revokeKeysBeyondRole } from '../../account/key-grants.js';
import { orgScope } from '../org-scope.js';
import { assertMayAssign, assertNotLastOwner, loadLiveMember } from './member-guards.js';
import { type MemberRow, toMembers } from './member-rows.js';

/** Answers the member; the caller drops the tenant's cached keys once this commits. */
export async function updateMemberRole(db: Db, actor: Actor, orgId: string, memberId: string, input: { role: Role }) {
  const scope = orgScope(actor, orgId);
  return db.transaction(async (tx) => {
    const member = await loadLiveMember(tx, scope, memberId);
    if (!member) throw notFound('Member');
    const from = member.role as Role;
    assertMayAssign(actor, input.role, from);
    if (input.role !== 'owner') await assertNotLastOwner(tx, scope, member, 'demote');
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
  });
}

/**
 * What an API key may be granted, and taking back what its creator no longer holds. A key never
 * grants more than the person who made it: tenant-wide keys are the tenant owner's alone; anyone else
 * binds a key to an organization they are an active member of, with at most the scopes of their role
 * there (contract ROLE_KEY_SCOPES). When the member leaves or is demoted, their keys in that
 * organization that exceed the new role are revoked in the same transaction, and audited.
 */
import { KEY_SCOPES, type KeyScope, ROLE_KEY_SCOPES, type Role } from '@hx-memory/contract';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Actor } from '../../actor.js';
import { recordAudit } from '../../audit/record.js';
import type { Queryable } from '../../db/client.js';
import { apiKeys, orgMembers } from '../../db/schema/index.js';
import { AppError, notFound } from '../../errors.js';

/** The scopes `actor` may put on a key bound to `organizationId` (null: tenant-wide). */
export async function grantableScopes(
  q: Queryable,
  actor: Actor,
  organizationId: string | null,
): Promise<readonly KeyScope[]> {
  if (actor.tenantRole === 'owner') return KEY_SCOPES;
  if (!organizationId) {
    throw new AppError('forbidden', 'Only the tenant owner creates tenant-wide API keys', [
      { field: 'organizationId', message: 'bind the key to an organization you are a member of' },
    ]);
  }
  const [member] = await q
    .select({ role: orgMembers.role })
    .from(orgMembers)
    .where(
      and(
        eq(orgMembers.tenantId, actor.tenantId),
        eq(orgMembers.organizationId, organizationId),
        eq(orgMembers.userId, actor.userId ?? ''),
        eq(orgMembers.status, 'active'),
      ),
    )
    .limit(1);
  // An organization the caller is not in is not revealed.
  if (!member) throw notFound('Organization');
  return ROLE_KEY_SCOPES[member.role as Role];
}

/** The requested scopes (default: all grantable), refused with 403 naming `scopes` beyond them. */
export function chooseScopes(requested: readonly KeyScope[] | undefined, grantable: readonly KeyScope[]): KeyScope[] {
  if (!requested) return [...grantable];
  const beyond = requested.filter((s) => !grantable.includes(s));
  if (beyond.length > 0) {
    throw new AppError('forbidden', `Your role does not allow keys with the scope(s) ${beyond.join(', ')}`, [
      { field: 'scopes', message: `at most ${grantable.join(', ') || 'none'}` },
    ]);
  }
  // Stored in the canonical order, so equal grants compare equal.
  return KEY_SCOPES.filter((s) => requested.includes(s));
}

/**
 * Revokes the live keys `userId` created in `organizationId` whose scopes exceed `role` (every key
 * when `role` is null: the member left). Runs in the caller's transaction; returns the revoked ids.
 */
export async function revokeKeysBeyondRole(
  tx: Queryable,
  actor: Actor,
  target: { userId: string; organizationId: string; role: Role | null },
): Promise<string[]> {
  const allowed = target.role ? ROLE_KEY_SCOPES[target.role] : [];
  const revoked = await tx
    .update(apiKeys)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(apiKeys.tenantId, actor.tenantId),
        eq(apiKeys.createdBy, target.userId),
        eq(apiKeys.organizationId, target.organizationId),
        isNull(apiKeys.revokedAt),
        sql`not (${apiKeys.scopes} <@ ${sql.param([...allowed])}::text[])`,
      ),
    )
    .returning({ id: apiKeys.id });
  for (const { id } of revoked) {
    await recordAudit(tx, actor, {
      action: 'api_key.revoked',
      resourceType: 'api_key',
      resourceId: id,
      organizationId: target.organizationId,
      details: { reason: target.role ? `creator demoted to ${target.role}` : 'creator left the organization' },
    });
  }
  return revoked.map((r) => r.id);
}

/**
 * Ownership inside a tenant: who may see and manage a resource created by a user (vaults, API keys).
 * The tenant owner (the user who registered the tenant) manages everything in it; any other user
 * only what they created. Callers answer 404 for the rest, so existence is not revealed.
 * See docs/decisions/identity-and-limits.md, "Ownership inside a tenant".
 */
import { type AnyColumn, eq, type SQL, sql } from 'drizzle-orm';
import type { Actor } from '../../actor.js';

/** Only a JWT user whose token resolved to the tenant owner; never an API key or an unknown role. */
export const isTenantOwner = (actor: Actor): boolean => actor.kind === 'user' && actor.tenantRole === 'owner';

/** May `actor` see and manage a resource whose `createdBy` is `createdBy`? */
export function mayManage(actor: Actor, createdBy: string): boolean {
  if (isTenantOwner(actor)) return true;
  return actor.kind === 'user' && actor.userId !== undefined && createdBy === actor.userId;
}

/**
 * The same rule as a WHERE condition on a `created_by` column: none for the tenant owner (the tenant
 * condition alone applies), the actor's own rows for other users, nothing for any other actor.
 */
export function managedBy(actor: Actor, createdBy: AnyColumn): SQL | undefined {
  if (isTenantOwner(actor)) return undefined;
  if (actor.kind === 'user' && actor.userId) return eq(createdBy, actor.userId);
  return sql`false`;
}

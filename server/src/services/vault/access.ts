/**
 * Who may use a vault. Inside its tenant: the user who created it, the tenant owner, and, for a vault
 * owned by an organization, its active members whose role holds vault:read (read) or vault:write
 * (read and change); owner and admin hold both. Anyone else gets 404 like an unknown id, so existence
 * is not revealed; a reader asking for a change gets 403 (they already know the vault).
 */
import { type Permission, ROLES, roleHasPermission } from '@hx-memory/contract';
import { and, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Actor } from '../../actor.js';
import type { Queryable } from '../../db/client.js';
import { orgMembers, organizations, vaultItems, vaults } from '../../db/schema/index.js';
import { forbidden, notFound } from '../../errors.js';
import { isTenantOwner } from '../account/ownership.js';
import type { ItemRow, VaultRow } from './model.js';

export type VaultNeed = 'read' | 'write';

const PERMISSION: Record<VaultNeed, Permission> = { read: 'vault:read', write: 'vault:write' };
const rolesWith = (need: VaultNeed) => ROLES.filter((r) => roleHasPermission(r, PERMISSION[need]));

/** org_members rows (active, of this user and tenant) whose role grants `need`. */
function grants(actor: Actor & { userId: string }, need: VaultNeed): SQL | undefined {
  return and(
    eq(orgMembers.tenantId, actor.tenantId),
    eq(orgMembers.userId, actor.userId),
    eq(orgMembers.status, 'active'),
    inArray(orgMembers.role, rolesWith(need)),
  );
}

/** The access rule as a WHERE condition on `vaults` (the tenant condition is the caller's). */
export function accessibleBy(actor: Actor, need: VaultNeed): SQL | undefined {
  if (isTenantOwner(actor)) return undefined;
  if (actor.kind !== 'user' || !actor.userId) return sql`false`;
  const user = actor as Actor & { userId: string };
  return or(
    eq(vaults.createdBy, user.userId),
    sql`${vaults.organizationId} in (select ${orgMembers.organizationId} from ${orgMembers} where ${grants(user, need)})`,
  );
}

/** A vault the actor may use for `need`: 404 when they may not see it, 403 when they may only read it. */
export async function findVault(q: Queryable, actor: Actor, vaultId: string, need: VaultNeed): Promise<VaultRow> {
  const byId = and(eq(vaults.id, vaultId), eq(vaults.tenantId, actor.tenantId));
  const [row] = await q
    .select()
    .from(vaults)
    .where(and(byId, accessibleBy(actor, 'read')))
    .limit(1);
  if (!row) throw notFound('Vault');
  if (need === 'write' && !isTenantOwner(actor) && row.createdBy !== actor.userId) {
    const [writable] = await q
      .select({ id: vaults.id })
      .from(vaults)
      .where(and(byId, accessibleBy(actor, 'write')))
      .limit(1);
    if (!writable)
      throw forbidden('Your role in the organization of this vault may read it, not change it (vault:write)');
  }
  return row;
}

export async function findItem(
  q: Queryable,
  actor: Actor,
  vaultId: string,
  itemId: string,
  need: VaultNeed,
): Promise<{ vault: VaultRow; item: ItemRow }> {
  const vault = await findVault(q, actor, vaultId, need);
  const [item] = await q
    .select()
    .from(vaultItems)
    .where(and(eq(vaultItems.id, itemId), eq(vaultItems.vaultId, vaultId), eq(vaultItems.tenantId, actor.tenantId)))
    .limit(1);
  if (!item) throw notFound('Vault item');
  return { vault, item };
}

/**
 * Changing a vault itself (its name, sensitivity, sharing) is for its creator and the tenant owner only:
 * the organization's writers use the vault, they do not decide who shares it. 403, as they see it.
 */
export function assertMayManage(actor: Actor, vault: VaultRow): void {
  if (isTenantOwner(actor) || (actor.kind === 'user' && actor.userId && vault.createdBy === actor.userId)) return;
  throw forbidden('Only the creator of this vault and the tenant owner may change it');
}

/** Creating a vault for an organization needs vault:write there (or the tenant owner); else 404. */
export async function assertMayCreateIn(q: Queryable, actor: Actor, organizationId: string): Promise<void> {
  const [org] = await q
    .select({ id: organizations.id })
    .from(organizations)
    .where(and(eq(organizations.id, organizationId), eq(organizations.tenantId, actor.tenantId)))
    .limit(1);
  if (org && isTenantOwner(actor)) return;
  if (org && actor.kind === 'user' && actor.userId) {
    const [granted] = await q
      .select({ id: orgMembers.organizationId })
      .from(orgMembers)
      .where(and(eq(orgMembers.organizationId, organizationId), grants(actor as Actor & { userId: string }, 'write')))
      .limit(1);
    if (granted) return;
  }
  throw notFound('Organization');
}

/** Vault CRUD: create (optionally for an organization), list what the actor may use, delete. */
import type { VaultSensitivity } from '@hx-memory/contract';
import { and, eq } from 'drizzle-orm';
import type { Actor } from '../../actor.js';
import { pageRows } from '../../db/scoped-rows.js';
import { vaultItems, vaults } from '../../db/schema/index.js';
import { conflict, forbidden } from '../../errors.js';
import { newId } from '../../ids.js';
import { accessibleBy, assertMayCreateIn, findVault } from './access.js';
import { auditVault } from './audit.js';
import { SYSTEM_VAULT_NAME, type VaultDeps, actorRef, toVault } from './model.js';

export async function createVault(
  deps: VaultDeps,
  actor: Actor,
  input: { name: string; description?: string; sensitivity: VaultSensitivity; organizationId?: string },
) {
  if (input.name.toLowerCase() === SYSTEM_VAULT_NAME) {
    throw conflict(`The vault name "${SYSTEM_VAULT_NAME}" is reserved for redacted capture secrets`);
  }
  return deps.db.transaction(async (tx) => {
    if (input.organizationId) await assertMayCreateIn(tx, actor, input.organizationId);
    const [row] = await tx
      .insert(vaults)
      .values({
        id: newId('vlt'),
        tenantId: actor.tenantId,
        name: input.name,
        description: input.description ?? null,
        sensitivity: input.sensitivity,
        organizationId: input.organizationId ?? null,
        createdBy: actorRef(actor),
      })
      .onConflictDoNothing()
      .returning();
    if (!row) throw conflict(`A vault named "${input.name}" already exists`);
    await auditVault(
      tx,
      actor,
      row,
      'vault.created',
      { type: 'vault', id: row.id },
      {
        name: row.name,
        ...(row.organizationId ? { organizationId: row.organizationId } : {}),
      },
    );
    return toVault(row);
  });
}

/** The vaults the actor may read: their own, their organizations' by role, all for the tenant owner. */
export async function listVaults(deps: VaultDeps, actor: Actor, query: { limit: number; cursor?: string }) {
  const { items, pagination } = await pageRows(
    deps.db,
    vaults,
    and(eq(vaults.tenantId, actor.tenantId), accessibleBy(actor, 'read')),
    query,
  );
  return { vaults: items.map(toVault), pagination };
}

export async function deleteVault(deps: VaultDeps, actor: Actor, vaultId: string) {
  return deps.db.transaction(async (tx) => {
    const vault = await findVault(tx, actor, vaultId, 'write');
    if (vault.system) throw forbidden('The system vault holds redacted capture secrets and cannot be deleted');
    // Item versions go with their items (foreign key, on delete cascade).
    const deleted = await tx
      .delete(vaultItems)
      .where(eq(vaultItems.vaultId, vault.id))
      .returning({ id: vaultItems.id });
    await tx.delete(vaults).where(eq(vaults.id, vault.id));
    await auditVault(
      tx,
      actor,
      vault,
      'vault.deleted',
      { type: 'vault', id: vault.id },
      { name: vault.name, itemsDeleted: deleted.length },
    );
    return { id: vault.id, deleted: true as const };
  });
}

/**
 * Vault CRUD: create (optionally for an organization), list what the actor may use, update (its sharing
 * included), delete.
 */
import type { VaultSensitivity } from '@hx-memory/contract';
import { and, eq } from 'drizzle-orm';
import type { Actor } from '../../actor.js';
import { pageRows } from '../../db/scoped-rows.js';
import { vaultItems, vaults } from '../../db/schema/index.js';
import { isUniqueViolation } from '../../db/unique-violation.js';
import { conflict, forbidden } from '../../errors.js';
import { newId } from '../../ids.js';
import { accessibleBy, assertMayCreateIn, assertMayManage, findVault } from './access.js';
import { auditVault } from './audit.js';
import { SYSTEM_VAULT_NAME, type VaultDeps, actorRef, toVault } from './model.js';

function assertNameAllowed(name: string) {
  if (name.toLowerCase() === SYSTEM_VAULT_NAME) {
    throw conflict(`The vault name "${SYSTEM_VAULT_NAME}" is reserved for redacted capture secrets`);
  }
}

const nameTaken = (name: string) => conflict(`A vault named "${name}" already exists`);

export async function createVault(
  deps: VaultDeps,
  actor: Actor,
  input: { name: string; description?: string; sensitivity: VaultSensitivity; organizationId?: string },
) {
  assertNameAllowed(input.name);
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
    if (!row) throw nameTaken(input.name);
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

export interface VaultUpdate {
  name?: string;
  description?: string | null;
  sensitivity?: VaultSensitivity;
  /** null: shared with no organization (the creator and the tenant owner only). */
  organizationId?: string | null;
}

/**
 * Changes name, description, sensitivity and sharing; only the creator and the tenant owner may (403 for
 * anyone else who sees the vault). A new organization needs vault:write there, as at creation. Access is
 * computed from the row on every request, so the move applies at once. Audited with the fields changed.
 */
export async function updateVault(deps: VaultDeps, actor: Actor, vaultId: string, input: VaultUpdate) {
  try {
    return await deps.db.transaction(async (tx) => {
      await findVault(tx, actor, vaultId, 'read');
      // Locked: two concurrent updates are applied one after the other, each audited against the row it changed.
      const [before] = await tx.select().from(vaults).where(eq(vaults.id, vaultId)).for('update');
      assertMayManage(actor, before!);
      const vault = before!;
      const changes: Partial<typeof vaults.$inferInsert> = {};
      if (input.name !== undefined && input.name !== vault.name) changes.name = input.name;
      if (input.description !== undefined && input.description !== vault.description)
        changes.description = input.description;
      if (input.sensitivity !== undefined && input.sensitivity !== vault.sensitivity)
        changes.sensitivity = input.sensitivity;
      if (input.organizationId !== undefined && input.organizationId !== vault.organizationId)
        changes.organizationId = input.organizationId;
      const fields = Object.keys(changes);
      if (fields.length === 0) return toVault(vault);
      if (vault.system && (changes.name !== undefined || changes.organizationId !== undefined)) {
        throw forbidden(
          'The system vault holds redacted capture secrets: it keeps its name and is shared with no organization',
        );
      }
      if (changes.name !== undefined) assertNameAllowed(changes.name);
      if (changes.organizationId) await assertMayCreateIn(tx, actor, changes.organizationId);
      const [row] = await tx
        .update(vaults)
        .set({ ...changes, updatedAt: new Date() })
        .where(eq(vaults.id, vault.id))
        .returning();
      await auditVault(
        tx,
        actor,
        row!,
        'vault.updated',
        { type: 'vault', id: vault.id },
        {
          name: row!.name,
          fields,
          ...(changes.name !== undefined ? { previousName: vault.name } : {}),
          ...(changes.sensitivity !== undefined ? { previousSensitivity: vault.sensitivity } : {}),
          ...(changes.organizationId !== undefined
            ? { organizationId: row!.organizationId, previousOrganizationId: vault.organizationId }
            : {}),
        },
      );
      return toVault(row!);
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw nameTaken(input.name ?? '');
    throw err;
  }
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

/**
 * Vault items: store, list (never values), update (a new value is a new version, the old one kept in
 * vault_item_versions), delete (every version with it). Each change is audited in its transaction.
 */
import { and, eq } from 'drizzle-orm';
import type { Actor } from '../../actor.js';
import { pageRows } from '../../db/scoped-rows.js';
import { vaultItemVersions, vaultItems } from '../../db/schema/index.js';
import { newId } from '../../ids.js';
import { findItem, findVault } from './access.js';
import { auditVault } from './audit.js';
import { type ItemRow, type VaultDeps, actorRef, toItem } from './model.js';

export async function createItem(
  deps: VaultDeps,
  actor: Actor,
  vaultId: string,
  input: { name: string; value: string; type?: string; metadata?: Record<string, unknown> },
) {
  return deps.db.transaction(async (tx) => {
    const vault = await findVault(tx, actor, vaultId, 'write');
    const id = newId('vit');
    const sealed = await deps.envelope.seal(input.value, {
      tenantId: actor.tenantId,
      vaultId: vault.id,
      itemId: id,
      version: 1,
    });
    const [row] = await tx
      .insert(vaultItems)
      .values({
        id,
        tenantId: actor.tenantId,
        vaultId: vault.id,
        name: input.name,
        type: input.type ?? null,
        metadata: input.metadata ?? {},
        version: 1,
        ...sealed,
        createdBy: actorRef(actor),
      })
      .returning();
    await auditVault(
      tx,
      actor,
      vault,
      'vault.item.created',
      { type: 'vault_item', id },
      { itemId: id, version: 1 },
      row,
    );
    return toItem(row!);
  });
}

export async function listItems(
  deps: VaultDeps,
  actor: Actor,
  vaultId: string,
  query: { limit: number; cursor?: string },
) {
  const vault = await findVault(deps.db, actor, vaultId, 'read');
  const { items, pagination } = await pageRows(
    deps.db,
    vaultItems,
    and(eq(vaultItems.tenantId, actor.tenantId), eq(vaultItems.vaultId, vault.id)),
    query,
  );
  return { items: items.map(toItem), pagination };
}

export interface ItemUpdate {
  value?: string;
  name?: string;
  type?: string | null;
  metadata?: Record<string, unknown>;
}

/** A new value seals version N+1 under a fresh DEK and keeps version N; other fields change in place. */
export async function updateItem(deps: VaultDeps, actor: Actor, vaultId: string, itemId: string, input: ItemUpdate) {
  return deps.db.transaction(async (tx) => {
    const { vault } = await findItem(tx, actor, vaultId, itemId, 'write');
    // Locked: concurrent updates get consecutive versions, and a rotation batch waits for this one.
    const [item] = (await tx.select().from(vaultItems).where(eq(vaultItems.id, itemId)).for('update')) as [ItemRow];
    const now = new Date();
    const changes: Partial<typeof vaultItems.$inferInsert> = { updatedAt: now };
    if (input.name !== undefined) changes.name = input.name;
    if (input.type !== undefined) changes.type = input.type;
    if (input.metadata !== undefined) changes.metadata = input.metadata;
    let version = item.version;
    if (input.value !== undefined) {
      await tx.insert(vaultItemVersions).values({
        id: newId('viv'),
        tenantId: item.tenantId,
        vaultId: item.vaultId,
        itemId: item.id,
        version: item.version,
        ciphertext: item.ciphertext,
        wrappedDek: item.wrappedDek,
        kekId: item.kekId,
        createdBy: item.versionCreatedBy ?? item.createdBy,
        createdAt: item.versionCreatedAt ?? item.createdAt,
      });
      version = item.version + 1;
      const sealed = await deps.envelope.seal(input.value, {
        tenantId: item.tenantId,
        vaultId: item.vaultId,
        itemId: item.id,
        version,
      });
      Object.assign(changes, sealed, { version, versionCreatedBy: actorRef(actor), versionCreatedAt: now });
    }
    const [row] = await tx.update(vaultItems).set(changes).where(eq(vaultItems.id, item.id)).returning();
    await auditVault(
      tx,
      actor,
      vault,
      'vault.item.updated',
      { type: 'vault_item', id: item.id },
      { itemId: item.id, version, previousVersion: item.version, fields: Object.keys(input) },
      row,
    );
    return toItem(row!);
  });
}

export async function deleteItem(deps: VaultDeps, actor: Actor, vaultId: string, itemId: string) {
  return deps.db.transaction(async (tx) => {
    const { vault, item } = await findItem(tx, actor, vaultId, itemId, 'write');
    // Older versions go with the item (foreign key, on delete cascade).
    await tx.delete(vaultItems).where(eq(vaultItems.id, item.id));
    await auditVault(
      tx,
      actor,
      vault,
      'vault.item.deleted',
      { type: 'vault_item', id: item.id },
      { itemId: item.id, version: item.version },
      item,
    );
    return { id: item.id, deleted: true as const };
  });
}

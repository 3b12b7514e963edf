/**
 * Item versions: the current one lives in vault_items, older ones in vault_item_versions (each under
 * its own DEK, version bound in the AAD). Listed newest first without values; pruned oldest first,
 * never the current one.
 */
import type { VaultItemVersion } from '@hx-memory/contract';
import { and, desc, eq, inArray, lt } from 'drizzle-orm';
import type { Actor } from '../../actor.js';
import type { SealedSecret } from '../../crypto/envelope.js';
import type { Queryable } from '../../db/client.js';
import { decodeCursor, encodeCursor } from '../../db/keyset-cursor.js';
import { vaultItemVersions } from '../../db/schema/index.js';
import { invalid, notFound } from '../../errors.js';
import { findItem } from './access.js';
import { auditVault } from './audit.js';
import type { ItemRow, VaultDeps } from './model.js';

/** A sealed version of `item` with its AAD fields: the current one, or an older one (404 if absent or pruned). */
export async function sealedVersion(
  q: Queryable,
  item: ItemRow,
  version?: number,
): Promise<SealedSecret & { tenantId: string; vaultId: string; itemId: string; version: number }> {
  const at = { tenantId: item.tenantId, vaultId: item.vaultId, itemId: item.id };
  if (version === undefined || version === item.version) {
    return {
      ...at,
      version: item.version,
      ciphertext: item.ciphertext,
      wrappedDek: item.wrappedDek,
      kekId: item.kekId,
    };
  }
  const [row] = await q
    .select()
    .from(vaultItemVersions)
    .where(and(eq(vaultItemVersions.itemId, item.id), eq(vaultItemVersions.version, version)))
    .limit(1);
  if (!row) throw notFound('Vault item version');
  return { ...at, version: row.version, ciphertext: row.ciphertext, wrappedDek: row.wrappedDek, kekId: row.kekId };
}

function versionCursor(cursor: string | undefined): number | undefined {
  const raw = decodeCursor(cursor);
  if (raw === undefined) return undefined;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1) throw invalid('query.cursor', 'is not a cursor returned by this list');
  return n;
}

/** Newest first: the current version on the first page, then the kept older ones. */
export async function listVersions(
  deps: VaultDeps,
  actor: Actor,
  vaultId: string,
  itemId: string,
  query: { limit: number; cursor?: string },
) {
  const before = versionCursor(query.cursor);
  const { item } = await findItem(deps.db, actor, vaultId, itemId, 'read');
  const older = await deps.db
    .select()
    .from(vaultItemVersions)
    .where(and(eq(vaultItemVersions.itemId, item.id), lt(vaultItemVersions.version, before ?? item.version)))
    .orderBy(desc(vaultItemVersions.version))
    .limit(query.limit + 1);
  const entries: VaultItemVersion[] = older.map((v) => ({
    version: v.version,
    current: false,
    createdBy: v.createdBy,
    createdAt: v.createdAt.toISOString(),
  }));
  if (before === undefined) {
    entries.unshift({
      version: item.version,
      current: true,
      createdBy: item.versionCreatedBy ?? item.createdBy,
      createdAt: (item.versionCreatedAt ?? item.createdAt).toISOString(),
    });
  }
  const hasMore = entries.length > query.limit;
  const versions = entries.slice(0, query.limit);
  const last = versions[versions.length - 1];
  return {
    versions,
    pagination: { hasMore, ...(hasMore && last ? { cursor: encodeCursor(String(last.version)) } : {}) },
  };
}

/** Deletes the older versions beyond the newest `keep` (the current one counts as one). */
export async function pruneVersions(deps: VaultDeps, actor: Actor, vaultId: string, itemId: string, keep: number) {
  return deps.db.transaction(async (tx) => {
    const { vault, item } = await findItem(tx, actor, vaultId, itemId, 'write');
    const older = await tx
      .select({ version: vaultItemVersions.version })
      .from(vaultItemVersions)
      .where(eq(vaultItemVersions.itemId, item.id))
      .orderBy(desc(vaultItemVersions.version));
    const pruned = older.slice(keep - 1).map((v) => v.version);
    if (pruned.length > 0) {
      await tx
        .delete(vaultItemVersions)
        .where(and(eq(vaultItemVersions.itemId, item.id), inArray(vaultItemVersions.version, pruned)));
    }
    await auditVault(
      tx,
      actor,
      vault,
      'vault.item.versions.pruned',
      { type: 'vault_item', id: item.id },
      { itemId: item.id, version: item.version, pruned },
      item,
    );
    return { id: item.id, version: item.version, pruned };
  });
}

/**
 * Vaults and their encrypted items. An item row holds only the AES-256-GCM ciphertext, the DEK
 * wrapped by a KEK and that KEK's id; the plaintext value is never stored.
 */
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, tenantId, ts, updatedAt } from './columns.js';

export const vaults = pgTable(
  'vaults',
  {
    id: text('id').primaryKey(),
    tenantId: tenantId(),
    name: text('name').notNull(),
    description: text('description'),
    /** low | medium | high | critical: decides how much each audit entry records. */
    sensitivity: text('sensitivity').notNull().default('medium'),
    /** The tenant's system vault, where capture puts the secrets it redacts. */
    system: boolean('system').notNull().default(false),
    /** Set: shared with this organization by role (vault:read / vault:write); null: creator and tenant owner. */
    organizationId: text('organization_id'),
    createdBy: text('created_by').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('vaults_tenant_name_uq').on(t.tenantId, t.name),
    uniqueIndex('vaults_tenant_system_uq').on(t.tenantId).where(sql`${t.system}`),
    index('vaults_org_idx').on(t.tenantId, t.organizationId),
  ],
);

export const vaultItems = pgTable(
  'vault_items',
  {
    id: text('id').primaryKey(),
    tenantId: tenantId(),
    vaultId: text('vault_id')
      .notNull()
      .references(() => vaults.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    type: text('type'),
    metadata: jsonb('metadata').notNull().default({}).$type<Record<string, unknown>>(),
    /** Current version (older ones in vault_item_versions); bound into the AAD with tenant, vault and item ids. */
    version: integer('version').notNull().default(1),
    /** base64 of `v1 || iv || ciphertext || tag` under the item's DEK. */
    ciphertext: text('ciphertext').notNull(),
    /** base64 of the DEK sealed by the KEK `kek_id`. */
    wrappedDek: text('wrapped_dek').notNull(),
    kekId: text('kek_id').notNull(),
    createdBy: text('created_by').notNull(),
    /** Who wrote the current version and when; null for version 1 (createdBy, createdAt). */
    versionCreatedBy: text('version_created_by'),
    versionCreatedAt: ts('version_created_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('vault_items_vault_idx').on(t.tenantId, t.vaultId, t.id), index('vault_items_kek_idx').on(t.kekId)],
);

/**
 * Older versions of an item's value, each sealed under its own DEK with its version in the AAD. The
 * current version stays in vault_items; deleting the item deletes these (crypto-shredding them too).
 */
export const vaultItemVersions = pgTable(
  'vault_item_versions',
  {
    id: text('id').primaryKey(),
    tenantId: tenantId(),
    vaultId: text('vault_id').notNull(),
    itemId: text('item_id')
      .notNull()
      .references(() => vaultItems.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    ciphertext: text('ciphertext').notNull(),
    wrappedDek: text('wrapped_dek').notNull(),
    kekId: text('kek_id').notNull(),
    createdBy: text('created_by').notNull(),
    /** When this version was written (not when it was superseded). */
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('vault_item_versions_item_uq').on(t.itemId, t.version),
    index('vault_item_versions_kek_idx').on(t.kekId),
  ],
);

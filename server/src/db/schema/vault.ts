/**
 * Vaults and their encrypted items. An item row holds only the AES-256-GCM ciphertext, the DEK
 * wrapped by a KEK and that KEK's id; the plaintext value is never stored.
 */
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, tenantId, updatedAt } from './columns.js';

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
    createdBy: text('created_by').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('vaults_tenant_name_uq').on(t.tenantId, t.name),
    uniqueIndex('vaults_tenant_system_uq').on(t.tenantId).where(sql`${t.system}`),
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
    /** Item version; bound into the AAD with tenant, vault and item ids. */
    version: integer('version').notNull().default(1),
    /** base64 of `v1 || iv || ciphertext || tag` under the item's DEK. */
    ciphertext: text('ciphertext').notNull(),
    /** base64 of the DEK sealed by the KEK `kek_id`. */
    wrappedDek: text('wrapped_dek').notNull(),
    kekId: text('kek_id').notNull(),
    createdBy: text('created_by').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('vault_items_vault_idx').on(t.tenantId, t.vaultId, t.id), index('vault_items_kek_idx').on(t.kekId)],
);

/** Store items: JSON documents put and read by path and key (contract/src/routes/store.ts). */
import { index, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, tenantId, updatedAt } from './columns.js';

export const storeItems = pgTable(
  'store_items',
  {
    id: text('id').primaryKey(),
    tenantId: tenantId(),
    environment: text('environment').notNull(),
    /** The Hx namespace, stored as events and memories store it (a registered one by id). */
    namespace: text('namespace').notNull().default('default'),
    /** The labels joined with periods (a label never holds one): a prefix is a string prefix. */
    path: text('path').notNull(),
    key: text('key').notNull(),
    value: jsonb('value').notNull().$type<Record<string, unknown>>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('store_items_key_idx').on(t.tenantId, t.environment, t.namespace, t.path, t.key),
    index('store_items_recent_idx').on(t.tenantId, t.environment, t.namespace, t.updatedAt),
  ],
);

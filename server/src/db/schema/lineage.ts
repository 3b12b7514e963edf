/** Lineage edges: captured_from, supersedes, compiled_into, redacted_into. */
import { index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, tenantId } from './columns.js';

export const lineageEdges = pgTable(
  'lineage_edges',
  {
    id: text('id').primaryKey(),
    tenantId: tenantId(),
    fromId: text('from_id').notNull(),
    toId: text('to_id').notNull(),
    type: text('type').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    // The unique index also serves lookups by (tenant, from).
    index('lineage_to_idx').on(t.tenantId, t.toId),
    uniqueIndex('lineage_edge_uq').on(t.tenantId, t.fromId, t.toId, t.type),
  ],
);

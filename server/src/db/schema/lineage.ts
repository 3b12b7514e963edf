/** Lineage edges: captured_from, supersedes, compiled_into, redacted_into. */
import { index, pgTable, text } from 'drizzle-orm/pg-core';
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
  (t) => [index('lineage_from_idx').on(t.tenantId, t.fromId), index('lineage_to_idx').on(t.tenantId, t.toId)],
);

/** Memory namespaces: named partitions of a tenant's memories, each owned by one organization. */
import { sql } from 'drizzle-orm';
import { index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, tenantId, updatedAt } from './columns.js';

export const namespaces = pgTable(
  'namespaces',
  {
    id: text('id').primaryKey(),
    tenantId: tenantId(),
    organizationId: text('organization_id').notNull(),
    /** Unique in the tenant: events and memories name their namespace by this or by id. */
    name: text('name').notNull(),
    description: text('description'),
    sensitivity: text('sensitivity').notNull().default('internal'),
    teamIds: text('team_ids').array().notNull().default(sql`'{}'::text[]`),
    createdBy: text('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('namespaces_name_uq').on(t.tenantId, t.name),
    index('namespaces_org_idx').on(t.tenantId, t.organizationId, t.id),
  ],
);

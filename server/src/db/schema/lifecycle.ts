/** Lifecycle (retention) policies; the lifecycle job applies them to memories and events in their scope. */
import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, tenantId, ts, updatedAt } from './columns.js';

export const lifecyclePolicies = pgTable(
  'lifecycle_policies',
  {
    id: text('id').primaryKey(),
    tenantId: tenantId(),
    organizationId: text('organization_id').notNull(),
    name: text('name').notNull(),
    retentionDays: integer('retention_days'),
    archiveAfterDays: integer('archive_after_days'),
    deleteAfterDays: integer('delete_after_days'),
    scope: text('scope').notNull(),
    lastRunAt: ts('last_run_at'),
    createdBy: text('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('lifecycle_policies_org_idx').on(t.tenantId, t.organizationId, t.id)],
);

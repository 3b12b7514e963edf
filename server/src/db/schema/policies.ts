/** Access policies (allow/deny) of an organization, evaluated by services/policy-engine.ts. */
import { index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, tenantId, updatedAt } from './columns.js';

export const accessPolicies = pgTable(
  'access_policies',
  {
    id: text('id').primaryKey(),
    tenantId: tenantId(),
    organizationId: text('organization_id').notNull(),
    name: text('name').notNull(),
    effect: text('effect').notNull(),
    resource: text('resource').notNull(),
    action: text('action').notNull(),
    conditions: jsonb('conditions').notNull().default({}).$type<{ team?: string; agent?: string; role?: string }>(),
    priority: integer('priority').notNull(),
    createdBy: text('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('access_policies_org_idx').on(t.tenantId, t.organizationId, t.priority)],
);

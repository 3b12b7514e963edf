/** Column shapes tables repeat: tenant scope, timestamps, and the column groups of related tables. */
import { type SQL, sql } from 'drizzle-orm';
import { customType, text, timestamp } from 'drizzle-orm/pg-core';

export const tenantId = () => text('tenant_id').notNull();
export const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
export const updatedAt = () => timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
export const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Where compiled data lives (memories, artifacts): tenant, environment, namespace, subject, session. */
export const compiledScopeColumns = () => ({
  id: text('id').primaryKey(),
  tenantId: tenantId(),
  environment: text('environment').notNull(),
  namespace: text('namespace').notNull().default('default'),
  subjectId: text('subject_id'),
  sessionId: text('session_id'),
});

/** Who a log row says acted, in which tenant and organization (audit and access logs). */
export const logEntryColumns = () => ({
  id: text('id').primaryKey(),
  tenantId: tenantId(),
  organizationId: text('organization_id'),
  actorType: text('actor_type').notNull(),
  actorId: text('actor_id').notNull(),
});

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });
/** Stored english tsvector of a text column, kept by Postgres itself (retrieval reads it instead of re-parsing text). */
export const searchVector = (column: string): ReturnType<ReturnType<typeof tsvector>['generatedAlwaysAs']> =>
  tsvector('search').generatedAlwaysAs((): SQL => sql.raw(`to_tsvector('english', "${column}")`));

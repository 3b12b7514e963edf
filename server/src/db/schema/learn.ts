/** Learn jobs: queued -> running -> completed | failed. */
import { index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, tenantId, ts } from './columns.js';

export const learnJobs = pgTable(
  'learn_jobs',
  {
    id: text('id').primaryKey(),
    tenantId: tenantId(),
    environment: text('environment').notNull(),
    /** Serialised scope (namespace/session/subject/agent); two jobs of one scope never run at once. */
    scopeKey: text('scope_key').notNull(),
    scope: text('scope').notNull(),
    filters: jsonb('filters').notNull().default({}).$type<Record<string, unknown>>(),
    options: jsonb('options').notNull().default({}).$type<Record<string, unknown>>(),
    status: text('status').notNull(),
    artifacts: jsonb('artifacts').$type<Record<string, unknown>>(),
    stats: jsonb('stats').$type<Record<string, unknown>>(),
    error: text('error'),
    startedAt: ts('started_at'),
    finishedAt: ts('finished_at'),
    createdAt: createdAt(),
  },
  (t) => [index('learn_jobs_scope_idx').on(t.tenantId, t.environment, t.scopeKey, t.status)],
);

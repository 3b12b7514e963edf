/** Learn jobs: queued -> running -> completed | failed, with their counts. */
import { index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, tenantId, ts } from './columns.js';

export const learnJobs = pgTable(
  'learn_jobs',
  {
    id: text('id').primaryKey(),
    tenantId: tenantId(),
    environment: text('environment').notNull(),
    /** Serialisation key (tenant + environment): learns sharing it never run at once. */
    scopeKey: text('scope_key').notNull(),
    scope: text('scope').notNull(),
    /** namespace / sessionId / subjectId / agentId the job compiles. */
    filters: jsonb('filters').notNull().default({}).$type<Record<string, string | string[] | null>>(),
    options: jsonb('options').notNull().default({}).$type<Record<string, unknown>>(),
    status: text('status').notNull(),
    artifacts: jsonb('artifacts').$type<Record<string, unknown>>(),
    stats: jsonb('stats').$type<Record<string, unknown>>(),
    error: text('error'),
    compiler: text('compiler'),
    apiKeyId: text('api_key_id'),
    requestId: text('request_id'),
    startedAt: ts('started_at'),
    finishedAt: ts('finished_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('learn_jobs_scope_idx').on(t.tenantId, t.environment, t.scopeKey, t.status),
    index('learn_jobs_created_idx').on(t.tenantId, t.environment, t.createdAt),
  ],
);

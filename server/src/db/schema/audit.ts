/** Audit log (who changed or read what) and memory access log (which memories were read, by whom). */
import { index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, logEntryColumns } from './columns.js';

export const auditLogs = pgTable(
  'audit_logs',
  {
    ...logEntryColumns(),
    action: text('action').notNull(),
    outcome: text('outcome').notNull().default('success').$type<'success' | 'denied' | 'failed'>(),
    resourceType: text('resource_type').notNull(),
    resourceId: text('resource_id'),
    details: jsonb('details').notNull().default({}).$type<Record<string, unknown>>(),
    requestId: text('request_id'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_org_idx').on(t.tenantId, t.organizationId, t.id),
    index('audit_resource_idx').on(t.tenantId, t.resourceType, t.resourceId),
  ],
);

export const accessLogs = pgTable(
  'access_logs',
  {
    ...logEntryColumns(),
    environment: text('environment').notNull(),
    apiKeyId: text('api_key_id'),
    agentId: text('agent_id'),
    namespace: text('namespace'),
    operation: text('operation').notNull(),
    query: text('query'),
    memoryIds: text('memory_ids').array().notNull(),
    artifactIds: text('artifact_ids').array().notNull(),
    /** A synthesize's context tokens (budget.used), for usage metrics; null for other operations. */
    tokensUsed: integer('tokens_used'),
    /** A synthesize's candidate tokens (compressionRatio is these over `tokensUsed`); null otherwise. */
    candidateTokens: integer('candidate_tokens'),
    requestId: text('request_id'),
    createdAt: createdAt(),
  },
  (t) => [index('access_org_idx').on(t.tenantId, t.organizationId, t.id)],
);

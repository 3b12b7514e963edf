/** Captured events: the raw, redacted record every memory and artifact is compiled from. */
import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, real, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, tenantId, ts } from './columns.js';

export const events = pgTable(
  'events',
  {
    id: text('id').primaryKey(),
    tenantId: tenantId(),
    environment: text('environment').notNull(),
    namespace: text('namespace').notNull().default('default'),
    sessionId: text('session_id').notNull(),
    agentId: text('agent_id'),
    subjectId: text('subject_id'),
    type: text('type').notNull(),
    payload: jsonb('payload').notNull().$type<Record<string, unknown>>(),
    metadata: jsonb('metadata').notNull().default({}).$type<Record<string, unknown>>(),
    /** Flattened searchable text of the payload (speaker + content for messages). */
    text: text('text').notNull().default(''),
    /** SHA-256 of session, type and payload: finds duplicates inside the window. */
    contentHash: text('content_hash').notNull(),
    idempotencyKey: text('idempotency_key'),
    salience: real('salience').notNull().default(0.5),
    occurredAt: ts('occurred_at').notNull(),
    compiledAt: ts('compiled_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('events_scope_idx').on(t.tenantId, t.environment, t.namespace, t.id),
    index('events_session_idx').on(t.tenantId, t.environment, t.sessionId),
    index('events_hash_idx').on(t.tenantId, t.environment, t.contentHash, t.createdAt),
    index('events_uncompiled_idx').on(t.tenantId, t.environment).where(sql`${t.compiledAt} is null`),
    uniqueIndex('events_idem_uq').on(t.tenantId, t.environment, t.idempotencyKey),
    index('events_fts_idx').using('gin', sql`to_tsvector('english', ${t.text})`),
  ],
);

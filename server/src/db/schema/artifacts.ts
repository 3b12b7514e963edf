/** Compiled artifacts: profiles, summaries, timelines, digests and procedural knowledge. */
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, real, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, tenantId, updatedAt } from './columns.js';

export const artifacts = pgTable(
  'artifacts',
  {
    id: text('id').primaryKey(),
    tenantId: tenantId(),
    environment: text('environment').notNull(),
    namespace: text('namespace').notNull().default('default'),
    subjectId: text('subject_id'),
    sessionId: text('session_id'),
    type: text('type').notNull(),
    /** Identity of the artifact within its type (e.g. subject id, session id, error signature). */
    key: text('key').notNull(),
    status: text('status').notNull().default('active'),
    title: text('title').notNull(),
    content: jsonb('content').notNull().$type<Record<string, unknown>>(),
    markdown: text('markdown').notNull(),
    confidence: real('confidence').notNull(),
    evidenceCount: integer('evidence_count').notNull().default(0),
    version: integer('version').notNull().default(1),
    sourceEvents: text('source_events').array().notNull().default(sql`'{}'::text[]`),
    sourceMemories: text('source_memories').array().notNull().default(sql`'{}'::text[]`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('artifacts_key_uq').on(t.tenantId, t.environment, t.namespace, t.type, t.key),
    index('artifacts_list_idx').on(t.tenantId, t.environment, t.createdAt),
    index('artifacts_fts_idx').using('gin', sql`to_tsvector('english', ${t.markdown})`),
  ],
);

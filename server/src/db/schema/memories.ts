/** Compiled memories (fact, preference, instruction, episode, entity, procedure). */
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, real, text } from 'drizzle-orm/pg-core';
import { compiledScopeColumns, createdAt, searchVector, ts, updatedAt } from './columns.js';

export const memories = pgTable(
  'memories',
  {
    ...compiledScopeColumns(),
    agentId: text('agent_id'),
    kind: text('kind').notNull(),
    content: text('content').notNull(),
    /** Stored tsvector of `content` (retrieval). */
    search: searchVector('content'),
    /** Supersession key: subject + attribute; a newer value closes the older memory. */
    attributeKey: text('attribute_key'),
    /** Near-duplicate key: normalised content. */
    dedupeKey: text('dedupe_key').notNull(),
    attributes: jsonb('attributes').notNull().default({}).$type<Record<string, unknown>>(),
    confidence: real('confidence').notNull(),
    mentions: integer('mentions').notNull().default(1),
    status: text('status').notNull().default('active'),
    supersededBy: text('superseded_by'),
    validFrom: ts('valid_from').notNull(),
    validTo: ts('valid_to'),
    occurredAt: ts('occurred_at'),
    lastSeenAt: ts('last_seen_at').notNull(),
    sourceEventIds: text('source_event_ids').array().notNull().default(sql`'{}'::text[]`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('memories_scope_idx').on(t.tenantId, t.environment, t.namespace, t.status),
    index('memories_dedupe_idx').on(t.tenantId, t.environment, t.namespace, t.dedupeKey),
    index('memories_attr_idx').on(t.tenantId, t.environment, t.namespace, t.attributeKey),
    index('memories_subject_idx').on(t.tenantId, t.environment, t.subjectId),
    // Read-optimised: memories are written by background learn jobs, and a GIN pending list (fastupdate)
    // would be scanned linearly by every synthesize until autovacuum merges it.
    index('memories_fts_idx').using('gin', t.search).with({ fastupdate: false }),
    index('memories_trgm_idx').using('gin', t.content.op('gin_trgm_ops')).with({ fastupdate: false }),
  ],
);

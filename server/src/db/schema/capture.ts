/**
 * Captured events (the raw, redacted record every memory and artifact is compiled from) and hourly
 * capture counters for usage metrics (duplicates are not stored as events, so they are counted here).
 * A request's Idempotency-Key is kept in idempotency_keys, as for every creating route (migration 0012
 * dropped capture's own capture_requests).
 */
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, real, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, searchVector, tenantId, ts } from './columns.js';

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
    /** Stored tsvector of `text` (retrieval). */
    search: searchVector('text'),
    /** SHA-256 of session, type, payload, metadata (and occurredAt when given): finds duplicates inside the window. */
    contentHash: text('content_hash').notNull(),
    idempotencyKey: text('idempotency_key'),
    /** SHA-256 of the event as sent: a reused idempotency key with another body is a conflict. */
    idempotencyHash: text('idempotency_hash'),
    salience: real('salience').notNull().default(0.5),
    occurredAt: ts('occurred_at').notNull(),
    compiledAt: ts('compiled_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('events_scope_idx').on(t.tenantId, t.environment, t.namespace, t.id),
    index('events_session_idx').on(t.tenantId, t.environment, t.sessionId, t.id),
    // Partial: most events name no subject, and an index entry per event is capture's cost (erasure
    // and filters look subjects up by equality, which implies not null).
    index('events_subject_idx').on(t.tenantId, t.subjectId).where(sql`${t.subjectId} is not null`),
    // The duplicate check's probe, keyed on one expression so no other index can be mistaken for it
    // (with (tenant, environment, content_hash) as columns, a table without statistics yet was probed
    // through another tenant-leading index, filtering the tenant's recent events: seconds per capture).
    // A 64-bit hash of tenant/environment/content_hash, not the ~110-byte text itself: the keys arrive
    // in random order, and the text index grew to 6x the hash's size (443 MB against 74 MB at 2.5M
    // events), each capture touching pages of it; the probe re-checks the whole text (collisions).
    index('events_dedupe_idx').on(
      sql`hashtextextended(${t.tenantId} || '/' || ${t.environment} || '/' || ${t.contentHash}, 0)`,
      t.createdAt,
    ),
    index('events_uncompiled_idx').on(t.tenantId, t.environment, t.id).where(sql`${t.compiledAt} is null`),
    // Partial: only keyed events are in it, so it is small and serves nothing but the key look-up.
    uniqueIndex('events_idem_uq')
      .on(t.tenantId, t.environment, t.idempotencyKey)
      .where(sql`${t.idempotencyKey} is not null`),
    index('events_fts_idx').using('gin', t.search),
    // No trigram index on events: it cost 40 % of a capture/batch insert and changed no LoCoMo recall
    // figure; fuzzy name look-ups go to memories (where learn puts entities) and artifacts.
  ],
);

/** Capture counts per tenant, environment, hour and event type. */
export const captureStats = pgTable(
  'capture_stats',
  {
    tenantId: tenantId(),
    environment: text('environment').notNull(),
    hour: ts('hour').notNull(),
    type: text('type').notNull(),
    ingested: integer('ingested').notNull().default(0),
    duplicates: integer('duplicates').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.environment, t.hour, t.type] })],
);

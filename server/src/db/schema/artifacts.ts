/** Compiled artifacts: profiles, summaries, timelines, digests and procedural knowledge. */
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, real, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { compiledScopeColumns, createdAt, searchVector, tenantId, updatedAt } from './columns.js';

export const artifacts = pgTable(
  'artifacts',
  {
    ...compiledScopeColumns(),
    type: text('type').notNull(),
    /** Identity of the artifact within its type (e.g. subject id, session id, error signature). */
    key: text('key').notNull(),
    status: text('status').notNull().default('active'),
    title: text('title').notNull(),
    content: jsonb('content').notNull().$type<Record<string, unknown>>(),
    markdown: text('markdown').notNull(),
    /** Stored tsvector of `markdown` (retrieval). */
    search: searchVector('markdown'),
    confidence: real('confidence').notNull(),
    evidenceCount: integer('evidence_count').notNull().default(0),
    version: integer('version').notNull().default(1),
    sourceEvents: text('source_events').array().notNull().default(sql`'{}'::text[]`),
    sourceMemories: text('source_memories').array().notNull().default(sql`'{}'::text[]`),
    /** SHA-256 of what a version shows: a rebuild with the same fingerprint is "unchanged". */
    fingerprint: text('fingerprint').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('artifacts_key_uq').on(t.tenantId, t.environment, t.namespace, t.type, t.key),
    // id last: the list orders by (createdAt, id), and learn writes many artifacts with one createdAt.
    index('artifacts_list_idx').on(t.tenantId, t.environment, t.createdAt, t.id),
    index('artifacts_subject_idx').on(t.tenantId, t.subjectId),
    // Read-optimised like the memories' index: artifacts are written by background learn jobs.
    index('artifacts_fts_idx').using('gin', t.search).with({ fastupdate: false }),
  ],
);

/** Earlier versions of an artifact, kept when a learn run changes it. */
export const artifactVersions = pgTable(
  'artifact_versions',
  {
    artifactId: text('artifact_id').notNull(),
    version: integer('version').notNull(),
    tenantId: tenantId(),
    title: text('title').notNull(),
    content: jsonb('content').notNull().$type<Record<string, unknown>>(),
    markdown: text('markdown').notNull(),
    confidence: real('confidence').notNull(),
    evidenceCount: integer('evidence_count').notNull(),
    sourceEvents: text('source_events').array().notNull(),
    sourceMemories: text('source_memories').array().notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.artifactId, t.version] }), index('artifact_versions_tenant_idx').on(t.tenantId)],
);

/**
 * Idempotency-Key records of the routes that create or start something (http/idempotency.ts): a row
 * is claimed before the handler runs (no status yet) and holds the first successful answer after it,
 * replayed for 24 h to the same caller sending the same key and request again.
 */
import { index, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { createdAt, tenantId, ts } from './columns.js';

export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    tenantId: tenantId(),
    /** The API key or user that sent the key: another caller's key never replays this answer. */
    principal: text('principal').notNull(),
    /** Method and route pattern, e.g. `POST /v1/api-keys`. */
    route: text('route').notNull(),
    key: text('key').notNull(),
    /** SHA-256 of the path, query and canonical JSON body: the same key with another request is 409. */
    requestHash: text('request_hash').notNull(),
    /** Null while the first request is still running. */
    statusCode: integer('status_code'),
    response: jsonb('response').$type<Record<string, unknown>>(),
    createdAt: createdAt(),
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.principal, t.route, t.key] }),
    index('idempotency_keys_expires_idx').on(t.expiresAt),
  ],
);

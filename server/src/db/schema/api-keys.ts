/** API keys: only the SHA-256 hash (lookup) and a display prefix are stored. */
import { sql } from 'drizzle-orm';
import { index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, tenantId, ts } from './columns.js';

export const apiKeys = pgTable(
  'api_keys',
  {
    id: text('id').primaryKey(),
    tenantId: tenantId(),
    createdBy: text('created_by').notNull(),
    name: text('name').notNull(),
    prefix: text('prefix').notNull(),
    hash: text('hash').notNull(),
    environment: text('environment').notNull(),
    organizationId: text('organization_id'),
    namespaceId: text('namespace_id'),
    agentId: text('agent_id'),
    /** read / write / delete on core routes; keys made before scopes existed hold all three. */
    scopes: text('scopes').array().notNull().default(sql`'{read,write,delete}'::text[]`),
    expiresAt: ts('expires_at'),
    lastUsedAt: ts('last_used_at'),
    revokedAt: ts('revoked_at'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('api_keys_hash_uq').on(t.hash), index('api_keys_tenant_idx').on(t.tenantId)],
);

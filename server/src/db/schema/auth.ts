/** Tenants, users, refresh tokens and the monthly event counters of the quota: the identity slice. */
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, tenantId, ts, updatedAt } from './columns.js';

export type TenantRole = 'owner' | 'member';

export const tenants = pgTable('tenants', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  plan: text('plan').notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    tenantId: tenantId(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    passwordHash: text('password_hash'),
    /**
     * `owner`: the user who created the tenant by registering; sees and manages every vault and API
     * key of the tenant. `member`: joined through an invitation; only what they created
     * (docs/decisions/identity-and-limits.md, "Ownership inside a tenant").
     */
    tenantRole: text('tenant_role').$type<TenantRole>().notNull().default('member'),
    /** Subject of an external identity provider, when the user signs in through one. */
    externalSubject: text('external_subject'),
    deletedAt: ts('deleted_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_uq').on(sql`lower(${t.email})`),
    index('users_tenant_idx').on(t.tenantId),
    // One owner per tenant.
    uniqueIndex('users_tenant_owner_uq').on(t.tenantId).where(sql`${t.tenantRole} = 'owner'`),
    check('users_tenant_role_ck', sql`${t.tenantRole} in ('owner', 'member')`),
  ],
);

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: text('id').primaryKey(),
    tenantId: tenantId(),
    userId: text('user_id').notNull(),
    familyId: text('family_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    revokedAt: ts('revoked_at'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('refresh_tokens_hash_uq').on(t.tokenHash), index('refresh_tokens_family_idx').on(t.familyId)],
);

/** Events counted against a tenant's monthly quota, one row per UTC calendar month ('2026-11'). */
export const tenantEventUsage = pgTable(
  'tenant_event_usage',
  {
    tenantId: tenantId(),
    month: text('month').notNull(),
    events: integer('events').notNull().default(0),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.month] })],
);

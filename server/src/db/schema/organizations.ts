/**
 * The organization slice: organizations inside a tenant, their members (invited -> active -> removed),
 * teams and team membership, invitation tokens (hash only) and agent identities. Every row carries the
 * tenant so each query can be scoped by it, never by a request parameter alone.
 */
import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, tenantId, ts, updatedAt } from './columns.js';

export const organizations = pgTable(
  'organizations',
  {
    id: text('id').primaryKey(),
    tenantId: tenantId(),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    createdBy: text('created_by').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('organizations_slug_uq').on(t.tenantId, t.slug)],
);

export const orgMembers = pgTable(
  'org_members',
  {
    id: text('id').primaryKey(),
    tenantId: tenantId(),
    organizationId: text('organization_id').notNull(),
    /** Null while invited and the invitee has no account yet. */
    userId: text('user_id'),
    email: text('email').notNull(),
    role: text('role').notNull(),
    /** invited | active | removed */
    status: text('status').notNull(),
    invitedBy: text('invited_by'),
    joinedAt: ts('joined_at'),
    removedAt: ts('removed_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // One live membership per e-mail per organization; removed rows stay for the record.
    uniqueIndex('org_members_email_uq')
      .on(t.organizationId, sql`lower(${t.email})`)
      .where(sql`${t.status} <> 'removed'`),
    index('org_members_user_idx').on(t.tenantId, t.userId),
    index('org_members_org_idx').on(t.organizationId, t.id),
  ],
);

export const teams = pgTable(
  'teams',
  {
    id: text('id').primaryKey(),
    tenantId: tenantId(),
    organizationId: text('organization_id').notNull(),
    name: text('name').notNull(),
    description: text('description'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('teams_name_uq').on(t.organizationId, sql`lower(${t.name})`),
    index('teams_org_idx').on(t.tenantId, t.organizationId, t.id),
  ],
);

export const teamMembers = pgTable(
  'team_members',
  {
    teamId: text('team_id').notNull(),
    memberId: text('member_id').notNull(),
    tenantId: tenantId(),
    organizationId: text('organization_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.teamId, t.memberId] }), index('team_members_member_idx').on(t.memberId)],
);

export const invitations = pgTable(
  'invitations',
  {
    id: text('id').primaryKey(),
    tenantId: tenantId(),
    organizationId: text('organization_id').notNull(),
    memberId: text('member_id').notNull(),
    email: text('email').notNull(),
    /** SHA-256 of the invite token; the token itself is shown once. */
    tokenHash: text('token_hash').notNull(),
    expiresAt: ts('expires_at').notNull(),
    acceptedAt: ts('accepted_at'),
    revokedAt: ts('revoked_at'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('invitations_token_uq').on(t.tokenHash), index('invitations_member_idx').on(t.memberId)],
);

export const agents = pgTable(
  'agents',
  {
    id: text('id').primaryKey(),
    tenantId: tenantId(),
    organizationId: text('organization_id').notNull(),
    name: text('name').notNull(),
    description: text('description'),
    framework: text('framework'),
    teamId: text('team_id'),
    metadata: jsonb('metadata').notNull().default({}).$type<Record<string, unknown>>(),
    createdBy: text('created_by').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('agents_name_uq').on(t.organizationId, sql`lower(${t.name})`),
    index('agents_org_idx').on(t.tenantId, t.organizationId, t.id),
  ],
);

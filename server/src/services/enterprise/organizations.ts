/**
 * Organizations: create (the creator becomes owner), list the caller's, read and rename; and the
 * membership lookup the authorizer uses to resolve the caller's role in an organization of its tenant.
 */
import type { Organization, Role } from '@hx-memory/contract';
import { randomBytes } from 'node:crypto';
import { and, asc, eq, gt, like, or } from 'drizzle-orm';
import type { Actor } from '../../actor.js';
import { recordAudit } from '../../audit/record.js';
import type { Tx } from '../../db/client.js';
import { organizations, orgMembers, users } from '../../db/schema/index.js';
import { conflict, forbidden, notFound } from '../../errors.js';
import { newId } from '../../ids.js';
import type { ServiceDeps } from '../deps.js';
import { decodeCursor, toPage } from '../../db/keyset-cursor.js';
import { orgScope } from './org-scope.js';

type OrgRow = typeof organizations.$inferSelect;

export function toOrganization(row: OrgRow, role: Role): Organization {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    role,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const SLUG_MAX = 64;

/**
 * The slug of a name: diacritics dropped, lower-case ASCII letters and digits, every other run of
 * characters one hyphen ("Café Zürich GmbH" -> "cafe-zurich-gmbh"); "org" when nothing is left (a
 * name in another script) or it is shorter than the contract's two characters.
 */
export function slugOf(name: string): string {
  const base = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, SLUG_MAX - 9) // room for a suffix (-2 ... or a random -xxxxxxx)
    .replace(/-+$/, '');
  return base.length >= 2 ? base : 'org';
}

/** The name's slug when free in the tenant, else the first free `-N`; then a random fallback. */
async function derivedSlugCandidates(tx: Tx, tenantId: string, name: string): Promise<string[]> {
  const base = slugOf(name);
  const taken = await tx
    .select({ slug: organizations.slug })
    .from(organizations)
    .where(
      and(
        eq(organizations.tenantId, tenantId),
        or(eq(organizations.slug, base), like(organizations.slug, `${base}-%`)),
      ),
    );
  const used = new Set(taken.map((r) => r.slug));
  let slug = base;
  for (let n = 2; used.has(slug); n += 1) slug = `${base}-${n}`;
  return [slug, `${base}-${randomBytes(4).toString('hex').slice(0, 7)}`];
}

/** The caller's access to an organization, as a value: the authorizer decides the answer. */
export type OrgAccess = { result: 'MEMBER'; role: Role } | { result: 'NOT_FOUND' };

export function createOrganizationsService(deps: Pick<ServiceDeps, 'database'>) {
  const { db } = deps.database;

  async function loadOrg(actor: Actor, orgId: string) {
    const [row] = await db
      .select()
      .from(organizations)
      .where(and(eq(organizations.id, orgId), eq(organizations.tenantId, actor.tenantId)))
      .limit(1);
    if (!row) throw notFound('Organization');
    return row;
  }

  return {
    async create(actor: Actor, input: { name: string; slug?: string }) {
      if (!actor.userId) throw forbidden('Only a signed-in user can create an organization');
      const userId = actor.userId;
      const row = await db.transaction(async (tx) => {
        const [user] = await tx
          .select({ email: users.email })
          .from(users)
          .where(and(eq(users.id, userId), eq(users.tenantId, actor.tenantId)))
          .limit(1);
        if (!user) throw notFound('User');
        // A slug given is the caller's: taken answers 409. A derived one is the name's slug, or the
        // first free -2, -3, ... after the tenant's slugs of that stem; should a concurrent create take
        // it first, a random suffix follows (each try is an insert that does nothing on conflict).
        const candidates = input.slug ? [input.slug] : await derivedSlugCandidates(tx, actor.tenantId, input.name);
        let org: OrgRow | undefined;
        for (const slug of candidates) {
          [org] = await tx
            .insert(organizations)
            .values({ id: newId('org'), tenantId: actor.tenantId, name: input.name, slug, createdBy: userId })
            .onConflictDoNothing()
            .returning();
          if (org) break;
        }
        if (!org) return undefined;
        const memberId = newId('mbr');
        await tx.insert(orgMembers).values({
          id: memberId,
          tenantId: actor.tenantId,
          organizationId: org.id,
          userId,
          email: user.email,
          role: 'owner',
          status: 'active',
          invitedBy: null,
          joinedAt: new Date(),
        });
        await recordAudit(tx, actor, {
          action: 'organization.created',
          resourceType: 'organization',
          resourceId: org.id,
          organizationId: org.id,
          details: { name: org.name, slug: org.slug, ownerMemberId: memberId },
        });
        return org;
      });
      if (!row) {
        throw conflict(
          input.slug
            ? `An organization with slug '${input.slug}' already exists`
            : `Every slug derived from '${input.name}' is taken; pass a slug`,
        );
      }
      return toOrganization(row, 'owner');
    },

    async list(actor: Actor, query: { limit: number; cursor?: string }) {
      const after = decodeCursor(query.cursor);
      if (!actor.userId) return { organizations: [], pagination: { hasMore: false } };
      const rows = await db
        .select({ org: organizations, role: orgMembers.role })
        .from(orgMembers)
        .innerJoin(organizations, eq(organizations.id, orgMembers.organizationId))
        .where(
          and(
            eq(orgMembers.tenantId, actor.tenantId),
            eq(organizations.tenantId, actor.tenantId),
            eq(orgMembers.userId, actor.userId),
            eq(orgMembers.status, 'active'),
            after ? gt(organizations.id, after) : undefined,
          ),
        )
        .orderBy(asc(organizations.id))
        .limit(query.limit + 1);
      const { items, pagination } = toPage(
        rows.map((r) => ({ id: r.org.id, ...r })),
        query.limit,
      );
      return { organizations: items.map((r) => toOrganization(r.org, r.role as Role)), pagination };
    },

    async get(actor: Actor, orgId: string) {
      orgScope(actor, orgId);
      const row = await loadOrg(actor, orgId);
      return toOrganization(row, actor.role ?? 'viewer');
    },

    async update(actor: Actor, orgId: string, input: { name: string }) {
      orgScope(actor, orgId);
      const row = await db.transaction(async (tx) => {
        const [before] = await tx
          .select()
          .from(organizations)
          .where(and(eq(organizations.id, orgId), eq(organizations.tenantId, actor.tenantId)))
          .limit(1);
        if (!before) return undefined;
        const [after] = await tx
          .update(organizations)
          .set({ name: input.name, updatedAt: new Date() })
          .where(and(eq(organizations.id, orgId), eq(organizations.tenantId, actor.tenantId)))
          .returning();
        await recordAudit(tx, actor, {
          action: 'organization.updated',
          resourceType: 'organization',
          resourceId: orgId,
          organizationId: orgId,
          details: { changes: { name: { from: before.name, to: input.name } } },
        });
        return after;
      });
      if (!row) throw notFound('Organization');
      return toOrganization(row, actor.role ?? 'viewer');
    },

    /**
     * The caller's role in an organization of its own tenant. An organization of another tenant and
     * one the user is not an active member of look the same (NOT_FOUND), so existence is not revealed.
     */
    async accessOf(actor: Actor, orgId: string): Promise<OrgAccess> {
      if (!actor.userId) return { result: 'NOT_FOUND' };
      const [row] = await db
        .select({ role: orgMembers.role })
        .from(orgMembers)
        .innerJoin(organizations, eq(organizations.id, orgMembers.organizationId))
        .where(
          and(
            eq(organizations.id, orgId),
            eq(organizations.tenantId, actor.tenantId),
            eq(orgMembers.tenantId, actor.tenantId),
            eq(orgMembers.userId, actor.userId),
            eq(orgMembers.status, 'active'),
          ),
        )
        .limit(1);
      return row ? { result: 'MEMBER', role: row.role as Role } : { result: 'NOT_FOUND' };
    },
  };
}

export type OrganizationsService = ReturnType<typeof createOrganizationsService>;

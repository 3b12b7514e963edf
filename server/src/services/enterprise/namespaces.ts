/**
 * Memory namespaces: create, list, read, update, each change audited in its transaction; plus
 * `resolve`, which maps the `namespace` text events and memories carry (a name or an id) to its record.
 */
import type { Namespace, NamespaceSensitivity } from '@hx-memory/contract';
import { and, eq, or } from 'drizzle-orm';
import { givenFields, updateAudited } from '../../audit/audited-change.js';
import { recordAudit } from '../../audit/record.js';
import type { Actor } from '../../actor.js';
import type { Database, Queryable } from '../../db/client.js';
import { moveNameToId, nameHoldsData } from '../../db/namespace-references.js';
import { isTenantOwner } from '../account/ownership.js';
import { namespaces } from '../../db/schema/index.js';
import { loadRow, ofOrg, type OrgScope, pageRows } from '../../db/scoped-rows.js';
import { AppError, conflict } from '../../errors.js';
import { newId } from '../../ids.js';
import { orgScope } from './org-scope.js';
import { accessChanged } from './policies/access-snapshot.js';
import { teamsOfOrg } from './team-rows.js';
import { isUniqueViolation } from '../../db/unique-violation.js';
import type { ServiceDeps } from '../deps.js';

export type NamespaceRow = typeof namespaces.$inferSelect;

export function toNamespace(row: NamespaceRow): Namespace {
  return {
    id: row.id,
    organizationId: row.organizationId,
    name: row.name,
    description: row.description,
    sensitivity: row.sensitivity as NamespaceSensitivity,
    teamIds: row.teamIds,
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Teams must exist in the same organization; unknown ones are a 400 naming each index. */
async function checkTeams(q: Queryable, scope: OrgScope, teamIds: string[]) {
  if (teamIds.length === 0) return;
  const known = await teamsOfOrg(q, scope, teamIds);
  const details = teamIds
    .map((id, i) => ({ id, i }))
    .filter(({ id }) => !known.has(id))
    .map(({ id, i }) => ({ field: `teamIds[${i}]`, message: `no team ${id} in this organization` }));
  if (details.length > 0) throw new AppError('validation_error', 'Unknown team in teamIds', details);
}

const nameTaken = (name: string) => conflict(`A namespace named '${name}' already exists in this tenant`);

/**
 * A name that events, memories or artifacts already carry holds the tenant owner's data (captured
 * outside any organization); registering it hands that data to the organization, so only the tenant
 * owner may (docs/decisions/access-control.md). The rows move to the new id in the same transaction.
 */
async function claimName(database: Database, q: Queryable, actor: Actor, name: string, id: string) {
  if (!(await nameHoldsData(database, q, actor.tenantId, name))) return;
  if (!isTenantOwner(actor)) {
    throw conflict(
      `Namespace name '${name}' already holds data captured outside any organization; only the tenant owner can register it`,
    );
  }
  await moveNameToId(database, q, actor.tenantId, name, id);
}

/** Namespace names are unique in the tenant: 409 when `name` is taken. */
async function assertNameFree(q: Queryable, tenantId: string, name: string) {
  const [taken] = await q
    .select({ id: namespaces.id })
    .from(namespaces)
    .where(and(eq(namespaces.tenantId, tenantId), eq(namespaces.name, name)))
    .limit(1);
  if (taken) throw nameTaken(name);
}

export function createNamespacesService(deps: Pick<ServiceDeps, 'database' | 'invalidations'>) {
  const { database } = deps;
  const { db } = database;

  const load = (q: Queryable, scope: OrgScope, id: string) =>
    loadRow(q, namespaces, 'Namespace', id, ofOrg(namespaces, scope));

  return {
    async create(
      actor: Actor,
      orgId: string,
      input: { name: string; description?: string; sensitivity: NamespaceSensitivity; teamIds: string[] },
    ) {
      const scope = orgScope(actor, orgId);
      try {
        const row = await db.transaction(async (tx) => {
          await checkTeams(tx, scope, input.teamIds);
          await assertNameFree(tx, scope.tenantId, input.name);
          const id = newId('ns');
          await claimName(database, tx, actor, input.name, id);
          const [created] = await tx
            .insert(namespaces)
            .values({
              id,
              ...scope,
              name: input.name,
              description: input.description ?? null,
              sensitivity: input.sensitivity,
              teamIds: input.teamIds,
              createdBy: actor.userId ?? null,
            })
            .returning();
          await recordAudit(tx, actor, {
            action: 'namespace.created',
            resourceType: 'namespace',
            resourceId: created!.id,
            organizationId: scope.organizationId,
            details: { name: input.name, sensitivity: input.sensitivity, teamIds: input.teamIds },
          });
          return created!;
        });
        await accessChanged(deps.invalidations, actor.tenantId);
        return toNamespace(row);
      } catch (err) {
        if (isUniqueViolation(err)) throw nameTaken(input.name);
        throw err;
      }
    },

    async list(actor: Actor, orgId: string, query: { limit: number; cursor?: string }) {
      const scope = orgScope(actor, orgId);
      const { items, pagination } = await pageRows(db, namespaces, ofOrg(namespaces, scope), query);
      return { namespaces: items.map(toNamespace), pagination };
    },

    async get(actor: Actor, orgId: string, namespaceId: string) {
      return toNamespace(await load(db, orgScope(actor, orgId), namespaceId));
    },

    async update(
      actor: Actor,
      orgId: string,
      namespaceId: string,
      input: { name?: string; description?: string | null; sensitivity?: NamespaceSensitivity; teamIds?: string[] },
    ) {
      const scope = orgScope(actor, orgId);
      try {
        const row = await db.transaction(async (tx) => {
          const before = await load(tx, scope, namespaceId);
          if (input.teamIds) await checkTeams(tx, scope, input.teamIds);
          if (input.name !== undefined && input.name !== before.name) {
            await assertNameFree(tx, scope.tenantId, input.name);
            await claimName(database, tx, actor, input.name, before.id);
          }
          return updateAudited(tx, actor, namespaces, before, givenFields(input), {
            action: 'namespace.updated',
            resourceType: 'namespace',
          });
        });
        await accessChanged(deps.invalidations, actor.tenantId);
        return toNamespace(row);
      } catch (err) {
        if (isUniqueViolation(err)) throw nameTaken(input.name ?? '');
        throw err;
      }
    },

    /**
     * The namespace record a `namespace` value (id or name) refers to in the tenant, or undefined for
     * an unregistered one such as `default`. Pass the transaction when calling from inside one.
     */
    async resolve(tenantId: string, namespace: string, q: Queryable = db): Promise<NamespaceRow | undefined> {
      const [row] = await q
        .select()
        .from(namespaces)
        .where(and(eq(namespaces.tenantId, tenantId), or(eq(namespaces.id, namespace), eq(namespaces.name, namespace))))
        .limit(1);
      return row;
    },
  };
}

export type NamespacesService = ReturnType<typeof createNamespacesService>;

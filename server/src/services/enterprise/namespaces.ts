/**
 * Memory namespaces: create, list, read, update, each change audited in its transaction; plus
 * `resolve`, which maps the `namespace` text events and memories carry (a name or an id) to its record.
 */
import type { Namespace, NamespaceSensitivity } from '@hx-memory/contract';
import { and, asc, eq, gt, inArray, or } from 'drizzle-orm';
import { recordAudit } from '../../audit/record.js';
import type { Actor } from '../../actor.js';
import type { Queryable } from '../../db/client.js';
import { namespaces, teams } from '../../db/schema/index.js';
import { AppError, conflict, notFound } from '../../errors.js';
import { newId } from '../../ids.js';
import { isUniqueViolation, orgScope } from './org-scope.js';
import type { ServiceDeps } from '../deps.js';
import { decodeCursor, toPage } from '../../db/keyset-cursor.js';

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
async function checkTeams(q: Queryable, scope: { tenantId: string; organizationId: string }, teamIds: string[]) {
  if (teamIds.length === 0) return;
  const found = await q
    .select({ id: teams.id })
    .from(teams)
    .where(
      and(
        eq(teams.tenantId, scope.tenantId),
        eq(teams.organizationId, scope.organizationId),
        inArray(teams.id, teamIds),
      ),
    );
  const known = new Set(found.map((r) => r.id));
  const details = teamIds
    .map((id, i) => ({ id, i }))
    .filter(({ id }) => !known.has(id))
    .map(({ id, i }) => ({ field: `teamIds[${i}]`, message: `no team ${id} in this organization` }));
  if (details.length > 0) throw new AppError('validation_error', 'Unknown team in teamIds', details);
}

const nameTaken = (name: string) => conflict(`A namespace named '${name}' already exists in this tenant`);

export function createNamespacesService(deps: Pick<ServiceDeps, 'database'>) {
  const { db } = deps.database;

  async function load(q: Queryable, scope: { tenantId: string; organizationId: string }, id: string) {
    const [row] = await q
      .select()
      .from(namespaces)
      .where(
        and(
          eq(namespaces.id, id),
          eq(namespaces.tenantId, scope.tenantId),
          eq(namespaces.organizationId, scope.organizationId),
        ),
      )
      .limit(1);
    if (!row) throw notFound('Namespace');
    return row;
  }

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
          const [taken] = await tx
            .select({ id: namespaces.id })
            .from(namespaces)
            .where(and(eq(namespaces.tenantId, scope.tenantId), eq(namespaces.name, input.name)))
            .limit(1);
          if (taken) throw nameTaken(input.name);
          const [created] = await tx
            .insert(namespaces)
            .values({
              id: newId('ns'),
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
        return toNamespace(row);
      } catch (err) {
        if (isUniqueViolation(err)) throw nameTaken(input.name);
        throw err;
      }
    },

    async list(actor: Actor, orgId: string, query: { limit: number; cursor?: string }) {
      const scope = orgScope(actor, orgId);
      const after = decodeCursor(query.cursor);
      const rows = await db
        .select()
        .from(namespaces)
        .where(
          and(
            eq(namespaces.tenantId, scope.tenantId),
            eq(namespaces.organizationId, scope.organizationId),
            after ? gt(namespaces.id, after) : undefined,
          ),
        )
        .orderBy(asc(namespaces.id))
        .limit(query.limit + 1);
      const { items, pagination } = toPage(rows, query.limit);
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
            const [taken] = await tx
              .select({ id: namespaces.id })
              .from(namespaces)
              .where(and(eq(namespaces.tenantId, scope.tenantId), eq(namespaces.name, input.name)))
              .limit(1);
            if (taken) throw nameTaken(input.name);
          }
          const changes: Record<string, { from: unknown; to: unknown }> = {};
          for (const key of ['name', 'description', 'sensitivity', 'teamIds'] as const) {
            if (input[key] !== undefined) changes[key] = { from: before[key], to: input[key] };
          }
          const [after] = await tx
            .update(namespaces)
            .set({
              ...(input.name !== undefined ? { name: input.name } : {}),
              ...(input.description !== undefined ? { description: input.description } : {}),
              ...(input.sensitivity !== undefined ? { sensitivity: input.sensitivity } : {}),
              ...(input.teamIds !== undefined ? { teamIds: input.teamIds } : {}),
              updatedAt: new Date(),
            })
            .where(and(eq(namespaces.id, before.id), eq(namespaces.tenantId, scope.tenantId)))
            .returning();
          await recordAudit(tx, actor, {
            action: 'namespace.updated',
            resourceType: 'namespace',
            resourceId: before.id,
            organizationId: scope.organizationId,
            details: { changes },
          });
          return after!;
        });
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

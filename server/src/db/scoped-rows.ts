/**
 * The query shapes of tenant-owned tables, written once: the rows of one organization or of one
 * environment of a tenant, a row by id in such a scope (or 404), and a page of rows in id order
 * (keyset pagination: keyset-cursor.ts). Every table here has a text `id`, time-sortable (ids.ts).
 */
import { and, asc, desc, eq, gt, lt, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { notFound } from '../errors.js';
import type { Queryable } from './client.js';
import { decodeCursor, toPage } from './keyset-cursor.js';

export type TableWithId = PgTable & { id: PgColumn };
type Row<T extends TableWithId> = T['$inferSelect'] & { id: string };

/** A tenant and one of its organizations (services/enterprise/org-scope.ts). */
export interface OrgScope {
  tenantId: string;
  organizationId: string;
}

/** A tenant and one of its data environments (the caller's key). */
export interface EnvScope {
  tenantId: string;
  environment: string;
}

/** The rows of one organization of a tenant. */
export function ofOrg(table: PgTable & { tenantId: PgColumn; organizationId: PgColumn }, scope: OrgScope): SQL {
  return and(eq(table.tenantId, scope.tenantId), eq(table.organizationId, scope.organizationId)) as SQL;
}

/** The rows of one environment of a tenant. */
export function ofEnvironment(table: PgTable & { tenantId: PgColumn; environment: PgColumn }, scope: EnvScope): SQL {
  return and(eq(table.tenantId, scope.tenantId), eq(table.environment, scope.environment)) as SQL;
}

/** The row with this id among the rows `where` admits (a scope, plus any condition), or undefined. */
export async function findRow<T extends TableWithId>(
  q: Queryable,
  table: T,
  id: string,
  ...where: Array<SQL | undefined>
): Promise<Row<T> | undefined> {
  const [row] = await q
    .select()
    .from(table as PgTable)
    .where(and(eq(table.id, id), ...where))
    .limit(1);
  return row as Row<T> | undefined;
}

/** findRow, or 404 naming `what` (a row of another tenant or organization looks unknown). */
export async function loadRow<T extends TableWithId>(
  q: Queryable,
  table: T,
  what: string,
  id: string,
  ...where: Array<SQL | undefined>
): Promise<Row<T>> {
  const row = await findRow(q, table, id, ...where);
  if (!row) throw notFound(what);
  return row;
}

/**
 * One page of the rows `where` admits, in id order (oldest first, or newest first with `desc`), after
 * the page the cursor names: the page and its pagination (hasMore, the next cursor).
 */
export async function pageRows<T extends TableWithId>(
  q: Queryable,
  table: T,
  where: SQL | undefined,
  page: { limit: number; cursor?: string },
  order: 'asc' | 'desc' = 'asc',
) {
  const after = decodeCursor(page.cursor);
  const rows = (await q
    .select()
    .from(table as PgTable)
    .where(and(where, after ? (order === 'asc' ? gt(table.id, after) : lt(table.id, after)) : undefined))
    .orderBy(order === 'asc' ? asc(table.id) : desc(table.id))
    .limit(page.limit + 1)) as Row<T>[];
  return toPage(rows, page.limit);
}

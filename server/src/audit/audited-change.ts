/**
 * The update and the delete of one organization-owned row by id, each with its audit entry in the same
 * transaction: the shape namespaces, access policies and lifecycle policies share. The audit of an
 * update records each given field as `{ from, to }`.
 */
import { and, eq } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from '../db/client.js';
import { type AuditActor, recordAudit } from './record.js';

type RowsTable = PgTable & { id: PgColumn; tenantId: PgColumn };
type OrgRow = { id: string; tenantId: string; organizationId: string };

/** `<resourceType>.updated` / `.deleted` in the row's organization. */
interface Audited {
  action: string;
  resourceType: string;
}

/** The fields of `input` that are given (not undefined): what an update sets. */
export const givenFields = <T extends object>(input: T): Partial<T> =>
  Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined)) as Partial<T>;

/** Sets `set` (and updatedAt) on the row `before` was read from; answers the row after. */
export async function updateAudited<Row extends OrgRow>(
  tx: Tx,
  actor: AuditActor,
  table: RowsTable & { updatedAt: PgColumn },
  before: Row,
  set: Partial<Row>,
  audit: Audited,
): Promise<Row> {
  const changes = Object.fromEntries(Object.entries(set).map(([k, v]) => [k, { from: before[k as keyof Row], to: v }]));
  const [after] = (await tx
    .update(table)
    .set({ ...set, updatedAt: new Date() } as never)
    .where(and(eq(table.id, before.id), eq(table.tenantId, before.tenantId)))
    .returning()) as Row[];
  await recordAudit(tx, actor, {
    ...audit,
    resourceId: before.id,
    organizationId: before.organizationId,
    details: { changes },
  });
  return after!;
}

/** Deletes the row `before` was read from; the audit details say what it was. */
export async function deleteAudited(
  tx: Tx,
  actor: AuditActor,
  table: RowsTable,
  before: OrgRow,
  audit: Audited & { details: Record<string, unknown> },
): Promise<void> {
  await tx.delete(table).where(and(eq(table.id, before.id), eq(table.tenantId, before.tenantId)));
  await recordAudit(tx, actor, { ...audit, resourceId: before.id, organizationId: before.organizationId });
}

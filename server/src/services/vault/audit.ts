/**
 * Vault audit: every operation is recorded with detail scaled by the vault's sensitivity, in the
 * transaction of the operation; and the vault's audit log as the API lists it.
 */
import type { VaultSensitivity } from '@hx-memory/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Actor } from '../../actor.js';
import { recordAudit } from '../../audit/record.js';
import type { Queryable } from '../../db/client.js';
import { decodeCursor, toPage } from '../../db/keyset-cursor.js';
import { auditLogs } from '../../db/schema/index.js';
import { findVault } from './access.js';
import type { VaultDeps, VaultRow } from './model.js';

/**
 * Audit detail grows with sensitivity. low: action, actor, time (and the ids acted on);
 * medium: + request id; high: + ip and user agent; critical: + item name and type.
 * What a level leaves out is not stored at all, not merely hidden.
 */
function auditScope(
  actor: Actor,
  sensitivity: VaultSensitivity,
  details: Record<string, unknown>,
  item?: { name: string; type: string | null },
) {
  const level = ['low', 'medium', 'high', 'critical'].indexOf(sensitivity);
  const scoped: Actor = {
    ...actor,
    // recordAudit stores these fields as given; undefined leaves the column null.
    requestId: (level >= 1 ? actor.requestId : undefined) as string,
    ip: level >= 2 ? actor.ip : undefined,
    userAgent: level >= 2 ? actor.userAgent : undefined,
  };
  const full = level >= 3 && item ? { ...details, itemName: item.name, itemType: item.type } : details;
  return { actor: scoped, details: { ...full, sensitivity } };
}

export async function auditVault(
  q: Queryable,
  actor: Actor,
  vault: VaultRow,
  action: string,
  resource: { type: 'vault' | 'vault_item'; id: string },
  details: Record<string, unknown>,
  item?: { name: string; type: string | null },
) {
  const scoped = auditScope(actor, vault.sensitivity as VaultSensitivity, { vaultId: vault.id, ...details }, item);
  await recordAudit(q, scoped.actor, {
    action,
    resourceType: resource.type,
    resourceId: resource.id,
    details: scoped.details,
  });
}

/** Audit entries of the vault and its items, newest first. */
export async function auditLog(
  deps: VaultDeps,
  actor: Actor,
  vaultId: string,
  query: { limit: number; cursor?: string },
) {
  const { db } = deps;
  const before = decodeCursor(query.cursor);
  const vault = await findVault(db, actor, vaultId, 'read');
  const rows = await db
    .select()
    .from(auditLogs)
    .where(
      and(
        eq(auditLogs.tenantId, actor.tenantId),
        inArray(auditLogs.resourceType, ['vault', 'vault_item']),
        sql`${auditLogs.details}->>'vaultId' = ${vault.id}`,
        before ? sql`${auditLogs.id} < ${before}` : undefined,
      ),
    )
    .orderBy(sql`${auditLogs.id} desc`)
    .limit(query.limit + 1);
  const { items, pagination } = toPage(rows, query.limit);
  return {
    entries: items.map((r) => ({
      id: r.id,
      action: r.action,
      actorType: r.actorType,
      actorId: r.actorId,
      resourceType: r.resourceType,
      resourceId: r.resourceId,
      details: r.details,
      requestId: r.requestId,
      ip: r.ip,
      userAgent: r.userAgent,
      createdAt: r.createdAt.toISOString(),
    })),
    pagination,
  };
}

/**
 * Capture redaction: secrets found in an event's payload and metadata become items of the tenant's
 * system vault (created on first use) and are replaced by `vault://<vaultId>/<itemId>`.
 */
import type { VaultSensitivity } from '@hx-memory/contract';
import { and, eq } from 'drizzle-orm';
import type { Actor } from '../../actor.js';
import type { Queryable } from '../../db/client.js';
import { lineageEdges, vaultItems, vaults } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';
import { newId } from '../../ids.js';
import { type Detection, findSecrets, replaceSecrets } from '../../redaction/index.js';
import { auditVault } from './audit.js';
import { SYSTEM_VAULT_NAME, type VaultDeps, type VaultRow, actorRef, vaultReference } from './model.js';

export interface RedactionFinding {
  /** JSON path of the redacted value, e.g. `payload.content` or `metadata.env.DB_URL`. */
  path: string;
  ruleId: string;
  vaultId: string;
  itemId: string;
}

/** Redacted capture secrets are sensitive by nature: their reads record ip and user agent. */
const SYSTEM_VAULT_SENSITIVITY: VaultSensitivity = 'high';

async function lookupOrCreateSystemVault(q: Queryable, actor: Actor): Promise<VaultRow> {
  const select = () =>
    q
      .select()
      .from(vaults)
      .where(and(eq(vaults.tenantId, actor.tenantId), eq(vaults.system, true)))
      .limit(1);
  const [found] = await select();
  if (found) return found;
  await q
    .insert(vaults)
    .values({
      id: newId('vlt'),
      tenantId: actor.tenantId,
      name: SYSTEM_VAULT_NAME,
      description: 'Secrets redacted from captured events',
      sensitivity: SYSTEM_VAULT_SENSITIVITY,
      system: true,
      createdBy: 'system',
    })
    .onConflictDoNothing();
  const [created] = await select();
  if (!created) throw new AppError('internal_error', 'Could not create the system vault');
  return created;
}

/**
 * The tenant's system vault, created on first use; safe under concurrent captures. Cached per
 * transaction object, so a batch with many findings looks it up once and a rolled-back vault is never
 * seen by another transaction.
 */
async function ensureSystemVault(deps: VaultDeps, q: Queryable, actor: Actor): Promise<VaultRow> {
  // Outside a transaction there is no boundary for a cache to live in.
  if (q === deps.db) return lookupOrCreateSystemVault(q, actor);
  let known = deps.systemVaultsByTx.get(q);
  if (!known) {
    known = new Map();
    deps.systemVaultsByTx.set(q, known);
  }
  const cached = known.get(actor.tenantId);
  if (cached) return cached;
  const row = await lookupOrCreateSystemVault(q, actor);
  known.set(actor.tenantId, row);
  return row;
}

/**
 * Scans an event's payload and metadata for secrets; stores each in the tenant's system vault and
 * replaces it by `vault://<vaultId>/<itemId>`. Runs inside the capture transaction `q`; without a
 * finding it does no I/O at all.
 */
export async function redactCapture(
  deps: VaultDeps,
  q: Queryable,
  actor: Actor,
  input: {
    eventId: string;
    payload: Record<string, unknown>;
    metadata: Record<string, unknown>;
    /** What findSecrets found in payload and metadata, when the caller has scanned them already. */
    detections?: Detection[];
  },
): Promise<{ payload: Record<string, unknown>; metadata: Record<string, unknown>; findings: RedactionFinding[] }> {
  const detections = input.detections ?? findSecrets(input);
  if (detections.length === 0) return { payload: input.payload, metadata: input.metadata, findings: [] };

  const vault = await ensureSystemVault(deps, q, actor);
  // One item per distinct secret in the event, however often it occurs.
  const bySecret = new Map<string, { itemId: string; ruleId: string; type: string; paths: string[] }>();
  for (const d of detections) {
    const seen = bySecret.get(d.value);
    if (seen) {
      if (!seen.paths.includes(d.path)) seen.paths.push(d.path);
    } else bySecret.set(d.value, { itemId: newId('vit'), ruleId: d.ruleId, type: d.type, paths: [d.path] });
  }
  const rows: (typeof vaultItems.$inferInsert)[] = [];
  const refs = new Map<string, string>();
  for (const [secret, s] of bySecret) {
    const sealed = await deps.envelope.seal(secret, {
      tenantId: actor.tenantId,
      vaultId: vault.id,
      itemId: s.itemId,
      version: 1,
    });
    rows.push({
      id: s.itemId,
      tenantId: actor.tenantId,
      vaultId: vault.id,
      name: `${s.ruleId} in ${s.paths[0]}`.slice(0, 200),
      type: s.type,
      metadata: {
        source: 'capture',
        eventId: input.eventId,
        ruleId: s.ruleId,
        paths: s.paths,
        environment: actor.environment,
      },
      version: 1,
      ...sealed,
      createdBy: actorRef(actor),
    });
    refs.set(secret, vaultReference(vault.id, s.itemId));
  }
  await q.insert(vaultItems).values(rows);
  await q.insert(lineageEdges).values(
    rows.map((r) => ({
      id: newId('edge'),
      tenantId: actor.tenantId,
      fromId: input.eventId,
      toId: r.id!,
      type: 'redacted_into',
    })),
  );
  await auditVault(
    q,
    actor,
    vault,
    'vault.secret.redacted',
    { type: 'vault', id: vault.id },
    {
      eventId: input.eventId,
      itemIds: rows.map((r) => r.id),
      rules: [...new Set(detections.map((d) => d.ruleId))],
      paths: [...new Set(detections.map((d) => d.path))],
    },
  );
  return {
    payload: replaceSecrets(input.payload, refs),
    metadata: replaceSecrets(input.metadata, refs),
    findings: detections.map((d) => {
      const s = bySecret.get(d.value)!;
      return { path: d.path, ruleId: d.ruleId, vaultId: vault.id, itemId: s.itemId };
    }),
  };
}

/**
 * Vault: encrypted secrets: domain logic. Vaults belong to a tenant (another tenant's answer 404)
 * and, inside it, to the user who created them: only they and the tenant owner see and use a vault;
 * the system vault is the tenant owner's (others get 404, see services/ownership.ts). Items are sealed with envelope encryption (crypto/envelope.ts), every operation is audited with
 * detail scaled by the vault's sensitivity, and captured events are redacted into the system vault.
 */
import type { Vault, VaultItem, VaultSensitivity } from '@hx-memory/contract';
import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import { recordAudit } from '../../audit/record.js';
import type { Actor } from '../../actor.js';
import { EnvelopeError, type Kek, type SecretContext, assertKek, createEnvelope } from '../../crypto/envelope.js';
import { generateKek, kekFiles, loadKeyring } from '../../crypto/kek.js';
import type { Queryable } from '../../db/client.js';
import { auditLogs, lineageEdges, vaultItems, vaults } from '../../db/schema/index.js';
import { AppError, conflict, forbidden, invalid, notFound } from '../../errors.js';
import { newId } from '../../ids.js';
import { type Detection, findSecrets, replaceSecrets } from '../../redaction/index.js';
import type { ServiceDeps } from '../deps.js';
import { decodeCursor, toPage } from '../../db/keyset-cursor.js';
import { managedBy } from '../account/ownership.js';

export interface RedactionFinding {
  /** JSON path of the redacted value, e.g. `payload.content` or `metadata.env.DB_URL`. */
  path: string;
  ruleId: string;
  vaultId: string;
  itemId: string;
}

type VaultRow = typeof vaults.$inferSelect;
type ItemRow = typeof vaultItems.$inferSelect;

export const SYSTEM_VAULT_NAME = 'system';
/** Redacted capture secrets are sensitive by nature: their reads record ip and user agent. */
const SYSTEM_VAULT_SENSITIVITY: VaultSensitivity = 'high';
const ROTATE_CHUNK = 500;

export const vaultReference = (vaultId: string, itemId: string) => `vault://${vaultId}/${itemId}`;

function toVault(row: VaultRow): Vault {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    sensitivity: row.sensitivity as VaultSensitivity,
    system: row.system,
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function toItem(row: ItemRow): VaultItem {
  return {
    id: row.id,
    vaultId: row.vaultId,
    name: row.name,
    type: row.type,
    metadata: row.metadata,
    version: row.version,
    reference: vaultReference(row.vaultId, row.id),
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const contextOf = (row: Pick<ItemRow, 'tenantId' | 'vaultId' | 'id' | 'version'>): SecretContext => ({
  tenantId: row.tenantId,
  vaultId: row.vaultId,
  itemId: row.id,
  version: row.version,
});

const actorRef = (actor: Actor) => actor.userId ?? actor.apiKeyId ?? actor.kind;

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

export function createVaultService(deps: Pick<ServiceDeps, 'database' | 'config' | 'logger'>) {
  const { db } = deps.database;
  const { ring, source } = loadKeyring(deps.config, deps.logger);
  const envelope = createEnvelope(ring);

  /**
   * A vault the actor may use: of their tenant and created by them, or any for the tenant owner.
   * Others' vaults answer 404 exactly like unknown ones, so their existence is not revealed.
   */
  async function findVault(q: Queryable, actor: Actor, vaultId: string): Promise<VaultRow> {
    const [row] = await q
      .select()
      .from(vaults)
      .where(and(eq(vaults.id, vaultId), eq(vaults.tenantId, actor.tenantId), managedBy(actor, vaults.createdBy)))
      .limit(1);
    if (!row) throw notFound('Vault');
    return row;
  }

  async function findItem(q: Queryable, actor: Actor, vaultId: string, itemId: string) {
    const vault = await findVault(q, actor, vaultId);
    const [item] = await q
      .select()
      .from(vaultItems)
      .where(and(eq(vaultItems.id, itemId), eq(vaultItems.vaultId, vaultId), eq(vaultItems.tenantId, actor.tenantId)))
      .limit(1);
    if (!item) throw notFound('Vault item');
    return { vault, item };
  }

  function decrypt(item: ItemRow): string {
    try {
      return envelope.open(item, contextOf(item));
    } catch (err) {
      if (!(err instanceof EnvelopeError)) throw err;
      // Ids and the reason only: never the ciphertext, the key or the value.
      deps.logger.error(
        { itemId: item.id, vaultId: item.vaultId, kekId: item.kekId, reason: err.message },
        'vault decrypt failed',
      );
      throw new AppError('internal_error', 'The secret could not be decrypted (key mismatch or tampered record)');
    }
  }

  async function audit(
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

  /**
   * System vaults already resolved per transaction, so a batch with many findings looks its vault up
   * once. Keyed by the transaction object: a rolled-back vault is never seen by another transaction.
   */
  const systemVaultsByTx = new WeakMap<Queryable, Map<string, VaultRow>>();

  /** The tenant's system vault, created on first use; safe under concurrent captures. */
  async function ensureSystemVault(q: Queryable, actor: Actor): Promise<VaultRow> {
    // Outside a transaction there is no boundary for a cache to live in.
    if (q === db) return lookupOrCreateSystemVault(q, actor);
    let known = systemVaultsByTx.get(q);
    if (!known) {
      known = new Map();
      systemVaultsByTx.set(q, known);
    }
    const cached = known.get(actor.tenantId);
    if (cached) return cached;
    const row = await lookupOrCreateSystemVault(q, actor);
    known.set(actor.tenantId, row);
    return row;
  }

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

  /** Decrypts one item; every read (retrieve or reveal) is audited in the same transaction. */
  function openAudited(actor: Actor, vaultId: string, itemId: string, action: string) {
    return db.transaction(async (tx) => {
      const { vault, item } = await findItem(tx, actor, vaultId, itemId);
      const value = decrypt(item);
      await audit(tx, actor, vault, action, { type: 'vault_item', id: item.id }, { itemId: item.id }, item);
      return { item, value };
    });
  }
  return {
    /** Where the KEK came from (env, data-dir, memory) and its id; for health and operator output. */
    kekInfo: () => ({ kekId: ring.current.id, source }),

    async createVault(actor: Actor, input: { name: string; description?: string; sensitivity: VaultSensitivity }) {
      if (input.name.toLowerCase() === SYSTEM_VAULT_NAME) {
        throw conflict(`The vault name "${SYSTEM_VAULT_NAME}" is reserved for redacted capture secrets`);
      }
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(vaults)
          .values({
            id: newId('vlt'),
            tenantId: actor.tenantId,
            name: input.name,
            description: input.description ?? null,
            sensitivity: input.sensitivity,
            createdBy: actorRef(actor),
          })
          .onConflictDoNothing()
          .returning();
        if (!row) throw conflict(`A vault named "${input.name}" already exists`);
        await audit(tx, actor, row, 'vault.created', { type: 'vault', id: row.id }, { name: row.name });
        return toVault(row);
      });
    },

    /** The vaults the actor may use: their own, or all of the tenant (system vault included) for its owner. */
    async listVaults(actor: Actor, query: { limit: number; cursor?: string }) {
      const after = decodeCursor(query.cursor);
      const rows = await db
        .select()
        .from(vaults)
        .where(
          and(
            eq(vaults.tenantId, actor.tenantId),
            managedBy(actor, vaults.createdBy),
            after ? gt(vaults.id, after) : undefined,
          ),
        )
        .orderBy(asc(vaults.id))
        .limit(query.limit + 1);
      const { items, pagination } = toPage(rows, query.limit);
      return { vaults: items.map(toVault), pagination };
    },

    async deleteVault(actor: Actor, vaultId: string) {
      return db.transaction(async (tx) => {
        const vault = await findVault(tx, actor, vaultId);
        if (vault.system) throw forbidden('The system vault holds redacted capture secrets and cannot be deleted');
        const deleted = await tx
          .delete(vaultItems)
          .where(eq(vaultItems.vaultId, vault.id))
          .returning({ id: vaultItems.id });
        await tx.delete(vaults).where(eq(vaults.id, vault.id));
        await audit(
          tx,
          actor,
          vault,
          'vault.deleted',
          { type: 'vault', id: vault.id },
          { name: vault.name, itemsDeleted: deleted.length },
        );
        return { id: vault.id, deleted: true as const };
      });
    },

    async createItem(
      actor: Actor,
      vaultId: string,
      input: { name: string; value: string; type?: string; metadata?: Record<string, unknown> },
    ) {
      return db.transaction(async (tx) => {
        const vault = await findVault(tx, actor, vaultId);
        const id = newId('vit');
        const sealed = envelope.seal(input.value, {
          tenantId: actor.tenantId,
          vaultId: vault.id,
          itemId: id,
          version: 1,
        });
        const [row] = await tx
          .insert(vaultItems)
          .values({
            id,
            tenantId: actor.tenantId,
            vaultId: vault.id,
            name: input.name,
            type: input.type ?? null,
            metadata: input.metadata ?? {},
            version: 1,
            ...sealed,
            createdBy: actorRef(actor),
          })
          .returning();
        await audit(tx, actor, vault, 'vault.item.created', { type: 'vault_item', id }, { itemId: id }, row);
        return toItem(row!);
      });
    },

    async listItems(actor: Actor, vaultId: string, query: { limit: number; cursor?: string }) {
      const after = decodeCursor(query.cursor);
      const vault = await findVault(db, actor, vaultId);
      const rows = await db
        .select()
        .from(vaultItems)
        .where(
          and(
            eq(vaultItems.tenantId, actor.tenantId),
            eq(vaultItems.vaultId, vault.id),
            after ? gt(vaultItems.id, after) : undefined,
          ),
        )
        .orderBy(asc(vaultItems.id))
        .limit(query.limit + 1);
      const { items, pagination } = toPage(rows, query.limit);
      return { items: items.map(toItem), pagination };
    },

    /** The item with its decrypted value; the read is audited in the same transaction. */
    async getItem(actor: Actor, vaultId: string, itemId: string) {
      const { item, value } = await openAudited(actor, vaultId, itemId, 'vault.item.retrieved');
      return { ...toItem(item), value };
    },

    async revealItem(actor: Actor, vaultId: string, itemId: string) {
      const { item, value } = await openAudited(actor, vaultId, itemId, 'vault.item.revealed');
      return { id: item.id, vaultId: item.vaultId, name: item.name, value, revealedAt: new Date().toISOString() };
    },

    async deleteItem(actor: Actor, vaultId: string, itemId: string) {
      return db.transaction(async (tx) => {
        const { vault, item } = await findItem(tx, actor, vaultId, itemId);
        await tx.delete(vaultItems).where(eq(vaultItems.id, item.id));
        await audit(
          tx,
          actor,
          vault,
          'vault.item.deleted',
          { type: 'vault_item', id: item.id },
          { itemId: item.id },
          item,
        );
        return { id: item.id, deleted: true as const };
      });
    },

    /** Audit entries of the vault and its items, newest first. */
    async auditLog(actor: Actor, vaultId: string, query: { limit: number; cursor?: string }) {
      const before = decodeCursor(query.cursor);
      const vault = await findVault(db, actor, vaultId);
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
    },

    /**
     * Operator KEK rotation: re-wraps every item's DEK under `next` (a fresh KEK when omitted) in one
     * transaction; values are never decrypted. With VAULT_KEK the operator then sets VAULT_KEK and
     * VAULT_KEK_ID to the new key before the next restart; in embedded mode it is persisted here.
     */
    async rotateKek(actor: Actor, next?: Kek) {
      const kek = next ?? generateKek();
      assertKek(kek);
      const previous = ring.current;
      if (ring.get(kek.id)) throw invalid('kekId', `KEK id ${kek.id} is already in use; choose a new id`);
      // Only rows wrapped by a KEK this process holds can be re-wrapped; others are left as they are.
      const knownIds = ring.ids();
      ring.add(kek);
      const files = source === 'data-dir' ? kekFiles(deps.config.DATA_DIR) : undefined;
      files?.writePending(kek);
      let rewrapped = 0;
      const skipped: string[] = [];
      const perTenant = new Map<string, number>();
      try {
        await db.transaction(async (tx) => {
          let after = '';
          for (;;) {
            const rows = await tx
              .select()
              .from(vaultItems)
              .where(and(inArray(vaultItems.kekId, knownIds), gt(vaultItems.id, after)))
              .orderBy(asc(vaultItems.id))
              .limit(ROTATE_CHUNK)
              .for('update');
            if (rows.length === 0) break;
            for (const row of rows) {
              let sealed: ReturnType<typeof envelope.rewrap>;
              try {
                sealed = envelope.rewrap(row, contextOf(row), kek);
              } catch (err) {
                // A row that does not open under its KEK id is damaged or foreign: report it, rotate the rest.
                if (!(err instanceof EnvelopeError)) throw err;
                skipped.push(row.id);
                continue;
              }
              await tx
                .update(vaultItems)
                .set({ wrappedDek: sealed.wrappedDek, kekId: sealed.kekId, updatedAt: new Date() })
                .where(eq(vaultItems.id, row.id));
              perTenant.set(row.tenantId, (perTenant.get(row.tenantId) ?? 0) + 1);
              rewrapped += 1;
            }
            after = rows[rows.length - 1]!.id;
          }
          for (const [tenantId, items] of perTenant) {
            await recordAudit(
              tx,
              { ...actor, tenantId },
              {
                action: 'vault.kek.rotated',
                resourceType: 'vault_kek',
                resourceId: kek.id,
                details: { fromKekId: previous.id, toKekId: kek.id, itemsRewrapped: items },
              },
            );
          }
        });
      } catch (err) {
        files?.abort();
        throw err;
      }
      ring.setCurrent(kek);
      files?.commit(kek);
      deps.logger.warn({ fromKekId: previous.id, toKekId: kek.id, rewrapped, skipped }, 'vault KEK rotated');
      return {
        kekId: kek.id,
        previousKekId: previous.id,
        rewrapped,
        /** Items whose data key did not open under their KEK id; they keep their old wrapping. */
        skipped: skipped.length,
        // A generated key must reach the operator once when it is not persisted here (VAULT_KEK mode).
        ...(next === undefined && source === 'env' ? { generatedKek: kek.key.toString('base64') } : {}),
      };
    },

    /**
     * Scans an event's payload and metadata for secrets; stores each in the tenant's system vault and
     * replaces it by `vault://<vaultId>/<itemId>`. Runs inside the capture transaction `q`; without a
     * finding it does no I/O at all.
     */
    async redactCapture(
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

      const vault = await ensureSystemVault(q, actor);
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
        const sealed = envelope.seal(secret, {
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
      await audit(
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
    },
  };
}

export type VaultService = ReturnType<typeof createVaultService>;

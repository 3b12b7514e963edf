/**
 * Operator KEK rotation: every data key (current item versions and kept older ones) is re-wrapped
 * under the target KEK, in batches that each commit on their own with their audit entries; values are
 * never decrypted and ciphertexts are unchanged. The target is durable and current before the first
 * batch (KeyProvider.beginRotation), and the older keys stay loaded until every DEK has moved, so an
 * interrupted run (crash, maxBatches) leaves every item readable and the next run finishes it.
 */
import { and, asc, count, eq, gt, inArray, ne } from 'drizzle-orm';
import type { Actor } from '../../actor.js';
import { recordAudit } from '../../audit/record.js';
import { EnvelopeError, type SealedSecret, type SecretContext } from '../../crypto/envelope.js';
import type { Kek, RotationTarget } from '../../crypto/key-provider.js';
import type { Queryable } from '../../db/client.js';
import { vaultItemVersions, vaultItems } from '../../db/schema/index.js';
import { conflict } from '../../errors.js';
import { type VaultDeps, contextOf } from './model.js';

export interface RotateOptions {
  /** Data keys per batch (one transaction each). */
  batchSize?: number;
  /** Stop after this many batches; the next run continues. */
  maxBatches?: number;
}

const DEFAULT_BATCH = 500;
/** One rotation at a time per service; a second answers 409 instead of racing the first. */
const running = new WeakSet<VaultDeps>();

interface Candidate {
  id: string;
  tenantId: string;
  sealed: SealedSecret;
  context: SecretContext;
}

/** The two places a wrapped DEK lives: the current version (vault_items) and older ones. */
const SOURCES = [
  {
    name: 'current_versions',
    async next(tx: Queryable, target: string, from: string[], after: string, limit: number): Promise<Candidate[]> {
      const rows = await tx
        .select()
        .from(vaultItems)
        .where(and(ne(vaultItems.kekId, target), inArray(vaultItems.kekId, from), gt(vaultItems.id, after)))
        .orderBy(asc(vaultItems.id))
        .limit(limit)
        .for('update');
      return rows.map((r) => ({
        id: r.id,
        tenantId: r.tenantId,
        sealed: r,
        context: contextOf({ ...r, itemId: r.id }),
      }));
    },
    async save(tx: Queryable, id: string, sealed: SealedSecret) {
      await tx
        .update(vaultItems)
        .set({ wrappedDek: sealed.wrappedDek, kekId: sealed.kekId })
        .where(eq(vaultItems.id, id));
    },
    /** Rows not under `target`: not yet moved, damaged, or under a key this server does not hold. */
    async remaining(q: Queryable, target: string) {
      const [row] = await q.select({ n: count() }).from(vaultItems).where(ne(vaultItems.kekId, target));
      return Number(row?.n ?? 0);
    },
  },
  {
    name: 'older_versions',
    async next(tx: Queryable, target: string, from: string[], after: string, limit: number): Promise<Candidate[]> {
      const rows = await tx
        .select()
        .from(vaultItemVersions)
        .where(
          and(
            ne(vaultItemVersions.kekId, target),
            inArray(vaultItemVersions.kekId, from),
            gt(vaultItemVersions.id, after),
          ),
        )
        .orderBy(asc(vaultItemVersions.id))
        .limit(limit)
        .for('update');
      return rows.map((r) => ({ id: r.id, tenantId: r.tenantId, sealed: r, context: contextOf(r) }));
    },
    async save(tx: Queryable, id: string, sealed: SealedSecret) {
      await tx
        .update(vaultItemVersions)
        .set({ wrappedDek: sealed.wrappedDek, kekId: sealed.kekId })
        .where(eq(vaultItemVersions.id, id));
    },
    /** Rows not under `target`: not yet moved, damaged, or under a key this server does not hold. */
    async remaining(q: Queryable, target: string) {
      const [row] = await q.select({ n: count() }).from(vaultItemVersions).where(ne(vaultItemVersions.kekId, target));
      return Number(row?.n ?? 0);
    },
  },
] as const;

interface RunState {
  from: string[];
  /** Per source: the last id looked at. Moved rows leave the candidates; the cursor skips damaged ones. */
  after: string[];
  skipped: number;
  rewrapped: number;
  limit: number;
}

/** One batch in one transaction: re-wrap, save, audit per tenant. Answers how many rows it looked at. */
async function rewrapBatch(
  deps: VaultDeps,
  actor: Actor,
  index: number,
  target: RotationTarget,
  state: RunState,
): Promise<number> {
  const source = SOURCES[index]!;
  return deps.db.transaction(async (tx) => {
    const rows = await source.next(tx, target.keyId, state.from, state.after[index]!, state.limit);
    const perTenant = new Map<string, number>();
    for (const row of rows) {
      let sealed: SealedSecret;
      try {
        sealed = await deps.envelope.rewrap(row.sealed, row.context, target.keyId);
      } catch (err) {
        // A row that does not open under its KEK id is damaged or foreign: report it, rotate the rest.
        if (!(err instanceof EnvelopeError)) throw err;
        state.skipped += 1;
        continue;
      }
      await source.save(tx, row.id, sealed);
      perTenant.set(row.tenantId, (perTenant.get(row.tenantId) ?? 0) + 1);
    }
    for (const [tenantId, n] of perTenant) {
      await recordAudit(
        tx,
        { ...actor, tenantId },
        {
          action: 'vault.kek.rotated',
          resourceType: 'vault_kek',
          resourceId: target.keyId,
          details: { fromKekId: target.previousKeyId, toKekId: target.keyId, dataKeys: source.name, itemsRewrapped: n },
        },
      );
      state.rewrapped += n;
    }
    if (rows.length > 0) state.after[index] = rows[rows.length - 1]!.id;
    return rows.length;
  });
}

/** Is any row of source `index` or later still to be moved (after the run's cursors)? */
async function anyLeft(deps: VaultDeps, target: RotationTarget, state: RunState, index: number): Promise<boolean> {
  for (let i = index; i < SOURCES.length; i++) {
    if ((await SOURCES[i]!.next(deps.db, target.keyId, state.from, state.after[i]!, 1)).length > 0) return true;
  }
  return false;
}

export async function rotateKek(deps: VaultDeps, actor: Actor, next?: Kek, options: RotateOptions = {}) {
  if (running.has(deps)) throw conflict('A KEK rotation is already running; wait for it and run again if needed');
  running.add(deps);
  try {
    const target = await deps.keys.beginRotation(next);
    const state: RunState = {
      from: deps.keys.keyIds().filter((id) => id !== target.keyId),
      after: SOURCES.map(() => ''),
      skipped: 0,
      rewrapped: 0,
      limit: options.batchSize ?? DEFAULT_BATCH,
    };
    let batches = 0;
    let complete = true;
    // Current versions first, then older ones, each in id order until no row is left under an older key.
    for (let index = 0; index < SOURCES.length && state.from.length > 0; ) {
      if (options.maxBatches !== undefined && batches >= options.maxBatches) {
        // Stopped by maxBatches exactly when the last batch was done is still complete.
        complete = !(await anyLeft(deps, target, state, index));
        break;
      }
      if ((await rewrapBatch(deps, actor, index, target, state)) === 0) index += 1;
      else batches += 1;
    }
    let remaining = 0;
    for (const source of SOURCES) remaining += await source.remaining(deps.db, target.keyId);
    if (complete) await deps.keys.completeRotation();
    deps.logger.warn(
      { ...target, rewrapped: state.rewrapped, skipped: state.skipped, remaining, complete },
      'vault KEK rotation',
    );
    return {
      kekId: target.keyId,
      previousKekId: target.previousKeyId,
      resumed: target.resumed,
      rewrapped: state.rewrapped,
      skipped: state.skipped,
      remaining,
      batches,
      complete,
    };
  } finally {
    running.delete(deps);
  }
}

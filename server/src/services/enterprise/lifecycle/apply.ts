/**
 * Applying a lifecycle policy, and previewing it. Three steps, in this order so what is past both
 * limits counts once, as deleted: delete memories (tombstones without content stay for lineage),
 * archive memories, purge raw events. Each step runs in batches of at most `batchSize` rows, one
 * transaction each, that re-select what is still left: a crash keeps the committed batches and the
 * next run continues, and a second run finds nothing more. A deletion also removes what was derived
 * from the deleted rows, as forgetting a subject does (core/erasure/derived.ts).
 */
import type { LifecycleRun } from '@hx-memory/contract';
import { and, asc, eq, gt, gte, inArray, lt, ne, sql } from 'drizzle-orm';
import { recordAudit } from '../../../audit/record.js';
import type { Actor } from '../../../actor.js';
import type { Database, Queryable } from '../../../db/client.js';
import { events, lifecyclePolicies, memories } from '../../../db/schema/index.js';
import {
  accessLogsReading,
  artifactsCiting,
  removeDerived,
  textArray,
  vaultItemsOf,
} from '../../core/erasure/derived.js';
import { jobActor, type LifecycleRow } from './policy-row.js';
import { type ScopeFilters, scopeFilters } from './scope.js';

export type LifecycleRunResult = LifecycleRun;

/** Rows per batch (and per preview page). */
export const LIFECYCLE_BATCH = 500;
const DAY_MS = 24 * 60 * 60 * 1000;

type Step = 'delete' | 'archive' | 'purge';
type Counted = 'deleted' | 'archived' | 'eventsPurged';
const COUNTED: Record<Step, Counted> = { delete: 'deleted', archive: 'archived', purge: 'eventsPurged' };

interface Plan {
  row: LifecycleRow;
  filters: ScopeFilters;
  now: Date;
}

export interface ApplyOptions {
  batchSize?: number;
  /** Called after each committed batch (tests use it to cut a run short, as a crash would). */
  onBatch?: (policyId: string, totals: LifecycleRunResult) => Promise<void> | void;
}

const cutoff = (now: Date, days: number) => new Date(now.getTime() - days * DAY_MS);

function zero(policyId: string): LifecycleRunResult {
  return {
    policyId,
    archived: 0,
    deleted: 0,
    eventsPurged: 0,
    artifactsRetired: 0,
    vaultItemsDeleted: 0,
    accessLogsScrubbed: 0,
    batches: 0,
  };
}

function stepsOf(row: LifecycleRow): Step[] {
  return [
    row.deleteAfterDays != null ? 'delete' : undefined,
    row.archiveAfterDays != null ? 'archive' : undefined,
    row.retentionDays != null ? 'purge' : undefined,
  ].filter((s): s is Step => s !== undefined);
}

/** The next `limit` ids a step still has to change, in id order (after `after`: a preview pages). */
async function candidates(q: Queryable, p: Plan, step: Step, limit: number, after?: string): Promise<string[]> {
  const { row, filters, now } = p;
  if (step === 'purge') {
    const rows = await q
      .select({ id: events.id })
      .from(events)
      .where(
        and(
          eq(events.tenantId, row.tenantId),
          filters.event,
          lt(events.occurredAt, cutoff(now, row.retentionDays!)),
          after ? gt(events.id, after) : undefined,
        ),
      )
      .orderBy(asc(events.id))
      .limit(limit);
    return rows.map((r) => r.id);
  }
  const rows = await q
    .select({ id: memories.id })
    .from(memories)
    .where(
      and(
        eq(memories.tenantId, row.tenantId),
        filters.memory,
        step === 'delete'
          ? and(ne(memories.status, 'deleted'), lt(memories.lastSeenAt, cutoff(now, row.deleteAfterDays!)))
          : and(eq(memories.status, 'active'), lt(memories.lastSeenAt, cutoff(now, row.archiveAfterDays!))),
        // A preview has not deleted what the delete step would: archive only what stays.
        step === 'archive' && row.deleteAfterDays != null
          ? gte(memories.lastSeenAt, cutoff(now, row.deleteAfterDays))
          : undefined,
        after ? gt(memories.id, after) : undefined,
      ),
    )
    .orderBy(asc(memories.id))
    .limit(limit);
  return rows.map((r) => r.id);
}

/** Artifacts built from a batch of deleted memories or purged events, and vault items redacted out of the events. */
async function derivedOf(database: Database, q: Queryable, tenantId: string, step: Step, batch: string[]) {
  if (step === 'archive') return { artifacts: [], vaultItems: [] };
  const evs = textArray(step === 'purge' ? batch : []);
  const mems = textArray(step === 'delete' ? batch : []);
  return {
    artifacts: await artifactsCiting(database, q, tenantId, evs, mems),
    vaultItems: step === 'purge' ? await vaultItemsOf(database, q, tenantId, evs) : [],
  };
}

/** Changes one batch (on its transaction) and answers its counts; rows changed meanwhile are skipped. */
async function applyBatch(
  database: Database,
  tx: Queryable,
  p: Plan,
  step: Step,
  batch: string[],
): Promise<Partial<LifecycleRunResult>> {
  const t = p.row.tenantId;
  const mine = and(eq(memories.tenantId, t), inArray(memories.id, batch));
  if (step === 'archive') {
    const rows = await tx
      .update(memories)
      .set({ status: 'archived', updatedAt: p.now })
      .where(and(mine, eq(memories.status, 'active')))
      .returning({ id: memories.id });
    return { archived: rows.length };
  }
  const derived = await derivedOf(database, tx, t, step, batch);
  const changed =
    step === 'delete'
      ? await tx
          .update(memories)
          .set({
            status: 'deleted',
            content: '',
            attributes: {},
            attributeKey: null,
            dedupeKey: sql`${memories.id}`,
            updatedAt: p.now,
          })
          .where(and(mine, ne(memories.status, 'deleted')))
          .returning({ id: memories.id })
      : await tx
          .delete(events)
          .where(and(eq(events.tenantId, t), inArray(events.id, batch)))
          .returning({ id: events.id });
  const removed = await removeDerived(database, tx, t, {
    artifacts: derived.artifacts,
    vaultItems: derived.vaultItems,
    memories: step === 'delete' ? batch : [],
    edgesOf: [],
  });
  return {
    [COUNTED[step]]: changed.length,
    artifactsRetired: derived.artifacts.length,
    vaultItemsDeleted: derived.vaultItems.length,
    accessLogsScrubbed: removed.accessLogsScrubbed,
  };
}

function add(totals: LifecycleRunResult, n: Partial<LifecycleRunResult>) {
  for (const [k, v] of Object.entries(n)) {
    if (typeof v === 'number') (totals as unknown as Record<string, number>)[k]! += v;
  }
}

/**
 * Applies one policy as of `now` in bounded batches, then records lastRunAt and one audit entry with
 * the counts. A per-policy advisory lock, taken by each batch, keeps two runners (replicas, the sweep
 * and a manual run) from applying one policy at once: the one that finds it taken stops, and answers
 * undefined when it had done nothing.
 */
export async function applyPolicy(
  database: Database,
  row: LifecycleRow,
  now: Date,
  actor: Actor | undefined,
  options: ApplyOptions = {},
): Promise<LifecycleRunResult | undefined> {
  const { db } = database;
  const size = options.batchSize ?? LIFECYCLE_BATCH;
  const totals = zero(row.id);
  const filters = await scopeFilters(db, row);
  const plan = filters && { row, filters, now };
  let complete = true;
  outer: for (const step of plan ? stepsOf(row) : []) {
    for (;;) {
      const outcome = await db.transaction(async (tx) => {
        const [lock] = await database.rows<{ locked: boolean }>(
          sql`select pg_try_advisory_xact_lock(hashtext(${`lifecycle:${row.id}`})) as locked`,
          tx,
        );
        if (!lock?.locked) return 'locked' as const;
        const batch = await candidates(tx, plan!, step, size);
        if (batch.length === 0) return 'done' as const;
        add(totals, await applyBatch(database, tx, plan!, step, batch));
        totals.batches += 1;
        return 'more' as const;
      });
      if (outcome === 'locked') {
        complete = false;
        break outer;
      }
      if (outcome === 'done') break;
      await options.onBatch?.(row.id, totals);
    }
  }
  if (!complete && totals.batches === 0) return undefined;
  const { policyId: _id, ...counts } = totals;
  await db.transaction(async (tx) => {
    await tx.update(lifecyclePolicies).set({ lastRunAt: now }).where(eq(lifecyclePolicies.id, row.id));
    await recordAudit(tx, actor ?? jobActor(row), {
      action: 'lifecycle_policy.applied',
      resourceType: 'lifecycle_policy',
      resourceId: row.id,
      organizationId: row.organizationId,
      details: {
        trigger: actor ? 'manual' : 'schedule',
        asOf: now.toISOString(),
        scope: row.scope,
        complete,
        ...counts,
      },
    });
  });
  return totals;
}

/** What applyPolicy would do as of `asOf`, read page by page and changing nothing. */
export async function previewPolicy(
  database: Database,
  row: LifecycleRow,
  asOf: Date,
  batchSize = LIFECYCLE_BATCH,
): Promise<LifecycleRunResult> {
  const { db } = database;
  const totals = zero(row.id);
  const filters = await scopeFilters(db, row);
  if (!filters) return totals;
  const plan = { row, filters, now: asOf };
  const artifacts = new Set<string>();
  const vaultItems = new Set<string>();
  const logs = new Set<string>();
  for (const step of stepsOf(row)) {
    for (let after: string | undefined; ; ) {
      const batch = await candidates(db, plan, step, batchSize, after);
      if (batch.length === 0) break;
      after = batch.at(-1);
      totals.batches += 1;
      totals[COUNTED[step]] += batch.length;
      const derived = await derivedOf(database, db, row.tenantId, step, batch);
      for (const id of derived.artifacts) artifacts.add(id);
      for (const id of derived.vaultItems) vaultItems.add(id);
      const mems = textArray(step === 'delete' ? batch : []);
      for (const id of await accessLogsReading(database, db, row.tenantId, mems, textArray(derived.artifacts))) {
        logs.add(id);
      }
    }
  }
  totals.artifactsRetired = artifacts.size;
  totals.vaultItemsDeleted = vaultItems.size;
  totals.accessLogsScrubbed = logs.size;
  return totals;
}

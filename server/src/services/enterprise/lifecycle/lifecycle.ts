/**
 * Lifecycle (retention) policies: CRUD (audited in the same transaction) and the job that applies them.
 * In a policy's scope, memories not seen for deleteAfterDays are deleted (a tombstone without content
 * stays, so lineage does not dangle), those not seen for archiveAfterDays are archived, and raw events
 * that occurred more than retentionDays ago are purged. Every application writes one audit entry.
 */
import { type LifecyclePolicy, lifecycleDayIssues } from '@hx-memory/contract';
import { type SQL, and, asc, eq, gt, inArray, lt, ne, sql } from 'drizzle-orm';
import { recordAudit } from '../../../audit/record.js';
import type { Actor } from '../../../actor.js';
import type { Queryable, Tx } from '../../../db/client.js';
import { events, lifecyclePolicies, memories, namespaces } from '../../../db/schema/index.js';
import { AppError, invalid, notFound } from '../../../errors.js';
import { newId } from '../../../ids.js';
import { createRepeatingJob } from '../../../jobs/index.js';
import { orgScope } from '../org-scope.js';
import type { ServiceDeps } from '../../deps.js';
import { decodeCursor, toPage } from '../../../db/keyset-cursor.js';

type LifecycleRow = typeof lifecyclePolicies.$inferSelect;
type Scope = { tenantId: string; organizationId: string };
type DayInput = { retentionDays?: number | null; archiveAfterDays?: number | null; deleteAfterDays?: number | null };

const DAY_MS = 24 * 60 * 60 * 1000;

export interface LifecycleRunResult {
  policyId: string;
  archived: number;
  deleted: number;
  eventsPurged: number;
}

export function toLifecyclePolicy(row: LifecycleRow): LifecyclePolicy {
  return {
    id: row.id,
    organizationId: row.organizationId,
    name: row.name,
    retentionDays: row.retentionDays,
    archiveAfterDays: row.archiveAfterDays,
    deleteAfterDays: row.deleteAfterDays,
    scope: row.scope,
    lastRunAt: row.lastRunAt ? row.lastRunAt.toISOString() : null,
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The audit actor of scheduled runs: no user, the policy's tenant and organization. */
function jobActor(row: LifecycleRow): Actor {
  return {
    kind: 'operator',
    tenantId: row.tenantId,
    organizationId: row.organizationId,
    environment: 'live',
    plan: 'enterprise',
    requestId: newId('job'),
  };
}

/** A registered namespace named in a scope must be this organization's; unregistered ones (`default`) are fine. */
async function checkScope(q: Queryable, scope: Scope, value: string) {
  if (!value.startsWith('namespace:') || value === 'namespace:*') return;
  const ref = value.slice('namespace:'.length);
  const rows = await q
    .select({ organizationId: namespaces.organizationId })
    .from(namespaces)
    .where(
      and(eq(namespaces.tenantId, scope.tenantId), sql`(${namespaces.id} = ${ref} or ${namespaces.name} = ${ref})`),
    );
  if (rows.some((r) => r.organizationId !== scope.organizationId)) {
    throw invalid('scope', `namespace ${ref} belongs to another organization`);
  }
}

function checkDays(v: DayInput) {
  const issues = lifecycleDayIssues(v);
  if (issues.length > 0) {
    throw new AppError(
      'validation_error',
      issues.map((i) => `${i.path}: ${i.message}`).join('; '),
      issues.map((i) => ({ field: i.path, message: i.message })),
    );
  }
  if (v.retentionDays == null && v.archiveAfterDays == null && v.deleteAfterDays == null) {
    throw invalid('deleteAfterDays', 'at least one of retentionDays, archiveAfterDays, deleteAfterDays must stay set');
  }
}

/** The namespace values (ids and names) a `namespace:` scope covers; an empty list matches nothing. */
async function scopeNamespaces(q: Queryable, row: LifecycleRow, ref: string): Promise<string[]> {
  const owned = await q
    .select({ id: namespaces.id, name: namespaces.name })
    .from(namespaces)
    .where(
      and(
        eq(namespaces.tenantId, row.tenantId),
        eq(namespaces.organizationId, row.organizationId),
        ref === '*' ? undefined : sql`(${namespaces.id} = ${ref} or ${namespaces.name} = ${ref})`,
      ),
    );
  if (ref === '*' || owned.length > 0) return owned.flatMap((n) => [n.id, n.name]);
  // Registered to another organization since the policy was written: never touch it.
  const elsewhere = await q
    .select({ id: namespaces.id })
    .from(namespaces)
    .where(and(eq(namespaces.tenantId, row.tenantId), sql`(${namespaces.id} = ${ref} or ${namespaces.name} = ${ref})`))
    .limit(1);
  return elsewhere.length > 0 ? [] : [ref];
}

/** Row filters for memories and events in a policy's scope, or undefined when it covers nothing. */
async function scopeFilters(q: Queryable, row: LifecycleRow): Promise<{ memory: SQL; event: SQL } | undefined> {
  const sep = row.scope.indexOf(':');
  const kind = row.scope.slice(0, sep);
  const ref = row.scope.slice(sep + 1);
  if (kind === 'namespace') {
    const values = await scopeNamespaces(q, row, ref);
    if (values.length === 0) return undefined;
    return { memory: inArray(memories.namespace, values), event: inArray(events.namespace, values) };
  }
  if (kind === 'agent') return { memory: eq(memories.agentId, ref), event: eq(events.agentId, ref) };
  if (kind === 'subject') return { memory: eq(memories.subjectId, ref), event: eq(events.subjectId, ref) };
  return undefined;
}

async function applyPolicy(tx: Tx, row: LifecycleRow, now: Date): Promise<LifecycleRunResult> {
  const result = { policyId: row.id, archived: 0, deleted: 0, eventsPurged: 0 };
  const filters = await scopeFilters(tx, row);
  if (!filters) return result;
  const before = (days: number) => new Date(now.getTime() - days * DAY_MS);
  // Delete first, so what is past both limits is counted once, as deleted.
  if (row.deleteAfterDays != null) {
    const rows = await tx
      .update(memories)
      .set({
        status: 'deleted',
        content: '',
        attributes: {},
        attributeKey: null,
        dedupeKey: sql`${memories.id}`,
        updatedAt: now,
      })
      .where(
        and(
          eq(memories.tenantId, row.tenantId),
          filters.memory,
          ne(memories.status, 'deleted'),
          lt(memories.lastSeenAt, before(row.deleteAfterDays)),
        ),
      )
      .returning({ id: memories.id });
    result.deleted = rows.length;
  }
  if (row.archiveAfterDays != null) {
    const rows = await tx
      .update(memories)
      .set({ status: 'archived', updatedAt: now })
      .where(
        and(
          eq(memories.tenantId, row.tenantId),
          filters.memory,
          eq(memories.status, 'active'),
          lt(memories.lastSeenAt, before(row.archiveAfterDays)),
        ),
      )
      .returning({ id: memories.id });
    result.archived = rows.length;
  }
  if (row.retentionDays != null) {
    const rows = await tx
      .delete(events)
      .where(and(eq(events.tenantId, row.tenantId), filters.event, lt(events.occurredAt, before(row.retentionDays))))
      .returning({ id: events.id });
    result.eventsPurged = rows.length;
  }
  return result;
}

export function createLifecycleService(deps: Pick<ServiceDeps, 'database' | 'config' | 'logger' | 'onShutdown'>) {
  const { db } = deps.database;

  async function load(q: Queryable, scope: Scope, id: string) {
    const [row] = await q
      .select()
      .from(lifecyclePolicies)
      .where(
        and(
          eq(lifecyclePolicies.id, id),
          eq(lifecyclePolicies.tenantId, scope.tenantId),
          eq(lifecyclePolicies.organizationId, scope.organizationId),
        ),
      )
      .limit(1);
    if (!row) throw notFound('Lifecycle policy');
    return row;
  }

  /**
   * Applies the policies (all of them, or one organization's) as of `now`, one transaction per policy.
   * An advisory lock per policy keeps two replicas from applying the same one at once.
   */
  async function runOnce(
    now: Date = new Date(),
    options: { tenantId?: string; organizationId?: string; actor?: Actor } = {},
  ): Promise<LifecycleRunResult[]> {
    const rows = await db
      .select()
      .from(lifecyclePolicies)
      .where(
        and(
          options.tenantId ? eq(lifecyclePolicies.tenantId, options.tenantId) : undefined,
          options.organizationId ? eq(lifecyclePolicies.organizationId, options.organizationId) : undefined,
        ),
      )
      .orderBy(asc(lifecyclePolicies.id));
    const results: LifecycleRunResult[] = [];
    for (const row of rows) {
      const outcome = await db.transaction(async (tx) => {
        const [lock] = await deps.database.rows<{ locked: boolean }>(
          sql`select pg_try_advisory_xact_lock(hashtext(${`lifecycle:${row.id}`})) as locked`,
          tx,
        );
        if (!lock?.locked) return undefined;
        const result = await applyPolicy(tx, row, now);
        await tx.update(lifecyclePolicies).set({ lastRunAt: now }).where(eq(lifecyclePolicies.id, row.id));
        await recordAudit(tx, options.actor ?? jobActor(row), {
          action: 'lifecycle_policy.applied',
          resourceType: 'lifecycle_policy',
          resourceId: row.id,
          organizationId: row.organizationId,
          details: {
            trigger: options.actor ? 'manual' : 'schedule',
            asOf: now.toISOString(),
            scope: row.scope,
            archived: result.archived,
            deleted: result.deleted,
            eventsPurged: result.eventsPurged,
          },
        });
        return result;
      });
      if (outcome) results.push(outcome);
    }
    return results;
  }

  // The sweep: once per LIFECYCLE_INTERVAL_MS per deployment, wherever jobs run (jobs/index.ts decides:
  // a timer in process, a BullMQ job scheduler on Redis). The per-policy lock above still keeps a
  // manual run and the sweep from applying one policy at once.
  const sweep = createRepeatingJob(deps.config, deps.logger, {
    name: 'lifecycle-sweep',
    everyMs: deps.config.LIFECYCLE_INTERVAL_MS,
    async run() {
      const runs = await runOnce();
      if (runs.length > 0) deps.logger.info({ policies: runs.length }, 'lifecycle policies applied');
    },
  });
  deps.onShutdown(() => sweep.close());

  return {
    runOnce,

    async run(actor: Actor, orgId: string) {
      const scope = orgScope(actor, orgId);
      const now = new Date();
      const runs = await runOnce(now, { ...scope, actor });
      return { ranAt: now.toISOString(), runs };
    },

    async create(
      actor: Actor,
      orgId: string,
      input: { name: string; scope: string } & {
        retentionDays?: number;
        archiveAfterDays?: number;
        deleteAfterDays?: number;
      },
    ) {
      const scope = orgScope(actor, orgId);
      checkDays(input);
      const row = await db.transaction(async (tx) => {
        await checkScope(tx, scope, input.scope);
        const [created] = await tx
          .insert(lifecyclePolicies)
          .values({
            id: newId('lcp'),
            ...scope,
            name: input.name,
            scope: input.scope,
            retentionDays: input.retentionDays ?? null,
            archiveAfterDays: input.archiveAfterDays ?? null,
            deleteAfterDays: input.deleteAfterDays ?? null,
            createdBy: actor.userId ?? null,
          })
          .returning();
        await recordAudit(tx, actor, {
          action: 'lifecycle_policy.created',
          resourceType: 'lifecycle_policy',
          resourceId: created!.id,
          organizationId: scope.organizationId,
          details: { ...input },
        });
        return created!;
      });
      return toLifecyclePolicy(row);
    },

    async list(actor: Actor, orgId: string, query: { limit: number; cursor?: string }) {
      const scope = orgScope(actor, orgId);
      const after = decodeCursor(query.cursor);
      const rows = await db
        .select()
        .from(lifecyclePolicies)
        .where(
          and(
            eq(lifecyclePolicies.tenantId, scope.tenantId),
            eq(lifecyclePolicies.organizationId, scope.organizationId),
            after ? gt(lifecyclePolicies.id, after) : undefined,
          ),
        )
        .orderBy(asc(lifecyclePolicies.id))
        .limit(query.limit + 1);
      const { items, pagination } = toPage(rows, query.limit);
      return { lifecyclePolicies: items.map(toLifecyclePolicy), pagination };
    },

    async get(actor: Actor, orgId: string, policyId: string) {
      return toLifecyclePolicy(await load(db, orgScope(actor, orgId), policyId));
    },

    async update(actor: Actor, orgId: string, policyId: string, input: { name?: string; scope?: string } & DayInput) {
      const scope = orgScope(actor, orgId);
      const row = await db.transaction(async (tx) => {
        const before = await load(tx, scope, policyId);
        const set = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined)) as typeof input;
        checkDays({ ...before, ...set });
        if (set.scope) await checkScope(tx, scope, set.scope);
        const changes = Object.fromEntries(
          Object.entries(set).map(([k, v]) => [k, { from: before[k as keyof LifecycleRow], to: v }]),
        );
        const [after] = await tx
          .update(lifecyclePolicies)
          .set({ ...set, updatedAt: new Date() })
          .where(and(eq(lifecyclePolicies.id, before.id), eq(lifecyclePolicies.tenantId, scope.tenantId)))
          .returning();
        await recordAudit(tx, actor, {
          action: 'lifecycle_policy.updated',
          resourceType: 'lifecycle_policy',
          resourceId: before.id,
          organizationId: scope.organizationId,
          details: { changes },
        });
        return after!;
      });
      return toLifecyclePolicy(row);
    },

    async delete(actor: Actor, orgId: string, policyId: string) {
      const scope = orgScope(actor, orgId);
      await db.transaction(async (tx) => {
        const before = await load(tx, scope, policyId);
        await tx
          .delete(lifecyclePolicies)
          .where(and(eq(lifecyclePolicies.id, before.id), eq(lifecyclePolicies.tenantId, scope.tenantId)));
        await recordAudit(tx, actor, {
          action: 'lifecycle_policy.deleted',
          resourceType: 'lifecycle_policy',
          resourceId: before.id,
          organizationId: scope.organizationId,
          details: { policy: toLifecyclePolicy(before) },
        });
      });
      return { id: policyId, deleted: true as const };
    },
  };
}

export type LifecycleService = ReturnType<typeof createLifecycleService>;

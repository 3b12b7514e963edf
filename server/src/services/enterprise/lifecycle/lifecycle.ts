/**
 * Lifecycle (retention) policies: CRUD (crud.ts), the job that applies them and the preview
 * (apply.ts). In a policy's scope, memories not seen for deleteAfterDays are deleted (a tombstone
 * without content stays, so lineage does not dangle), those not seen for archiveAfterDays are
 * archived, and raw events that occurred more than retentionDays ago are purged, together with what
 * was derived from them. Every application writes one audit entry with its counts.
 */
import { and, asc, eq } from 'drizzle-orm';
import type { Actor } from '../../../actor.js';
import { lifecyclePolicies } from '../../../db/schema/index.js';
import type { AccessLog } from '../../../audit/access-log.js';
import type { ServiceDeps } from '../../deps.js';
import { orgScope } from '../org-scope.js';
import { type ApplyOptions, type LifecycleRunResult, applyPolicy, previewPolicy } from './apply.js';
import {
  type CreateLifecycleInput,
  type UpdateLifecycleInput,
  createPolicy,
  deletePolicy,
  listPolicies,
  updatePolicy,
} from './crud.js';
import { loadPolicy, toLifecyclePolicy } from './policy-row.js';

export interface RunScope {
  tenantId?: string;
  organizationId?: string;
  policyId?: string;
  actor?: Actor;
}

export function createLifecycleService(
  deps: Pick<ServiceDeps, 'database' | 'logger'>,
  services: { accessLog: Pick<AccessLog, 'flush'> },
) {
  const { database } = deps;
  const { db } = database;

  function policies(options: RunScope) {
    return db
      .select()
      .from(lifecyclePolicies)
      .where(
        and(
          options.tenantId ? eq(lifecyclePolicies.tenantId, options.tenantId) : undefined,
          options.organizationId ? eq(lifecyclePolicies.organizationId, options.organizationId) : undefined,
          options.policyId ? eq(lifecyclePolicies.id, options.policyId) : undefined,
        ),
      )
      .orderBy(asc(lifecyclePolicies.id));
  }

  /** Applies the policies (all of them, or one organization's, or one) as of `now`, one after the other. */
  async function runOnce(now: Date = new Date(), options: RunScope & ApplyOptions = {}): Promise<LifecycleRunResult[]> {
    const results: LifecycleRunResult[] = [];
    // Reads this process has not written to the access log yet are scrubbed with the rest.
    await services.accessLog.flush();
    for (const row of await policies(options)) {
      const outcome = await applyPolicy(database, row, now, options.actor, options);
      if (outcome) results.push(outcome);
    }
    return results;
  }

  async function preview(actor: Actor, orgId: string, input: { policyId?: string; asOf?: string }) {
    const scope = orgScope(actor, orgId);
    // Count the access-log rows this process has not written yet too (audit/access-log.ts).
    await services.accessLog.flush();
    if (input.policyId) await loadPolicy(db, scope, input.policyId);
    const asOf = input.asOf ? new Date(input.asOf) : new Date();
    const runs: LifecycleRunResult[] = [];
    for (const row of await policies({ ...scope, policyId: input.policyId })) {
      runs.push(await previewPolicy(database, row, asOf));
    }
    return { ranAt: asOf.toISOString(), dryRun: true, runs };
  }

  /**
   * The sweep: every policy of the deployment, applied as of now. jobs/start.ts schedules it once per
   * LIFECYCLE_INTERVAL_MS per deployment; the per-policy lock (apply.ts) keeps a manual run and the
   * sweep from applying one policy at once.
   */
  async function sweep(): Promise<void> {
    const runs = await runOnce();
    if (runs.length > 0) deps.logger.info({ policies: runs.length }, 'lifecycle policies applied');
  }

  return {
    runOnce,
    sweep,
    preview,

    async run(actor: Actor, orgId: string, input: { dryRun?: boolean; policyId?: string } = {}) {
      if (input.dryRun) return preview(actor, orgId, { policyId: input.policyId });
      const scope = orgScope(actor, orgId);
      if (input.policyId) await loadPolicy(db, scope, input.policyId);
      const now = new Date();
      const runs = await runOnce(now, { ...scope, policyId: input.policyId, actor });
      return { ranAt: now.toISOString(), dryRun: false, runs };
    },

    create: (actor: Actor, orgId: string, input: CreateLifecycleInput) => createPolicy(db, actor, orgId, input),
    list: (actor: Actor, orgId: string, query: { limit: number; cursor?: string }) =>
      listPolicies(db, actor, orgId, query),
    async get(actor: Actor, orgId: string, policyId: string) {
      return toLifecyclePolicy(await loadPolicy(db, orgScope(actor, orgId), policyId));
    },
    update: (actor: Actor, orgId: string, policyId: string, input: UpdateLifecycleInput) =>
      updatePolicy(db, actor, orgId, policyId, input),
    delete: (actor: Actor, orgId: string, policyId: string) => deletePolicy(db, actor, orgId, policyId),
  };
}

export type LifecycleService = ReturnType<typeof createLifecycleService>;

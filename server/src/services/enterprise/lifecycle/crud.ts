/** Lifecycle policy CRUD, each change audited in its own transaction. */
import { and, eq } from 'drizzle-orm';
import { recordAudit } from '../../../audit/record.js';
import type { Actor } from '../../../actor.js';
import type { Db } from '../../../db/client.js';
import { ofOrg, pageRows } from '../../../db/scoped-rows.js';
import { lifecyclePolicies } from '../../../db/schema/index.js';
import { newId } from '../../../ids.js';
import { orgScope } from '../org-scope.js';
import {
  type DayInput,
  type LifecycleRow,
  checkDays,
  checkScope,
  loadPolicy,
  toLifecyclePolicy,
} from './policy-row.js';

export type CreateLifecycleInput = { name: string; scope: string } & {
  retentionDays?: number;
  archiveAfterDays?: number;
  deleteAfterDays?: number;
};
export type UpdateLifecycleInput = { name?: string; scope?: string } & DayInput;

export async function createPolicy(db: Db, actor: Actor, orgId: string, input: CreateLifecycleInput) {
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
}

export async function listPolicies(db: Db, actor: Actor, orgId: string, query: { limit: number; cursor?: string }) {
  const { items, pagination } = await pageRows(
    db,
    lifecyclePolicies,
    ofOrg(lifecyclePolicies, orgScope(actor, orgId)),
    query,
  );
  return { lifecyclePolicies: items.map(toLifecyclePolicy), pagination };
}

export async function updatePolicy(db: Db, actor: Actor, orgId: string, policyId: string, input: UpdateLifecycleInput) {
  const scope = orgScope(actor, orgId);
  const row = await db.transaction(async (tx) => {
    const before = await loadPolicy(tx, scope, policyId);
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
}

export async function deletePolicy(db: Db, actor: Actor, orgId: string, policyId: string) {
  const scope = orgScope(actor, orgId);
  await db.transaction(async (tx) => {
    const before = await loadPolicy(tx, scope, policyId);
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
}

/** A lifecycle policy row: its API shape, the checks a write must pass, and loading it within an organization. */
import { type LifecyclePolicy, lifecycleDayIssues } from '@hx-memory/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Actor } from '../../../actor.js';
import type { Queryable } from '../../../db/client.js';
import { loadRow, ofOrg, type OrgScope } from '../../../db/scoped-rows.js';
import { lifecyclePolicies, namespaces } from '../../../db/schema/index.js';
import { AppError, invalid } from '../../../errors.js';
import { newId } from '../../../ids.js';

export type LifecycleRow = typeof lifecyclePolicies.$inferSelect;
export type Scope = OrgScope;
export type DayInput = {
  retentionDays?: number | null;
  archiveAfterDays?: number | null;
  deleteAfterDays?: number | null;
};

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
export function jobActor(row: LifecycleRow): Actor {
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
export async function checkScope(q: Queryable, scope: Scope, value: string) {
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

export function checkDays(v: DayInput) {
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

export function loadPolicy(q: Queryable, scope: Scope, id: string): Promise<LifecycleRow> {
  return loadRow(q, lifecyclePolicies, 'Lifecycle policy', id, ofOrg(lifecyclePolicies, scope));
}

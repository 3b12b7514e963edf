/** Access policies as stored (access_policies), as the API shows them and as the engine reads them. */
import type { AccessPolicy, PolicyAction, PolicyConditions, PolicyEffect } from '@hx-memory/contract';
import type { Queryable } from '../../../db/client.js';
import { accessPolicies } from '../../../db/schema/index.js';
import { loadRow, ofOrg, type OrgScope } from '../../../db/scoped-rows.js';
import { pickFields } from '../../../pick-fields.js';
import type { PolicyRule } from './policy-engine.js';

export type PolicyRow = typeof accessPolicies.$inferSelect;

/** The fields a policy is created with; an update gives any of them. */
export interface PolicyInput {
  name: string;
  effect: PolicyEffect;
  resource: string;
  action: PolicyAction;
  conditions: PolicyConditions;
  priority: number;
}

export function toPolicy(row: PolicyRow): AccessPolicy {
  return {
    ...pickFields(row, ['id', 'organizationId', 'name', 'resource', 'priority', 'createdBy']),
    effect: row.effect as PolicyEffect,
    action: row.action as PolicyAction,
    conditions: row.conditions as PolicyConditions,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export const toRule = (row: PolicyRow): PolicyRule => ({
  id: row.id,
  effect: row.effect as PolicyRule['effect'],
  resource: row.resource,
  action: row.action,
  conditions: row.conditions ?? {},
  priority: row.priority,
});

/** A policy of the organization, or 404. */
export const loadPolicy = (q: Queryable, scope: OrgScope, id: string): Promise<PolicyRow> =>
  loadRow(q, accessPolicies, 'Policy', id, ofOrg(accessPolicies, scope));

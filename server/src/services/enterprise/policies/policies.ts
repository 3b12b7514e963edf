/**
 * Access policies: CRUD (each change audited in its transaction) and `checkNamespaceAccess`, the one
 * place core routes ask whether an actor may read or write a namespace. The decision itself is the
 * pure `evaluate` of policy-engine.ts; this module only gathers its inputs.
 */
import type { AccessPolicy, PolicyAction, PolicyConditions, PolicyEffect, Role } from '@hx-memory/contract';
import { and, asc, desc, eq, gt, lt, or } from 'drizzle-orm';
import { recordAudit } from '../../../audit/record.js';
import type { Actor } from '../../../actor.js';
import type { Queryable } from '../../../db/client.js';
import { accessPolicies, agents, namespaces, orgMembers, teamMembers, teams } from '../../../db/schema/index.js';
import { forbidden, invalid, notFound } from '../../../errors.js';
import { newId } from '../../../ids.js';
import { orgScope } from '../org-scope.js';
import type { NamespacesService } from '../namespaces.js';
import type { ServiceDeps } from '../../deps.js';
import { decodeCursor, encodeCursor } from '../../../db/keyset-cursor.js';
import { type Decision, type PolicyRule, evaluate } from './policy-engine.js';

type PolicyRow = typeof accessPolicies.$inferSelect;
type Scope = { tenantId: string; organizationId: string };

export function toPolicy(row: PolicyRow): AccessPolicy {
  return {
    id: row.id,
    organizationId: row.organizationId,
    name: row.name,
    effect: row.effect as PolicyEffect,
    resource: row.resource,
    action: row.action as PolicyAction,
    conditions: row.conditions as PolicyConditions,
    priority: row.priority,
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const toRule = (row: PolicyRow): PolicyRule => ({
  id: row.id,
  effect: row.effect as PolicyRule['effect'],
  resource: row.resource,
  action: row.action,
  conditions: row.conditions ?? {},
  priority: row.priority,
});

/** The outcome of a namespace access check, as a value; `assertNamespaceAccess` turns a denial into 403. */
export interface NamespaceAccess extends Omit<Decision, 'reason'> {
  reason: Decision['reason'] | 'key_namespace_mismatch';
  /** The registered namespace the value resolved to; undefined for unregistered ones (e.g. `default`). */
  namespaceId?: string;
  sensitivity?: string;
}

/** A condition naming a team or agent of another organization would never hold: refuse it up front. */
async function checkConditions(q: Queryable, scope: Scope, conditions: PolicyConditions | undefined) {
  if (!conditions) return;
  if (conditions.team) {
    const [t] = await q
      .select({ id: teams.id })
      .from(teams)
      .where(
        and(
          eq(teams.id, conditions.team),
          eq(teams.tenantId, scope.tenantId),
          eq(teams.organizationId, scope.organizationId),
        ),
      )
      .limit(1);
    if (!t) throw invalid('conditions.team', `no team ${conditions.team} in this organization`);
  }
  if (conditions.agent) {
    const [a] = await q
      .select({ id: agents.id })
      .from(agents)
      .where(
        and(
          eq(agents.id, conditions.agent),
          eq(agents.tenantId, scope.tenantId),
          eq(agents.organizationId, scope.organizationId),
        ),
      )
      .limit(1);
    if (!a) throw invalid('conditions.agent', `no agent ${conditions.agent} in this organization`);
  }
}

/** Keyset over (priority desc, id asc), the evaluation order; the cursor wraps both. */
function decodePolicyCursor(cursor: string | undefined): { priority: number; id: string } | undefined {
  const raw = decodeCursor(cursor);
  if (raw === undefined) return undefined;
  const sep = raw.indexOf('|');
  const priority = Number(raw.slice(0, sep));
  if (sep <= 0 || !Number.isInteger(priority)) throw invalid('query.cursor', 'is not a cursor returned by this list');
  return { priority, id: raw.slice(sep + 1) };
}

export function createPoliciesService(
  deps: Pick<ServiceDeps, 'database'>,
  services: { namespaces: Pick<NamespacesService, 'resolve'> },
) {
  const { db } = deps.database;

  async function load(q: Queryable, scope: Scope, id: string) {
    const [row] = await q
      .select()
      .from(accessPolicies)
      .where(
        and(
          eq(accessPolicies.id, id),
          eq(accessPolicies.tenantId, scope.tenantId),
          eq(accessPolicies.organizationId, scope.organizationId),
        ),
      )
      .limit(1);
    if (!row) throw notFound('Policy');
    return row;
  }

  /** Role and teams the actor holds in an organization, plus the agent it acts as. */
  async function subjectOf(q: Queryable, actor: Actor, organizationId: string) {
    let role: Role | undefined;
    const teamIds = new Set<string>();
    if (actor.kind === 'user' && actor.userId) {
      const [member] = await q
        .select({ id: orgMembers.id, role: orgMembers.role })
        .from(orgMembers)
        .where(
          and(
            eq(orgMembers.tenantId, actor.tenantId),
            eq(orgMembers.organizationId, organizationId),
            eq(orgMembers.userId, actor.userId),
            eq(orgMembers.status, 'active'),
          ),
        )
        .limit(1);
      if (member) {
        role = member.role as Role;
        const rows = await q
          .select({ teamId: teamMembers.teamId })
          .from(teamMembers)
          .where(and(eq(teamMembers.tenantId, actor.tenantId), eq(teamMembers.memberId, member.id)));
        for (const r of rows) teamIds.add(r.teamId);
      }
    }
    if (actor.agentId) {
      const [agent] = await q
        .select({ teamId: agents.teamId })
        .from(agents)
        .where(and(eq(agents.id, actor.agentId), eq(agents.tenantId, actor.tenantId)))
        .limit(1);
      if (agent?.teamId) teamIds.add(agent.teamId);
    }
    return { role, teamIds: [...teamIds], agentId: actor.agentId };
  }

  /**
   * Every identifier (id and name) of the tenant's namespaces the actor may not `action`, for reads and
   * deletes that name no namespace: they cover everything else, so these are left out (never an error,
   * never a leak). Only organizations with a policy or a restricted namespace are evaluated.
   */
  async function deniedNamespaces(
    actor: Actor,
    action: 'read' | 'write' | 'delete',
    q: Queryable = db,
  ): Promise<string[]> {
    const [spaces, rules] = await Promise.all([
      q
        .select({
          id: namespaces.id,
          name: namespaces.name,
          organizationId: namespaces.organizationId,
          sensitivity: namespaces.sensitivity,
        })
        .from(namespaces)
        .where(eq(namespaces.tenantId, actor.tenantId)),
      q.select().from(accessPolicies).where(eq(accessPolicies.tenantId, actor.tenantId)),
    ]);
    const rulesByOrg = new Map<string, PolicyRule[]>();
    for (const row of rules) {
      const list = rulesByOrg.get(row.organizationId) ?? [];
      list.push(toRule(row));
      rulesByOrg.set(row.organizationId, list);
    }
    const subjects = new Map<string, Awaited<ReturnType<typeof subjectOf>>>();
    const denied: string[] = [];
    for (const ns of spaces) {
      const orgRules = rulesByOrg.get(ns.organizationId) ?? [];
      if (orgRules.length === 0 && ns.sensitivity !== 'restricted') continue;
      let subject = subjects.get(ns.organizationId);
      if (!subject) {
        subject = await subjectOf(q, actor, ns.organizationId);
        subjects.set(ns.organizationId, subject);
      }
      const decision = evaluate(orgRules, {
        resource: { kind: 'namespace', ids: [ns.id, ns.name], sensitivity: ns.sensitivity },
        action,
        subject,
      });
      if (!decision.allowed) denied.push(ns.id, ns.name);
    }
    return denied;
  }

  async function checkNamespaceAccess(
    actor: Actor,
    namespace: string,
    action: 'read' | 'write' | 'delete',
    q: Queryable = db,
  ): Promise<NamespaceAccess> {
    // A key bound to a namespace acts only there (DESIGN.md §4); any other namespace is refused.
    if (actor.namespaceId) {
      const bound = await services.namespaces.resolve(actor.tenantId, actor.namespaceId, q);
      const boundIds = bound ? [bound.id, bound.name] : [actor.namespaceId];
      if (!boundIds.includes(namespace)) {
        return { allowed: false, effect: 'deny', reason: 'key_namespace_mismatch', matched: [] };
      }
    }
    const ns = await services.namespaces.resolve(actor.tenantId, namespace, q);
    if (!ns) return { allowed: true, effect: 'allow', reason: 'default_allow', matched: [] };
    const rows = await q
      .select()
      .from(accessPolicies)
      .where(and(eq(accessPolicies.tenantId, actor.tenantId), eq(accessPolicies.organizationId, ns.organizationId)));
    const subject = await subjectOf(q, actor, ns.organizationId);
    const decision = evaluate(rows.map(toRule), {
      resource: { kind: 'namespace', ids: [ns.id, ns.name], sensitivity: ns.sensitivity },
      action,
      subject,
    });
    return { ...decision, namespaceId: ns.id, sensitivity: ns.sensitivity };
  }

  return {
    async create(
      actor: Actor,
      orgId: string,
      input: {
        name: string;
        effect: PolicyEffect;
        resource: string;
        action: PolicyAction;
        conditions: PolicyConditions;
        priority: number;
      },
    ) {
      const scope = orgScope(actor, orgId);
      const row = await db.transaction(async (tx) => {
        await checkConditions(tx, scope, input.conditions);
        const [created] = await tx
          .insert(accessPolicies)
          .values({ id: newId('pol'), ...scope, ...input, createdBy: actor.userId ?? null })
          .returning();
        await recordAudit(tx, actor, {
          action: 'policy.created',
          resourceType: 'policy',
          resourceId: created!.id,
          organizationId: scope.organizationId,
          details: { ...input },
        });
        return created!;
      });
      return toPolicy(row);
    },

    async list(actor: Actor, orgId: string, query: { limit: number; cursor?: string }) {
      const scope = orgScope(actor, orgId);
      const after = decodePolicyCursor(query.cursor);
      const rows = await db
        .select()
        .from(accessPolicies)
        .where(
          and(
            eq(accessPolicies.tenantId, scope.tenantId),
            eq(accessPolicies.organizationId, scope.organizationId),
            after
              ? or(
                  lt(accessPolicies.priority, after.priority),
                  and(eq(accessPolicies.priority, after.priority), gt(accessPolicies.id, after.id)),
                )
              : undefined,
          ),
        )
        .orderBy(desc(accessPolicies.priority), asc(accessPolicies.id))
        .limit(query.limit + 1);
      const hasMore = rows.length > query.limit;
      const items = hasMore ? rows.slice(0, query.limit) : rows;
      const last = items[items.length - 1];
      return {
        policies: items.map(toPolicy),
        pagination: { hasMore, ...(hasMore && last ? { cursor: encodeCursor(`${last.priority}|${last.id}`) } : {}) },
      };
    },

    async get(actor: Actor, orgId: string, policyId: string) {
      return toPolicy(await load(db, orgScope(actor, orgId), policyId));
    },

    async update(
      actor: Actor,
      orgId: string,
      policyId: string,
      input: Partial<{
        name: string;
        effect: PolicyEffect;
        resource: string;
        action: PolicyAction;
        conditions: PolicyConditions;
        priority: number;
      }>,
    ) {
      const scope = orgScope(actor, orgId);
      const row = await db.transaction(async (tx) => {
        const before = await load(tx, scope, policyId);
        await checkConditions(tx, scope, input.conditions);
        const set = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined));
        const changes = Object.fromEntries(
          Object.entries(set).map(([k, v]) => [k, { from: before[k as keyof PolicyRow], to: v }]),
        );
        const [after] = await tx
          .update(accessPolicies)
          .set({ ...set, updatedAt: new Date() })
          .where(and(eq(accessPolicies.id, before.id), eq(accessPolicies.tenantId, scope.tenantId)))
          .returning();
        await recordAudit(tx, actor, {
          action: 'policy.updated',
          resourceType: 'policy',
          resourceId: before.id,
          organizationId: scope.organizationId,
          details: { changes },
        });
        return after!;
      });
      return toPolicy(row);
    },

    async delete(actor: Actor, orgId: string, policyId: string) {
      const scope = orgScope(actor, orgId);
      await db.transaction(async (tx) => {
        const before = await load(tx, scope, policyId);
        await tx
          .delete(accessPolicies)
          .where(and(eq(accessPolicies.id, before.id), eq(accessPolicies.tenantId, scope.tenantId)));
        await recordAudit(tx, actor, {
          action: 'policy.deleted',
          resourceType: 'policy',
          resourceId: before.id,
          organizationId: scope.organizationId,
          details: { policy: toPolicy(before) },
        });
      });
      return { id: policyId, deleted: true as const };
    },

    /**
     * May this actor read or write this namespace (a name or an id)? For core routes (capture, learn,
     * synthesize, memories): an outcome value, never an exception. Unregistered namespaces (`default`)
     * have no policies and are allowed; a key bound to a namespace is refused every other one. Pass
     * `q` (the transaction) when calling from inside `db.transaction`.
     */
    checkNamespaceAccess,
    deniedNamespaces,

    /** checkNamespaceAccess that throws 403 forbidden on a denial, naming why. */
    async assertNamespaceAccess(actor: Actor, namespace: string, action: 'read' | 'write', q: Queryable = db) {
      const decision = await checkNamespaceAccess(actor, namespace, action, q);
      if (!decision.allowed) throw forbidden(denialMessage(namespace, action, decision));
      return decision;
    },
  };
}

export function denialMessage(namespace: string, action: string, d: NamespaceAccess): string {
  switch (d.reason) {
    case 'key_namespace_mismatch':
      return `This API key is bound to another namespace; it cannot ${action} namespace ${namespace}`;
    case 'restricted_default_deny':
      return `Namespace ${namespace} is restricted: ${action} needs an access policy that allows it`;
    default:
      return `Access policy ${d.policyId ?? ''} denies ${action} on namespace ${namespace}`.replace('  ', ' ');
  }
}

export type PoliciesService = ReturnType<typeof createPoliciesService>;

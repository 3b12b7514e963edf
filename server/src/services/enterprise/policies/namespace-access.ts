/**
 * The one place core routes ask whether an actor may read, write or delete in a namespace. The
 * decision itself is the pure `evaluate` of policy-engine.ts; this module only gathers its inputs:
 * the namespace, the organization's policies, and the actor's role, teams and agent in it.
 */
import type { Role } from '@hx-memory/contract';
import { and, eq } from 'drizzle-orm';
import type { Actor } from '../../../actor.js';
import type { Db, Queryable } from '../../../db/client.js';
import { accessPolicies, agents, namespaces, orgMembers, teamMembers } from '../../../db/schema/index.js';
import type { NamespacesService } from '../namespaces.js';
import { type Decision, evaluate, type PolicyRule } from './policy-engine.js';
import { toRule } from './policy-rows.js';

export type NamespaceAction = 'read' | 'write' | 'delete';

/** What the access checks read: the database and the namespace resolver. */
export interface AccessRuntime {
  db: Db;
  namespaces: Pick<NamespacesService, 'resolve'>;
}

/** The outcome of a namespace access check, as a value; `assertNamespaceAccess` turns a denial into 403. */
export interface NamespaceAccess extends Omit<Decision, 'reason'> {
  reason: Decision['reason'] | 'key_namespace_mismatch';
  /** The registered namespace the value resolved to; undefined for unregistered ones (e.g. `default`). */
  namespaceId?: string;
  sensitivity?: string;
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
export async function deniedNamespaces(
  rt: AccessRuntime,
  actor: Actor,
  action: NamespaceAction,
  q: Queryable = rt.db,
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

/**
 * May this actor `action` this namespace (a name or an id)? An outcome value, never an exception.
 * Unregistered namespaces (`default`) have no policies and are allowed; a key bound to a namespace is
 * refused every other one. Pass `q` (the transaction) when calling from inside `db.transaction`.
 */
export async function checkNamespaceAccess(
  rt: AccessRuntime,
  actor: Actor,
  namespace: string,
  action: NamespaceAction,
  q: Queryable = rt.db,
): Promise<NamespaceAccess> {
  // A key bound to a namespace acts only there (DESIGN.md §4); any other namespace is refused.
  if (actor.namespaceId) {
    const bound = await rt.namespaces.resolve(actor.tenantId, actor.namespaceId, q);
    const boundIds = bound ? [bound.id, bound.name] : [actor.namespaceId];
    if (!boundIds.includes(namespace)) {
      return { allowed: false, effect: 'deny', reason: 'key_namespace_mismatch', matched: [] };
    }
  }
  const ns = await rt.namespaces.resolve(actor.tenantId, namespace, q);
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

/**
 * The one place core routes ask whether an actor may read, write or delete in a namespace. The
 * decision itself is the pure `evaluate` of policy-engine.ts; this module only gathers its inputs
 * (the namespace, the organization's policies, and the actor's role, teams and agent in it) from the
 * tenant's access snapshot (access-snapshot.ts), so a decision usually costs no query.
 */
import type { Actor } from '../../../actor.js';
import type { Db, Queryable } from '../../../db/client.js';
import type { AccessCache, AccessSnapshot, NamespaceRef } from './access-snapshot.js';
import { type Decision, evaluate } from './policy-engine.js';

export type NamespaceAction = 'read' | 'write' | 'delete';

/** What the access checks read: the database, through the tenant's cached access snapshot. */
export interface AccessRuntime {
  db: Db;
  cache: AccessCache;
}

/** The outcome of a namespace access check, as a value; `assertNamespaceAccess` turns a denial into 403. */
export interface NamespaceAccess extends Omit<Decision, 'reason'> {
  reason: Decision['reason'] | 'key_namespace_mismatch';
  /** The registered namespace the value resolved to; undefined for unregistered ones (e.g. `default`). */
  namespaceId?: string;
  sensitivity?: string;
}

/** The decision on one registered namespace, from the snapshot's rules and the actor's subject. */
async function decide(
  rt: AccessRuntime,
  snapshot: AccessSnapshot,
  actor: Actor,
  ns: NamespaceRef,
  action: NamespaceAction,
  q: Queryable,
): Promise<Decision> {
  const rules = snapshot.rulesByOrg.get(ns.organizationId) ?? [];
  // Without rules the subject cannot change the outcome (default allow, or restricted: deny).
  const subject = rules.length > 0 ? await rt.cache.subject(snapshot, actor, ns.organizationId, q) : { teamIds: [] };
  return evaluate(rules, {
    resource: { kind: 'namespace', ids: [ns.id, ns.name], sensitivity: ns.sensitivity },
    action,
    subject,
  });
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
  const snapshot = await rt.cache.snapshot(actor.tenantId, q);
  const denied: string[] = [];
  for (const ns of snapshot.namespaces) {
    // Allowed without looking further: no policy in its organization and not restricted.
    if (!snapshot.rulesByOrg.has(ns.organizationId) && ns.sensitivity !== 'restricted') continue;
    if (!(await decide(rt, snapshot, actor, ns, action, q)).allowed) denied.push(ns.id, ns.name);
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
  const snapshot = await rt.cache.snapshot(actor.tenantId, q);
  // A key bound to a namespace acts only there (DESIGN.md §4); any other namespace is refused.
  if (actor.namespaceId) {
    const bound = snapshot.find(actor.namespaceId);
    const boundIds = bound ? [bound.id, bound.name] : [actor.namespaceId];
    if (!boundIds.includes(namespace)) {
      return { allowed: false, effect: 'deny', reason: 'key_namespace_mismatch', matched: [] };
    }
  }
  const ns = snapshot.find(namespace);
  if (!ns) return { allowed: true, effect: 'allow', reason: 'default_allow', matched: [] };
  const decision = await decide(rt, snapshot, actor, ns, action, q);
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

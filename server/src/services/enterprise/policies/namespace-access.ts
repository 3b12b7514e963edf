/**
 * The one place core routes ask whether an actor may read, write or delete in a namespace. The
 * decision itself is the pure `evaluate` of policy-engine.ts; this module only gathers its inputs
 * (the namespace, the organization's policies, and the actor's role, teams and agent in it) from the
 * tenant's access snapshot (access-snapshot.ts), so a decision usually costs no query.
 */
import { ROLE_KEY_SCOPES } from '@hx-memory/contract';
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
  reason: Decision['reason'] | ReachReason;
  /** The registered namespace the value resolved to; undefined for unregistered ones (e.g. `default`). */
  namespaceId?: string;
  sensitivity?: string;
}

/** Why a namespace is outside what a credential reaches at all, before any policy is asked. */
export type ReachReason =
  | 'key_namespace_mismatch'
  | 'outside_organization'
  | 'unregistered_namespace'
  | 'role_lacks_action';

/**
 * Whether the actor's credential reaches a namespace at all (docs/decisions/access-control.md):
 * - a credential bound to an organization (directly, or through a namespace or agent of it) reaches
 *   that organization's registered namespaces only, never another organization's and never the
 *   tenant's unregistered ones (`default` and names registered to no organization: the owner's data);
 * - an unbound API key (only the tenant owner makes one) and the owner's session reach everything;
 * - any other user session reaches the organizations it is an active member of, as far as its role
 *   there allows `action` (ROLE_KEY_SCOPES), and no unregistered namespace.
 * Undefined means reached; policies decide the rest.
 */
async function outOfReach(
  rt: AccessRuntime,
  snapshot: AccessSnapshot,
  actor: Actor,
  ns: NamespaceRef | undefined,
  action: NamespaceAction,
  q: Queryable,
): Promise<ReachReason | undefined> {
  if (actor.kind === 'user') {
    // A session's organization is the route's, not a binding: the owner reaches everything.
    if (actor.tenantRole === 'owner') return undefined;
    if (!ns) return 'unregistered_namespace';
    const role =
      actor.organizationId === ns.organizationId && actor.role
        ? actor.role
        : (await rt.cache.subject(snapshot, actor, ns.organizationId, q)).role;
    if (!role) return 'outside_organization';
    return ROLE_KEY_SCOPES[role].includes(action) ? undefined : 'role_lacks_action';
  }
  if (actor.organizationId) {
    if (!ns) return 'unregistered_namespace';
    return ns.organizationId === actor.organizationId ? undefined : 'outside_organization';
  }
  return undefined;
}

/** Whether the actor reaches every namespace of the tenant (unregistered ones included). */
const reachesWholeTenant = (actor: Actor): boolean =>
  actor.kind === 'user' ? actor.tenantRole === 'owner' : !actor.organizationId && !actor.namespaceId;

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
 * Which namespaces a read or delete that names none covers. An actor that reaches the whole tenant
 * covers everything but `exclude` (ids and names its policies deny; only organizations with a policy
 * or a restricted namespace are evaluated). Any other actor covers `only` the registered namespaces
 * it reaches and is allowed: an allow-list, because the tenant's unregistered namespaces cannot be
 * listed to leave them out. Never an error, never a leak.
 */
export async function unnamedScope(
  rt: AccessRuntime,
  actor: Actor,
  action: NamespaceAction,
  q: Queryable = rt.db,
): Promise<{ exclude: string[]; only?: string[] }> {
  const snapshot = await rt.cache.snapshot(actor.tenantId, q);
  if (reachesWholeTenant(actor)) {
    const denied: string[] = [];
    for (const ns of snapshot.namespaces) {
      // Allowed without looking further: no policy in its organization and not restricted.
      if (!snapshot.rulesByOrg.has(ns.organizationId) && ns.sensitivity !== 'restricted') continue;
      if (!(await decide(rt, snapshot, actor, ns, action, q)).allowed) denied.push(ns.id, ns.name);
    }
    return { exclude: denied };
  }
  const only: string[] = [];
  for (const ns of snapshot.namespaces) {
    if (actor.namespaceId && ns.id !== actor.namespaceId) continue;
    if (await outOfReach(rt, snapshot, actor, ns, action, q)) continue;
    if ((await decide(rt, snapshot, actor, ns, action, q)).allowed) only.push(ns.id);
  }
  return { exclude: [], only };
}

/**
 * May this actor `action` this namespace (a name or an id)? An outcome value, never an exception.
 * First whether the credential reaches it at all (`outOfReach`); then registered namespaces go to
 * their organization's policies, while unregistered ones (`default`) have none and are allowed to
 * whoever reaches them. A key bound to a namespace is refused every other one. Pass `q` (the transaction) when calling from inside `db.transaction`.
 */
export async function checkNamespaceAccess(
  rt: AccessRuntime,
  actor: Actor,
  namespace: string,
  action: NamespaceAction,
  q: Queryable = rt.db,
): Promise<NamespaceAccess> {
  const snapshot = await rt.cache.snapshot(actor.tenantId, q);
  // A key bound to a namespace acts only there; any other namespace is refused.
  if (actor.namespaceId) {
    const bound = snapshot.find(actor.namespaceId);
    const boundIds = bound ? [bound.id, bound.name] : [actor.namespaceId];
    if (!boundIds.includes(namespace)) {
      return { allowed: false, effect: 'deny', reason: 'key_namespace_mismatch', matched: [] };
    }
  }
  const ns = snapshot.find(namespace);
  const unreached = await outOfReach(rt, snapshot, actor, ns, action, q);
  if (unreached) return { allowed: false, effect: 'deny', reason: unreached, matched: [], namespaceId: ns?.id };
  if (!ns) return { allowed: true, effect: 'allow', reason: 'default_allow', matched: [] };
  const decision = await decide(rt, snapshot, actor, ns, action, q);
  return { ...decision, namespaceId: ns.id, sensitivity: ns.sensitivity };
}

export function denialMessage(namespace: string, action: string, d: NamespaceAccess): string {
  switch (d.reason) {
    case 'outside_organization':
      return `Namespace ${namespace} belongs to another organization than this credential's; it cannot ${action} there`;
    case 'unregistered_namespace':
      return `Namespace ${namespace} is not registered to this credential's organization: it holds the tenant owner's data, which ${action} from an organization's credential needs the owner to register in that organization`;
    case 'role_lacks_action':
      return `Your role in the organization of namespace ${namespace} does not allow ${action}`;
    case 'key_namespace_mismatch':
      return `This API key is bound to another namespace; it cannot ${action} namespace ${namespace}`;
    case 'restricted_default_deny':
      return `Namespace ${namespace} is restricted: ${action} needs an access policy that allows it`;
    default:
      return `Access policy ${d.policyId ?? ''} denies ${action} on namespace ${namespace}`.replace('  ', ' ');
  }
}

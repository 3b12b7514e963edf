/**
 * POST /v1/organizations/:orgId/policies/simulate: may this API key or agent read, write or delete
 * this namespace, and which rule decides? The answer comes from the checks a real request goes
 * through, not from a second implementation: the key's state and scopes (as auth/authorize.ts checks
 * them), then `checkNamespaceAccess` (namespace-access.ts), whose policy step is policy-engine.ts's
 * `evaluate`. Nothing is written, nothing is audited.
 */
import type { KeyScope, PolicySimulation } from '@hx-memory/contract';
import { and, eq, isNull, or, sql } from 'drizzle-orm';
import { type Actor, apiKeyActor } from '../../../actor.js';
import { accessPolicies, agents, apiKeys, namespaces } from '../../../db/schema/index.js';
import { loadRow, ofOrg, type OrgScope } from '../../../db/scoped-rows.js';
import { notFound } from '../../../errors.js';
import { orgScope } from '../org-scope.js';
import { type AccessRuntime, checkNamespaceAccess, denialMessage, type NamespaceAction } from './namespace-access.js';

export interface SimulationInput {
  keyId?: string;
  agentId?: string;
  namespace: string;
  action: NamespaceAction;
}

type KeyRow = typeof apiKeys.$inferSelect;

const ALL_SCOPES: readonly KeyScope[] = ['read', 'write', 'delete'];

/** The actor of a key bound to this agent (and so to its organization), with every scope. */
const agentActor = (caller: Actor, scope: OrgScope, agentId: string): Actor => ({
  kind: 'apiKey',
  tenantId: scope.tenantId,
  environment: 'live',
  organizationId: scope.organizationId,
  agentId,
  scopes: ALL_SCOPES,
  plan: caller.plan,
  requestId: caller.requestId,
});

/** A key of the tenant that is unbound or bound to this organization; any other is 404. */
async function loadKey(rt: AccessRuntime, scope: OrgScope, keyId: string): Promise<KeyRow> {
  return loadRow(
    rt.db,
    apiKeys,
    'API key',
    keyId,
    eq(apiKeys.tenantId, scope.tenantId),
    or(isNull(apiKeys.organizationId), eq(apiKeys.organizationId, scope.organizationId)),
  );
}

async function loadNamespace(rt: AccessRuntime, scope: OrgScope, value: string) {
  const [ns] = await rt.db
    .select({ id: namespaces.id, name: namespaces.name, sensitivity: namespaces.sensitivity })
    .from(namespaces)
    .where(and(ofOrg(namespaces, scope), or(eq(namespaces.id, value), eq(namespaces.name, value))))
    .orderBy(sql`${namespaces.id} = ${value} desc`)
    .limit(1);
  if (!ns) throw notFound('Namespace');
  return ns;
}

/** Why a key cannot act at all, before any namespace is looked at. */
function keyRefusal(key: KeyRow, action: NamespaceAction): 'key_inactive' | 'key_scope_missing' | undefined {
  if (key.revokedAt || (key.expiresAt && key.expiresAt.getTime() <= Date.now())) return 'key_inactive';
  return (key.scopes as string[]).includes(action) ? undefined : 'key_scope_missing';
}

export async function simulateAccess(
  rt: AccessRuntime,
  caller: Actor,
  orgId: string,
  input: SimulationInput,
): Promise<PolicySimulation> {
  const scope = orgScope(caller, orgId);
  const ns = await loadNamespace(rt, scope, input.namespace);
  let actor: Actor;
  let refusal: 'key_inactive' | 'key_scope_missing' | undefined;
  if (input.keyId) {
    const key = await loadKey(rt, scope, input.keyId);
    actor = apiKeyActor(key, caller.plan, caller.requestId);
    refusal = keyRefusal(key, input.action);
  } else {
    await loadRow(rt.db, agents, 'Agent', input.agentId ?? '', ofOrg(agents, scope));
    actor = agentActor(caller, scope, input.agentId ?? '');
  }
  const rules = await rt.db
    .select({
      id: accessPolicies.id,
      name: accessPolicies.name,
      effect: accessPolicies.effect,
      priority: accessPolicies.priority,
    })
    .from(accessPolicies)
    .where(ofOrg(accessPolicies, scope));
  const byId = new Map(rules.map((r) => [r.id, r]));
  const namespace = { id: ns.id, name: ns.name, sensitivity: ns.sensitivity };

  if (refusal) {
    const message =
      refusal === 'key_inactive'
        ? 'This API key is revoked or expired: every request with it is refused (401)'
        : `This API key lacks the ${input.action} scope: the request is refused before any policy is asked`;
    return { allowed: false, effect: 'deny', reason: refusal, decidedBy: null, message, matched: [], namespace };
  }

  const decision = await checkNamespaceAccess(rt, actor, ns.id, input.action);
  const matched = decision.matched.flatMap((id) => {
    const r = byId.get(id);
    return r ? [{ id: r.id, name: r.name, effect: r.effect as 'allow' | 'deny', priority: r.priority }] : [];
  });
  const decider = decision.policyId ? byId.get(decision.policyId) : undefined;
  const decidedBy = decider ? { policyId: decider.id, name: decider.name } : null;
  let message: string;
  if (decision.allowed) {
    message = decider
      ? `Allowed by policy "${decider.name}"`
      : 'Allowed: no policy matches and the namespace is not restricted';
  } else {
    message = decider ? `Denied by policy "${decider.name}"` : denialMessage(ns.name, input.action, decision);
  }
  return {
    allowed: decision.allowed,
    effect: decision.effect,
    reason: decision.reason,
    decidedBy,
    message,
    matched,
    namespace,
  };
}

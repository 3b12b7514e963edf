/**
 * Access policies: CRUD, each change audited in its transaction (create-policy.ts, list-policies.ts,
 * update-policy.ts, delete-policy.ts), and the namespace access checks core routes ask
 * (namespace-access.ts), whose decision is the pure `evaluate` of policy-engine.ts.
 */
import type { Actor } from '../../../actor.js';
import type { Queryable } from '../../../db/client.js';
import { nameHoldsData } from '../../../db/namespace-references.js';
import { forbidden } from '../../../errors.js';
import type { ServiceDeps } from '../../deps.js';
import { orgScope } from '../org-scope.js';
import { afterAccessChange, createAccessCache } from './access-snapshot.js';
import { createPolicy } from './create-policy.js';
import { deletePolicy } from './delete-policy.js';
import { listPolicies } from './list-policies.js';
import {
  type AccessRuntime,
  checkNamespaceAccess,
  denialMessage,
  type NamespaceAction,
  unnamedScope,
} from './namespace-access.js';
import { loadPolicy, type PolicyInput, toPolicy } from './policy-rows.js';
import { type SimulationInput, simulateAccess } from './simulate-access.js';
import { updatePolicy } from './update-policy.js';

export function createPoliciesService(deps: Pick<ServiceDeps, 'database' | 'config' | 'invalidations'>) {
  const { db } = deps.database;
  const bus = deps.invalidations;
  // Access snapshots live as long as API-key look-ups and are invalidated by the same bus.
  const cache = createAccessCache({ ttlMs: deps.config.API_KEY_CACHE_MS, maxTenants: 10_000, bus });
  const rt: AccessRuntime = { db, cache };
  const check = (actor: Actor, namespace: string, action: NamespaceAction, q: Queryable = db) =>
    checkNamespaceAccess(rt, actor, namespace, action, q);

  return {
    create: (actor: Actor, orgId: string, input: PolicyInput) =>
      afterAccessChange(bus, actor.tenantId, createPolicy(db, actor, orgId, input)),
    list: (actor: Actor, orgId: string, query: { limit: number; cursor?: string }) =>
      listPolicies(db, actor, orgId, query),
    get: async (actor: Actor, orgId: string, policyId: string) =>
      toPolicy(await loadPolicy(db, orgScope(actor, orgId), policyId)),
    update: (actor: Actor, orgId: string, policyId: string, input: Partial<PolicyInput>) =>
      afterAccessChange(bus, actor.tenantId, updatePolicy(db, actor, orgId, policyId, input)),
    delete: (actor: Actor, orgId: string, policyId: string) =>
      afterAccessChange(bus, actor.tenantId, deletePolicy(db, actor, orgId, policyId)),

    /** What a request of this key or agent on this namespace would be answered, and which rule decides. */
    simulate: (actor: Actor, orgId: string, input: SimulationInput) => simulateAccess(rt, actor, orgId, input),

    /** May this actor read, write or delete this namespace? An outcome value (namespace-access.ts). */
    checkNamespaceAccess: check,
    /** What a read or delete naming no namespace covers: all but `exclude`, or `only` these. */
    unnamedScope: (actor: Actor, action: NamespaceAction, q: Queryable = db) => unnamedScope(rt, actor, action, q),

    /** Whether any event, memory, artifact or store item of the actor's tenant is stored under this unregistered name. */
    namespaceHoldsData: (actor: Actor, name: string, q: Queryable = db) =>
      cache.nameHoldsData(actor.tenantId, name, q, () => nameHoldsData(deps.database, q, actor.tenantId, name)),

    /** checkNamespaceAccess that throws 403 forbidden on a denial, naming why. */
    async assertNamespaceAccess(actor: Actor, namespace: string, action: 'read' | 'write', q: Queryable = db) {
      const decision = await check(actor, namespace, action, q);
      if (!decision.allowed) throw forbidden(denialMessage(namespace, action, decision));
      return decision;
    },
  };
}

export type PoliciesService = ReturnType<typeof createPoliciesService>;

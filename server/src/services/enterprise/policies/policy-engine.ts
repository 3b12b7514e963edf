/**
 * The access-policy evaluation engine, pure so every rule of docs/decisions/policies.md is testable without a
 * database: matching policies are taken by descending priority, deny wins a tie, and with no match
 * access is allowed except to `restricted` namespaces, which need an explicit allow.
 */

export interface PolicyRule {
  id: string;
  effect: 'allow' | 'deny';
  /** `<kind>:<id-or-*>`. */
  resource: string;
  action: string;
  conditions: { team?: string; agent?: string; role?: string };
  priority: number;
}

export interface AccessRequest {
  resource: {
    kind: string;
    /** Every identifier the resource answers to (a namespace: its id and its name). */
    ids: readonly string[];
    sensitivity?: string;
  };
  action: string;
  subject: {
    teamIds?: readonly string[];
    agentId?: string;
    role?: string;
  };
}

export type DecisionReason = 'policy' | 'default_allow' | 'restricted_default_deny';

export interface Decision {
  allowed: boolean;
  effect: 'allow' | 'deny';
  reason: DecisionReason;
  /** The policy that decided, when one did. */
  policyId?: string;
  /** Every policy that matched, in evaluation order (for explanations and audit). */
  matched: string[];
}

/** `kind:id` pattern match; `*` matches any kind or any id. Patterns are validated at write time. */
export function resourceMatches(pattern: string, resource: AccessRequest['resource']): boolean {
  const sep = pattern.indexOf(':');
  if (sep <= 0) return false;
  const kind = pattern.slice(0, sep);
  const id = pattern.slice(sep + 1);
  if (kind !== '*' && kind !== resource.kind) return false;
  return id === '*' || resource.ids.includes(id);
}

export function actionMatches(policyAction: string, action: string): boolean {
  return policyAction === '*' || policyAction === action;
}

/** Every stated condition must hold; a condition the subject cannot satisfy (no team, no agent) fails. */
export function conditionsHold(conditions: PolicyRule['conditions'], subject: AccessRequest['subject']): boolean {
  if (conditions.team !== undefined && !(subject.teamIds ?? []).includes(conditions.team)) return false;
  if (conditions.agent !== undefined && subject.agentId !== conditions.agent) return false;
  if (conditions.role !== undefined && subject.role !== conditions.role) return false;
  return true;
}

export function evaluate(policies: readonly PolicyRule[], request: AccessRequest): Decision {
  const candidates = policies
    .filter(
      (p) =>
        resourceMatches(p.resource, request.resource) &&
        actionMatches(p.action, request.action) &&
        conditionsHold(p.conditions ?? {}, request.subject),
    )
    // Deny sorts before allow at equal priority, so the first candidate is the decision.
    .sort((a, b) => b.priority - a.priority || (a.effect === b.effect ? 0 : a.effect === 'deny' ? -1 : 1));
  const matched = candidates.map((p) => p.id);
  const top = candidates[0];
  if (top) return { allowed: top.effect === 'allow', effect: top.effect, reason: 'policy', policyId: top.id, matched };
  if (request.resource.sensitivity === 'restricted') {
    return { allowed: false, effect: 'deny', reason: 'restricted_default_deny', matched };
  }
  return { allowed: true, effect: 'allow', reason: 'default_allow', matched };
}

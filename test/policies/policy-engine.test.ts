/** The pure evaluation function: matching, priority order, deny wins ties, restricted needs an explicit allow. */
import { describe, expect, it } from 'vitest';
import {
  type AccessRequest,
  type PolicyRule,
  evaluate,
} from '../../server/src/services/enterprise/policies/policy-engine.js';

let n = 0;
function rule(partial: Partial<PolicyRule>): PolicyRule {
  n += 1;
  return {
    id: `pol_${n}`,
    effect: 'allow',
    resource: 'namespace:*',
    action: '*',
    conditions: {},
    priority: 0,
    ...partial,
  };
}

function request(partial: Partial<AccessRequest> = {}): AccessRequest {
  return {
    resource: { kind: 'namespace', ids: ['ns_1', 'support'], sensitivity: 'internal' },
    action: 'read',
    subject: { teamIds: ['team_a'], agentId: 'agt_1', role: 'developer' },
    ...partial,
  };
}

describe('policy engine: defaults', () => {
  it('allows when no policy matches a non-restricted namespace', () => {
    expect(evaluate([], request())).toMatchObject({ allowed: true, reason: 'default_allow', matched: [] });
  });

  it('denies a restricted namespace without an explicit allow', () => {
    const req = request({ resource: { kind: 'namespace', ids: ['ns_1'], sensitivity: 'restricted' } });
    expect(evaluate([], req)).toMatchObject({ allowed: false, reason: 'restricted_default_deny' });
    // A policy for another namespace is no explicit allow for this one.
    expect(evaluate([rule({ resource: 'namespace:other' })], req).allowed).toBe(false);
  });

  it('allows a restricted namespace with an explicit allow', () => {
    const allow = rule({ resource: 'namespace:ns_1', action: 'read' });
    const req = request({ resource: { kind: 'namespace', ids: ['ns_1'], sensitivity: 'restricted' } });
    expect(evaluate([allow], req)).toMatchObject({ allowed: true, reason: 'policy', policyId: allow.id });
    expect(evaluate([allow], { ...req, action: 'write' }).allowed).toBe(false);
  });
});

describe('policy engine: ordering', () => {
  it('takes the highest priority candidate', () => {
    const low = rule({ effect: 'deny', priority: 1 });
    const high = rule({ effect: 'allow', priority: 10 });
    expect(evaluate([low, high], request())).toMatchObject({
      allowed: true,
      policyId: high.id,
      matched: [high.id, low.id],
    });
    const highDeny = rule({ effect: 'deny', priority: 20 });
    expect(evaluate([low, high, highDeny], request())).toMatchObject({ allowed: false, policyId: highDeny.id });
  });

  it('lets deny win at equal priority, whatever the input order', () => {
    const allow = rule({ effect: 'allow', priority: 5 });
    const deny = rule({ effect: 'deny', priority: 5 });
    expect(evaluate([allow, deny], request())).toMatchObject({ allowed: false, policyId: deny.id });
    expect(evaluate([deny, allow], request())).toMatchObject({ allowed: false, policyId: deny.id });
  });

  it('handles negative priorities', () => {
    const deny = rule({ effect: 'deny', priority: -5 });
    const allow = rule({ effect: 'allow', priority: -1 });
    expect(evaluate([deny, allow], request()).allowed).toBe(true);
  });
});

describe('policy engine: matching', () => {
  it('matches the resource by kind and by any of its ids, or by *', () => {
    const deny = (resource: string) => evaluate([rule({ effect: 'deny', resource })], request()).allowed;
    expect(deny('namespace:ns_1')).toBe(false);
    expect(deny('namespace:support')).toBe(false);
    expect(deny('namespace:*')).toBe(false);
    expect(deny('*:*')).toBe(false);
    expect(deny('namespace:billing')).toBe(true);
    expect(deny('memory:*')).toBe(true);
    expect(deny('namespace')).toBe(true);
  });

  it('matches the action exactly or by *', () => {
    const deny = (action: string, requested: string) =>
      evaluate([rule({ effect: 'deny', action })], request({ action: requested })).allowed;
    expect(deny('read', 'read')).toBe(false);
    expect(deny('*', 'write')).toBe(false);
    expect(deny('write', 'read')).toBe(true);
  });

  it('applies a policy only when every condition holds', () => {
    const deny = (conditions: PolicyRule['conditions'], subject: AccessRequest['subject'] = request().subject) =>
      evaluate([rule({ effect: 'deny', conditions })], request({ subject })).allowed;
    expect(deny({ team: 'team_a' })).toBe(false);
    expect(deny({ team: 'team_b' })).toBe(true);
    expect(deny({ agent: 'agt_1' })).toBe(false);
    expect(deny({ agent: 'agt_2' })).toBe(true);
    expect(deny({ role: 'developer' })).toBe(false);
    expect(deny({ role: 'viewer' })).toBe(true);
    expect(deny({ team: 'team_a', role: 'viewer' })).toBe(true);
    // A subject without teams, agent or role cannot satisfy such conditions.
    expect(deny({ team: 'team_a' }, {})).toBe(true);
    expect(deny({ agent: 'agt_1' }, {})).toBe(true);
    expect(deny({ role: 'developer' }, {})).toBe(true);
  });

  it('ignores a non-matching higher priority policy', () => {
    const otherTeam = rule({ effect: 'allow', priority: 100, conditions: { team: 'team_z' } });
    const deny = rule({ effect: 'deny', priority: 1 });
    expect(evaluate([otherTeam, deny], request())).toMatchObject({ allowed: false, policyId: deny.id });
  });
});

/**
 * The policy engine (a pure function) as a decision table (docs/decisions/policies.md): each row is a set of
 * policies, a request and the expected decision (and, where it matters, the matching policies in the
 * order they were weighed). Rows cover matching by kind, id and name, wildcards, actions, every
 * condition alone and combined, priority order, deny winning ties, and restricted namespaces.
 */
import { describe, expect, it } from 'vitest';
import { type AccessRequest, type DecisionReason, evaluate, type PolicyRule } from './policy-engine.js';

interface Req {
  ids?: string[];
  kind?: string;
  sensitivity?: string;
  action?: string;
  subject?: AccessRequest['subject'];
}
type Expected = { allowed: boolean; reason: DecisionReason; by?: number; matched?: number[] };
type Row = [name: string, policies: Partial<PolicyRule>[], request: Req, expected: Expected];

const DEV = { teamIds: ['team_a'], agentId: 'agt_1', role: 'developer' };
const allow: Expected = { allowed: true, reason: 'default_allow' };
const deniedBy = (by: number): Expected => ({ allowed: false, reason: 'policy', by });
const allowedBy = (by: number): Expected => ({ allowed: true, reason: 'policy', by });
const restrictedDeny: Expected = { allowed: false, reason: 'restricted_default_deny' };
const R = { sensitivity: 'restricted' };
const withMatched = (expected: Expected, matched: number[]): Expected => ({ ...expected, matched });

const ROWS: Row[] = [
  ['no policy, internal namespace: allowed', [], {}, withMatched(allow, [])],
  ['no policy, public namespace: allowed', [], { sensitivity: 'public' }, allow],
  ['no policy, restricted namespace: denied', [], R, restrictedDeny],
  ['restricted with an allow for it', [{ resource: 'namespace:ns_1' }], R, allowedBy(0)],
  ['restricted with an allow for another namespace', [{ resource: 'namespace:ns_2' }], R, restrictedDeny],
  ['restricted with an allow for another action', [{ resource: 'namespace:ns_1', action: 'write' }], R, restrictedDeny],
  ['restricted with an allow of read, reading', [{ resource: 'namespace:ns_1', action: 'read' }], R, allowedBy(0)],
  [
    'restricted with an allow of read, writing',
    [{ resource: 'namespace:ns_1', action: 'read' }],
    { ...R, action: 'write' },
    restrictedDeny,
  ],
  ['deny by id', [{ effect: 'deny', resource: 'namespace:ns_1' }], {}, deniedBy(0)],
  ['deny by name', [{ effect: 'deny', resource: 'namespace:support' }], {}, deniedBy(0)],
  ['deny namespace:*', [{ effect: 'deny', resource: 'namespace:*' }], {}, deniedBy(0)],
  ['deny *:*', [{ effect: 'deny', resource: '*:*' }], {}, deniedBy(0)],
  ['deny of another namespace does not apply', [{ effect: 'deny', resource: 'namespace:ns_9' }], {}, allow],
  ['deny of another kind does not apply', [{ effect: 'deny', resource: 'vault:*' }], {}, allow],
  ['deny of memories does not apply to a namespace', [{ effect: 'deny', resource: 'memory:*' }], {}, allow],
  ['a malformed pattern never matches', [{ effect: 'deny', resource: 'namespace' }], {}, allow],
  ['deny write does not stop read', [{ effect: 'deny', action: 'write' }], { action: 'read' }, allow],
  ['deny write stops write', [{ effect: 'deny', action: 'write' }], { action: 'write' }, deniedBy(0)],
  ['deny read stops read', [{ effect: 'deny', action: 'read' }], { action: 'read' }, deniedBy(0)],
  ['deny * stops write', [{ effect: 'deny', action: '*' }], { action: 'write' }, deniedBy(0)],
  ['deny delete stops delete', [{ effect: 'deny', action: 'delete' }], { action: 'delete' }, deniedBy(0)],
  ['deny * stops delete', [{ effect: 'deny', action: '*' }], { action: 'delete' }, deniedBy(0)],
  ['team condition held', [{ effect: 'deny', conditions: { team: 'team_a' } }], {}, deniedBy(0)],
  ['team condition not held', [{ effect: 'deny', conditions: { team: 'team_b' } }], {}, allow],
  ['team condition without teams', [{ effect: 'deny', conditions: { team: 'team_a' } }], { subject: {} }, allow],
  ['agent condition held', [{ effect: 'deny', conditions: { agent: 'agt_1' } }], {}, deniedBy(0)],
  ['agent condition not held', [{ effect: 'deny', conditions: { agent: 'agt_2' } }], {}, allow],
  ['agent condition without an agent', [{ effect: 'deny', conditions: { agent: 'agt_1' } }], { subject: {} }, allow],
  ['role condition held', [{ effect: 'deny', conditions: { role: 'developer' } }], {}, deniedBy(0)],
  ['role condition not held', [{ effect: 'deny', conditions: { role: 'viewer' } }], {}, allow],
  ['role condition without a role', [{ effect: 'deny', conditions: { role: 'developer' } }], { subject: {} }, allow],
  [
    'role condition for a key without a role',
    [{ effect: 'deny', conditions: { role: 'developer' } }],
    { subject: { agentId: 'agt_1' } },
    allow,
  ],
  [
    'every condition must hold (one fails)',
    [{ effect: 'deny', conditions: { team: 'team_a', role: 'viewer' } }],
    {},
    allow,
  ],
  [
    'every condition holds',
    [{ effect: 'deny', conditions: { team: 'team_a', agent: 'agt_1', role: 'developer' } }],
    {},
    deniedBy(0),
  ],
  [
    'higher priority allow beats lower deny; both listed, highest first',
    [{ effect: 'deny', priority: 1 }, { priority: 10 }],
    {},
    withMatched(allowedBy(1), [1, 0]),
  ],
  [
    'a still higher deny beats both',
    [{ effect: 'deny', priority: 1 }, { priority: 10 }, { effect: 'deny', priority: 20 }],
    {},
    deniedBy(2),
  ],
  ['higher priority deny beats lower allow', [{ priority: 1 }, { effect: 'deny', priority: 2 }], {}, deniedBy(1)],
  ['deny wins a tie', [{ priority: 5 }, { effect: 'deny', priority: 5 }], {}, deniedBy(1)],
  ['deny wins a tie whatever the order', [{ effect: 'deny', priority: 5 }, { priority: 5 }], {}, deniedBy(0)],
  ['negative priorities order too', [{ effect: 'deny', priority: -10 }, { priority: -1 }], {}, allowedBy(1)],
  [
    'a non-matching higher policy is skipped',
    [
      { priority: 100, resource: 'namespace:other' },
      { effect: 'deny', priority: 1 },
    ],
    {},
    deniedBy(1),
  ],
  [
    'a higher policy whose condition does not hold is skipped',
    [
      { priority: 100, conditions: { team: 'team_z' } },
      { effect: 'deny', priority: 1 },
    ],
    {},
    deniedBy(1),
  ],
  [
    'a team exception over a wide deny',
    [
      { effect: 'deny', priority: 1 },
      { priority: 10, conditions: { team: 'team_a' } },
    ],
    {},
    allowedBy(1),
  ],
  [
    'the same exception does not reach another team',
    [
      { effect: 'deny', priority: 1 },
      { priority: 10, conditions: { team: 'team_a' } },
    ],
    { subject: { teamIds: ['team_z'] } },
    deniedBy(0),
  ],
  [
    'restricted: a deny above the allow still denies',
    [{ priority: 1 }, { effect: 'deny', priority: 2, action: 'read' }],
    R,
    deniedBy(1),
  ],
];

describe('policy engine decision table', () => {
  it('has at least 30 rows', () => {
    expect(ROWS.length).toBeGreaterThanOrEqual(30);
  });

  it.each(ROWS)('%s', (_name, partials, req, expected) => {
    const policies: PolicyRule[] = partials.map((p, i) => ({
      id: `pol_${i}`,
      effect: 'allow',
      resource: 'namespace:*',
      action: '*',
      conditions: {},
      priority: 0,
      ...p,
    }));
    const decision = evaluate(policies, {
      resource: {
        kind: req.kind ?? 'namespace',
        ids: req.ids ?? ['ns_1', 'support'],
        sensitivity: req.sensitivity ?? 'internal',
      },
      action: req.action ?? 'read',
      subject: req.subject ?? DEV,
    });
    expect(decision.allowed).toBe(expected.allowed);
    expect(decision.reason).toBe(expected.reason);
    if (expected.by !== undefined) expect(decision.policyId).toBe(`pol_${expected.by}`);
    else expect(decision.policyId).toBeUndefined();
    if (expected.matched) expect(decision.matched).toEqual(expected.matched.map((i) => `pol_${i}`));
  });
});

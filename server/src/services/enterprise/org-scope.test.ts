import { describe, expect, it } from 'vitest';
import type { Actor } from '../../actor.js';
import { AppError } from '../../errors.js';
import { orgScope } from './org-scope.js';

const actor = (over: Partial<Actor> = {}): Actor => ({
  kind: 'user',
  tenantId: 'ten_1',
  userId: 'usr_1',
  environment: 'live',
  plan: 'enterprise',
  requestId: 'req_1',
  ...over,
});

const refusal = (a: Actor, orgId: string) => {
  try {
    orgScope(a, orgId);
  } catch (err) {
    return err;
  }
  return undefined;
};

describe('orgScope: the one guard of organization-scoped services', () => {
  it('answers the tenant and organization the authorizer resolved', () => {
    expect(orgScope(actor({ organizationId: 'org_1', role: 'viewer' }), 'org_1')).toEqual({
      tenantId: 'ten_1',
      organizationId: 'org_1',
    });
  });

  it('answers 404 for an organization the caller cannot see: unresolved, another one, or no role in it', () => {
    for (const [a, orgId] of [
      [actor(), 'org_1'],
      [actor({ organizationId: 'org_2', role: 'owner' }), 'org_1'],
      [actor({ organizationId: 'org_1' }), 'org_1'],
    ] as const) {
      const err = refusal(a, orgId);
      expect(err).toBeInstanceOf(AppError);
      expect((err as AppError).code).toBe('not_found');
    }
  });
});

/**
 * The one guard of org-scoped services, defence in depth behind auth/authorize.ts: the organization in
 * the path must be the one the authorizer resolved for this actor, with a role in it. Anything else
 * (a route that lost its `permission` metadata, a caller who is no member) answers 404 as the
 * authorizer does for an organization the caller cannot see: its existence is not revealed.
 */
import type { Actor } from '../../actor.js';
import { notFound } from '../../errors.js';

export interface OrgScope {
  tenantId: string;
  organizationId: string;
}

/** The tenant and organization a call acts in; throws 404 for an organization the caller cannot see. */
export function orgScope(actor: Actor, orgId: string): OrgScope {
  if (!actor.tenantId || actor.organizationId !== orgId || !actor.role) throw notFound('Organization');
  return { tenantId: actor.tenantId, organizationId: orgId };
}

/**
 * Defence in depth for org-scoped services: the authorizer (auth/authorize.ts) must have resolved the
 * caller's membership in exactly this organization. A route that lost its `permission` metadata then
 * fails closed (403) instead of acting on an organization nobody checked.
 */
import type { Actor } from '../../actor.js';
import { forbidden } from '../../errors.js';

export function assertOrgResolved(actor: Actor, orgId: string): void {
  if (actor.organizationId !== orgId || !actor.role) {
    throw forbidden('Access to this organization was not authorized for this route');
  }
}

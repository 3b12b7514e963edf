/**
 * Guards shared by the namespaces, policies, lineage and lifecycle services: the organization in the
 * path must be the one the authorizer resolved for this actor (defence in depth behind auth/authorize.ts),
 * and unique-violation detection on both database drivers.
 */
import type { Actor } from '../../actor.js';
import { notFound } from '../../errors.js';

/** The tenant and organization a call acts in; anything else looks like an unknown organization. */
export function orgScope(actor: Actor, orgId: string): { tenantId: string; organizationId: string } {
  if (!actor.tenantId || actor.organizationId !== orgId) throw notFound('Organization');
  return { tenantId: actor.tenantId, organizationId: orgId };
}

/** Postgres 23505, as node-postgres and PGlite report it (drizzle may wrap it in `cause`). */
export function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 4; depth++) {
    if ((e as { code?: unknown }).code === '23505') return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

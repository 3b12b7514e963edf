/**
 * The one RBAC middleware for org-scoped routes (metadata `permission` + path param `orgId`): checks
 * X-Organization-ID against the path, resolves the caller's membership within its own tenant (an
 * unknown, foreign or non-member organization answers 404, revealing nothing), enforces the role ->
 * permission matrix (403 naming the permission) and puts organizationId and role on the actor.
 * Runs right after authentication and before validation, so 401 -> 404/403 -> 400 for the body.
 */
import { Id, roleHasPermission } from '@hx-memory/contract';
import type { NextFunction, Request, Response } from 'express';
import type { AppContext } from '../context.js';
import { AppError, forbidden, notFound, unauthorized } from '../errors.js';
import { routeMeta } from './authenticate.js';

const HEADER = 'x-organization-id';

export function createAuthorizer(ctx: AppContext) {
  async function authorize(req: Request): Promise<void> {
    const meta = routeMeta(req);
    // Core routes: the key must hold the route's scope (read / write / delete).
    const actor0 = req.hx.actor;
    if (meta?.scope && actor0?.kind === 'apiKey' && !(actor0.scopes ?? []).includes(meta.scope)) {
      throw forbidden(
        `This API key lacks the '${meta.scope}' scope (it has: ${(actor0.scopes ?? []).join(', ') || 'none'})`,
      );
    }
    const permission = meta?.permission;
    const orgId = req.params?.orgId;
    if (!permission || orgId === undefined) return;
    const actor = req.hx.actor;
    if (!actor) throw unauthorized('Authentication required');

    const header = req.headers[HEADER];
    if (header !== undefined && (Array.isArray(header) || header !== orgId)) {
      throw new AppError('validation_error', 'X-Organization-ID must equal the organization in the path', [
        { field: `headers.${HEADER}`, message: `must equal the orgId path parameter (${orgId})` },
      ]);
    }
    // A malformed id is left to request validation, which names params.orgId.
    if (!Id.safeParse(orgId).success) return;

    const access = await ctx.services.organizations.accessOf(actor, orgId);
    if (access.result === 'NOT_FOUND') throw notFound('Organization');
    // Known from here on, so a refusal below is audited in the organization it happened in.
    actor.organizationId = orgId;
    if (!roleHasPermission(access.role, permission)) {
      throw forbidden(`Your role '${access.role}' lacks the permission '${permission}' in this organization`);
    }
    actor.organizationId = orgId;
    actor.role = access.role;
  }

  return function authorizeMiddleware(req: Request, _res: Response, next: NextFunction) {
    authorize(req).then(() => next(), next);
  };
}

/** Organizations: HTTP handlers (thin: call the service, map its result). */
import type { Request } from 'express';
import type { AppContext } from '../context.js';
import type { AreaHandlers } from './handlers.js';
import { actorOf } from './request-state.js';
import { ok } from './respond.js';

export function createOrganizationsHandlers(ctx: AppContext): AreaHandlers<'organizations'> {
  const { organizations } = ctx.services;
  return {
    create: async ({ body, req }) => ok(req, await organizations.create(actorOf(req), body), 201),
    // A typed query makes ts-rest's request type incompatible with Express's ParsedQs; it is the same object.
    list: async ({ query, req }) => {
      const r = req as unknown as Request;
      return ok(r, await organizations.list(actorOf(r), query));
    },
    get: async ({ params, req }) => ok(req, await organizations.get(actorOf(req), params.orgId)),
    update: async ({ params, body, req }) => ok(req, await organizations.update(actorOf(req), params.orgId, body)),
  };
}

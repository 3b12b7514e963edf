/** Members of an organization and invitations: HTTP handlers (thin: call the service, map its result). */
import type { AppContext } from '../context.js';
import type { AreaHandlers } from './handlers.js';
import { actorOf } from './request-state.js';
import { ok } from './respond.js';

// ts-rest types a parsed query apart from Express's ParsedQs; the request object is the same.

export function createMembersHandlers(ctx: AppContext): AreaHandlers<'members'> {
  const { members } = ctx.services;
  return {
    invite: async ({ params, body, req }) => ok(req, await members.invite(actorOf(req), params.orgId, body), 201),
    list: async ({ params, query, req }) => ok(req, await members.list(actorOf(req), params.orgId, query)),
    update: async ({ params, body, req }) =>
      ok(req, await members.updateRole(actorOf(req), params.orgId, params.memberId, body)),
    remove: async ({ params, req }) => ok(req, await members.remove(actorOf(req), params.orgId, params.memberId)),
  };
}

/** Audit log and memory access log: HTTP handlers (thin: call the service, map its result). */
import type { AppContext } from '../context.js';
import type { AreaHandlers } from './handlers.js';
import { actorOf } from './request-state.js';
import { ok } from './respond.js';

// ts-rest types a parsed query apart from Express's ParsedQs; the request object is the same.

export function createAuditHandlers(ctx: AppContext): AreaHandlers<'audit'> {
  const { audit } = ctx.services;
  return {
    tenantList: async ({ query, req }) => ok(req, await audit.listTenant(actorOf(req), query)),
    list: async ({ params, query, req }) => ok(req, await audit.list(actorOf(req), params.orgId, query)),
    accessLogs: async ({ params, query, req }) => ok(req, await audit.accessLogs(actorOf(req), params.orgId, query)),
  };
}

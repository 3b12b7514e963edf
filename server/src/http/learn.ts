/** Learn: memory compilation jobs: HTTP handlers (thin: call the service, map its result). */
import type { AppContext } from '../context.js';
import type { AreaHandlers } from './handlers.js';
import { actorOf } from './request-state.js';
import { ok } from './respond.js';

export function createLearnHandlers(ctx: AppContext): AreaHandlers<'learn'> {
  const { learn } = ctx.services;
  return {
    learn: async ({ body, req }) => {
      const { status, job } = await learn.start(actorOf(req), body);
      return ok(req, job, status);
    },
    getJob: async ({ params, req }) => ok(req, await learn.get(actorOf(req), params.id)),
    listJobs: async ({ query, req }) => ok(req, await learn.list(actorOf(req), query)),
  };
}

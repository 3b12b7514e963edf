/**
 * Learn: compilation jobs. POST /v1/learn records a queued job and hands it to the learn queue
 * (start-job.ts); the queue's handler, `runJob` (run-job.ts, registered by jobs/start.ts), claims the
 * job (one running learn per tenant and environment, across processes), compiles the scope's events
 * chunk by chunk through the compiler interface (compile-events.ts, apply-memories.ts), rebuilds the
 * artifacts (build-artifacts.ts) and records the counts or the error.
 *
 * Building the service starts nothing: no worker, no recovery. It answers the operations, each a
 * named function of this folder given the service's runtime.
 */
import type { LearnJobStatus, LearnRequest } from '@hx-memory/contract';
import type { Actor } from '../../../actor.js';
import { createCompiler } from '../../../compiler/index.js';
import { createSearchMaintenance } from '../../../db/search-maintenance.js';
import type { ServiceDeps } from '../../deps.js';
import type { NamespaceAccessChecker } from '../namespace-scope.js';
import { getLearnJob } from './get-job.js';
import { createJobWaiters } from './job-waiters.js';
import { listLearnJobs } from './list-jobs.js';
import { recoverJobs } from './recover-jobs.js';
import { runJob } from './run-job.js';
import type { LearnRuntime } from './runtime.js';
import { startLearnJob } from './start-job.js';

export function createLearnService(
  deps: Pick<ServiceDeps, 'database' | 'config' | 'logger' | 'jobs' | 'onShutdown'>,
  services: { policies: NamespaceAccessChecker },
) {
  const maintenance = createSearchMaintenance(deps.database, deps.logger);
  deps.onShutdown(() => maintenance.close());
  const rt: LearnRuntime = {
    database: deps.database,
    logger: deps.logger,
    compiler: createCompiler(),
    queue: deps.jobs.queue('learn'),
    stopping: deps.jobs.stopping,
    maintenance,
    waiters: createJobWaiters(),
    policies: services.policies,
    requestTimeoutMs: deps.config.REQUEST_TIMEOUT_MS,
  };
  return {
    start: (actor: Actor, input: LearnRequest) => startLearnJob(rt, actor, input),
    get: (actor: Actor, jobId: string) => getLearnJob(rt, actor, jobId),
    list: (actor: Actor, query: { limit: number; cursor?: string; status?: LearnJobStatus }) =>
      listLearnJobs(rt, actor, query),
    /** The learn queue's handler; also for `hx worker` and tests: process one job by id in this process. */
    runJob: (jobId: string) => runJob(rt, jobId),
    /** Hands jobs a stopped or crashed process left waiting back to the queue (once, at start-up). */
    recoverJobs: () => recoverJobs(rt),
  };
}

export type LearnService = ReturnType<typeof createLearnService>;

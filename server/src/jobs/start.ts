/**
 * Every background job of the server, registered in one place at start-up (server.ts createContext,
 * for the API and for `hx worker`). Services only enqueue and expose their handlers; here each
 * handler is bound to its queue, its schedule or its timer, and `jobs.close()` stops them all.
 */
import type { Config } from '../config.js';
import type { Services } from '../services/index.js';
import { LAST_USED_FLUSH_MS } from '../services/account/api-keys.js';
import { ACCESS_LOG_FLUSH_MS } from '../audit/access-log.js';
import { CAPTURE_COUNTERS_FLUSH_MS } from '../services/core/capture/counters.js';
import { QUOTA_BEHIND_FLUSH_MS } from '../services/core/quota.js';
import { type Jobs, LIFECYCLE_SWEEP } from './index.js';

export function startJobs(
  jobs: Jobs,
  services: Pick<
    Services,
    'learn' | 'lifecycle' | 'apiKeys' | 'captureCounters' | 'quota' | 'accessLog' | 'embeddings'
  >,
  config: Pick<Config, 'LIFECYCLE_INTERVAL_MS'>,
): void {
  // Queues: work handed between processes (any worker of the deployment takes it).
  jobs.work('learn', services.learn.runJob);
  // Schedules of the deployment: once per interval wherever jobs run (a BullMQ job scheduler on Redis,
  // a timer in process).
  jobs.repeat({ name: LIFECYCLE_SWEEP, everyMs: config.LIFECYCLE_INTERVAL_MS, run: services.lifecycle.sweep });
  // Write-behind buffers of this process, written every second and once more at shutdown.
  jobs.everyInProcess({
    name: 'api-key-last-used',
    everyMs: LAST_USED_FLUSH_MS,
    run: services.apiKeys.flushLastUsed,
  });
  jobs.everyInProcess({
    name: 'capture-counters',
    everyMs: CAPTURE_COUNTERS_FLUSH_MS,
    run: services.captureCounters.flush,
  });
  jobs.everyInProcess({ name: 'quota-behind', everyMs: QUOTA_BEHIND_FLUSH_MS, run: services.quota.flushBehind });
  jobs.everyInProcess({ name: 'access-log', everyMs: ACCESS_LOG_FLUSH_MS, run: services.accessLog.flush });
  // Loops of a process that consumes jobs: the embeddings indexer, when embeddings are configured.
  if (services.embeddings) jobs.loop({ name: 'embeddings-indexer', start: services.embeddings.startIndexing });
  // At start: learn jobs a stopped or crashed process left waiting go back to the queue.
  setImmediate(() => void services.learn.recoverJobs());
}

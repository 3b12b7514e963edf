/**
 * The one place that decides how jobs run (DESIGN.md §3): BullMQ queues on Redis when REDIS_URL is
 * set, in this process otherwise; and whether this process consumes them (JOBS_WORKER, default true).
 * An API replica with JOBS_WORKER=false only enqueues; `hx worker` processes consume.
 */
import type { Config } from '../config.js';
import type { Logger } from '../logger.js';
import { createBullmqRunner } from './bullmq-runner.js';
import { createInProcessRunner } from './in-process-runner.js';
import { createBullmqRepeating, createInProcessRepeating, type RepeatingJob, type RepeatingSpec } from './repeating.js';
import type { JobProcessor, JobRunner } from './runner.js';

export * from './runner.js';
export type { RepeatingJob, RepeatingSpec } from './repeating.js';

export type JobsMode = 'in-process' | 'bullmq';

export function jobsMode(config: Config): JobsMode {
  return config.REDIS_URL ? 'bullmq' : 'in-process';
}

export function createJobRunner(config: Config, logger: Logger, processor: JobProcessor): JobRunner {
  if (config.REDIS_URL)
    return createBullmqRunner(processor, logger, {
      redisUrl: config.REDIS_URL,
      prefix: config.QUEUE_PREFIX,
      worker: config.JOBS_WORKER,
      lockMs: config.JOBS_LOCK_MS,
    });
  // loadConfig refuses JOBS_WORKER=false without Redis: in process, this process is the only worker.
  return createInProcessRunner(processor, logger, { closeTimeoutMs: config.SHUTDOWN_TIMEOUT_MS });
}

/** A periodic job, run once per interval per deployment; nothing in a process that does not consume jobs. */
export function createRepeatingJob(config: Config, logger: Logger, spec: RepeatingSpec): RepeatingJob {
  if (!config.JOBS_WORKER) return { kind: 'none', close: async () => {} };
  if (config.REDIS_URL)
    return createBullmqRepeating(spec, logger, {
      redisUrl: config.REDIS_URL,
      prefix: config.QUEUE_PREFIX,
      lockMs: config.JOBS_LOCK_MS,
    });
  return createInProcessRepeating(spec, logger);
}

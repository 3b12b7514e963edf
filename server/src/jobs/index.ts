/**
 * The one place that decides how background work runs (docs/architecture.md) and owns it from start to
 * shutdown: BullMQ queues on Redis when REDIS_URL is set, in this process otherwise; whether this
 * process consumes them (JOBS_WORKER, default true; an API replica with JOBS_WORKER=false only
 * enqueues, `hx worker` processes consume); periodic jobs once per deployment; per-process timers
 * and loops.
 *
 * Building it starts nothing. Services are given only the producer side of their queue
 * (`jobs.queue('learn')`) and the `stopping` signal; jobs/start.ts registers every handler at
 * start-up, and `close()` stops them all.
 */
import type { Config } from '../config.js';
import type { Logger } from '../logger.js';
import { createBullmqRunner } from './bullmq-runner.js';
import { createInProcessRunner } from './in-process-runner.js';
import { createBullmqRepeating, createInProcessRepeating, type RepeatingJob, type RepeatingSpec } from './repeating.js';
import type { JobProcessor, JobQueue, JobRunner } from './runner.js';

export * from './runner.js';
export type { RepeatingJob, RepeatingSpec } from './repeating.js';

export type JobsMode = 'in-process' | 'bullmq';

export function jobsMode(config: Config): JobsMode {
  return config.REDIS_URL ? 'bullmq' : 'in-process';
}

/** The named queues of work handed between processes; each carries a job id and its lock key (QueuedJob). */
export const QUEUES = ['learn'] as const;
export type QueueName = (typeof QUEUES)[number];
/** The BullMQ queue of a name. */
export const bullmqQueueName = (queue: QueueName) => `hx-${queue}`;

export interface LoopSpec {
  name: string;
  /** Starts the loop; answers how to stop it (after its current step). */
  start: () => { stop(): Promise<void> };
}

export interface Jobs {
  /** A queue's producer side, for the service that enqueues to it. */
  queue(name: QueueName): JobQueue;
  /** Aborted when shutdown begins: long jobs stop at their next safe point, waits answer at once. */
  readonly stopping: AbortSignal;
  /** Consumes a queue with its handler. */
  work(queue: QueueName, processor: JobProcessor): void;
  /** A periodic job, run once per interval for the whole deployment; nothing in a process that consumes no jobs. */
  repeat(spec: RepeatingSpec): void;
  /** A periodic task of this process only (write-behind buffers); it runs once more on close. */
  everyInProcess(spec: RepeatingSpec): void;
  /** A background loop of its own (the embeddings indexer), in a process that consumes jobs; stopped on close. */
  loop(spec: LoopSpec): void;
  /** Stops everything registered, running jobs after their current step (bounded by SHUTDOWN_TIMEOUT_MS). */
  close(): Promise<void>;
}

function createJobRunner(config: Config, logger: Logger, queue: QueueName): JobRunner {
  if (config.REDIS_URL)
    return createBullmqRunner(logger, {
      queueName: bullmqQueueName(queue),
      jobName: queue,
      redisUrl: config.REDIS_URL,
      prefix: config.QUEUE_PREFIX,
      worker: config.JOBS_WORKER,
      lockMs: config.JOBS_LOCK_MS,
    });
  // loadConfig refuses JOBS_WORKER=false without Redis: in process, this process is the only worker.
  return createInProcessRunner(logger, { closeTimeoutMs: config.SHUTDOWN_TIMEOUT_MS });
}

/** The lifecycle sweep's schedule name (registered in start.ts; its BullMQ queue is `hx-lifecycle-sweep`). */
export const LIFECYCLE_SWEEP = 'lifecycle-sweep';

/** One periodic job of the deployment: none on a process that runs no jobs, BullMQ's scheduler on Redis, a timer otherwise. */
function createRepeatingJob(config: Config, logger: Logger, spec: RepeatingSpec): RepeatingJob {
  if (!config.JOBS_WORKER) return { kind: 'none', close: async () => {} };
  if (config.REDIS_URL)
    return createBullmqRepeating(spec, logger, {
      redisUrl: config.REDIS_URL,
      prefix: config.QUEUE_PREFIX,
      lockMs: config.JOBS_LOCK_MS,
    });
  return createInProcessRepeating(spec, logger);
}

export function createJobs(config: Config, logger: Logger): Jobs {
  const runners = Object.fromEntries(QUEUES.map((q) => [q, createJobRunner(config, logger, q)])) as Record<
    QueueName,
    JobRunner
  >;
  const stopping = new AbortController();
  const periodic: RepeatingJob[] = [];
  const timers: Array<{ job: RepeatingJob; spec: RepeatingSpec }> = [];
  const loops: Array<{ stop(): Promise<void> }> = [];
  let closing: Promise<void> | undefined;

  return {
    queue: (name) => runners[name],
    stopping: stopping.signal,
    work(queue, processor) {
      runners[queue].start(processor);
    },
    repeat(spec) {
      periodic.push(createRepeatingJob(config, logger, spec));
    },
    everyInProcess(spec) {
      timers.push({ job: createInProcessRepeating(spec, logger), spec });
    },
    loop(spec) {
      if (config.JOBS_WORKER && !stopping.signal.aborted) loops.push(spec.start());
    },
    close() {
      closing ??= (async () => {
        stopping.abort();
        await Promise.all([
          ...Object.values(runners).map((r) => r.close()),
          ...periodic.map((p) => p.close()),
          ...loops.map((l) => l.stop()),
        ]);
        // Last, what the jobs and requests left in the buffers is written once more.
        for (const { job, spec } of timers) {
          await job.close();
          await spec.run().catch((err) => logger.warn({ err, job: spec.name }, 'final run failed'));
        }
      })();
      return closing;
    },
  };
}

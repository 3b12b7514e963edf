/**
 * The production job runner: jobs go to a BullMQ queue on Redis and any process running a worker
 * (`hx worker`, and API replicas unless JOBS_WORKER=false) takes them. A job whose lock another
 * worker holds is retried with a short backoff. A worker that dies mid-job stops renewing its BullMQ
 * lock; after JOBS_LOCK_MS another worker takes the job again. A worker that closes hands its
 * interrupted jobs back to the wait list at once.
 */
import { Queue, WaitingError, Worker } from 'bullmq';
import type { Logger } from '../logger.js';
import { closeBullmq } from './bullmq-close.js';
import type { JobProcessor, JobRunner, QueuedJob } from './runner.js';

export const LEARN_QUEUE = 'hx-learn';
/** BullMQ's own default lock duration and stalled-check interval. */
export const DEFAULT_LOCK_MS = 30_000;

export function createBullmqRunner(
  processor: JobProcessor,
  logger: Logger,
  opts: {
    redisUrl: string;
    prefix?: string;
    queueName?: string;
    concurrency?: number;
    /** false: only enqueue (an API replica with JOBS_WORKER=false). */
    worker?: boolean;
    /** How long a job stays locked to a worker that stopped renewing it (crashed) before it is run again. */
    lockMs?: number;
  },
): JobRunner {
  const name = opts.queueName ?? LEARN_QUEUE;
  const connection = { url: opts.redisUrl, maxRetriesPerRequest: null } as const;
  const prefix = opts.prefix ?? 'hx:bull';
  const queue = new Queue(name, { connection, prefix });
  queue.on('error', (err) => logger.warn({ err: err.message }, 'bullmq queue error'));
  let worker: Worker | undefined;
  if (opts.worker !== false) {
    worker = new Worker(
      name,
      async (job, token) => {
        const outcome = await processor(String(job.data.id));
        // Another worker holds this scope's lock: fail this attempt so BullMQ retries after a backoff.
        if (outcome === 'busy') throw new Error('scope busy');
        // This worker is closing: back to the wait list for the next worker, without spending an attempt.
        if (outcome === 'interrupted') {
          await job.moveToWait(token);
          throw new WaitingError();
        }
      },
      {
        connection,
        prefix,
        concurrency: opts.concurrency ?? 2,
        lockDuration: opts.lockMs ?? DEFAULT_LOCK_MS,
        stalledInterval: opts.lockMs ?? DEFAULT_LOCK_MS,
      },
    );
    worker.on('error', (err) => logger.warn({ err: err.message }, 'bullmq worker error'));
  }
  return {
    kind: 'bullmq',
    async enqueue(job: QueuedJob) {
      await queue.add('learn', job, {
        jobId: job.id,
        attempts: 120,
        backoff: { type: 'fixed', delay: 500 },
        removeOnComplete: 1000,
        removeOnFail: 1000,
      });
    },
    async close() {
      await closeBullmq([worker, queue]);
    },
  };
}

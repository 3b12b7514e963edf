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
import type { EnqueueOutcome, JobProcessor, JobRunner, QueuedJob } from './runner.js';

/** Lock duration and stalled-check interval when not configured (JOBS_LOCK_MS). */
export const DEFAULT_LOCK_MS = 5_000;
/** A job whose lock lapsed this many times (a worker stalled by a busy event loop) is still retried, not failed. */
const MAX_STALLED = 5;
/** Bound on handing a job to Redis before answering the caller. */
export const ENQUEUE_TIMEOUT_MS = 2_000;
/** How often jobs that could not be handed over are tried again. */
const HANDOVER_RETRY_MS = 1_000;

export function createBullmqRunner(
  logger: Logger,
  opts: {
    redisUrl: string;
    prefix?: string;
    queueName: string;
    /** BullMQ's name of each job of the queue. */
    jobName: string;
    concurrency?: number;
    /** false: only enqueue (an API replica with JOBS_WORKER=false). */
    worker?: boolean;
    /** How long a job stays locked to a worker that stopped renewing it (crashed) before it is run again. */
    lockMs?: number;
  },
): JobRunner {
  const name = opts.queueName;
  const connection = { url: opts.redisUrl, maxRetriesPerRequest: null } as const;
  const prefix = opts.prefix ?? 'hx:bull';
  // Workers need maxRetriesPerRequest null; the producer fails fast instead of queueing commands offline.
  const queue = new Queue(name, { connection: { url: opts.redisUrl, enableOfflineQueue: false }, prefix });
  queue.on('error', (err) => logger.warn({ err: err.message }, 'bullmq queue error'));
  let worker: Worker | undefined;
  /** Consumes the queue (unless this process only enqueues: JOBS_WORKER=false). */
  function startWorker(processor: JobProcessor) {
    if (opts.worker === false || worker || closed) return;
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
        maxStalledCount: MAX_STALLED,
      },
    );
    worker.on('error', (err) => logger.warn({ err: err.message }, 'bullmq worker error'));
  }

  const add = (job: QueuedJob) =>
    queue.add(opts.jobName, job, {
      jobId: job.id,
      attempts: 120,
      backoff: { type: 'fixed', delay: 500 },
      removeOnComplete: 1000,
      removeOnFail: 1000,
    });
  /** Jobs not yet handed to Redis, by id. */
  const deferred = new Map<string, QueuedJob>();
  let retryTimer: NodeJS.Timeout | undefined;
  let closed = false;

  function scheduleHandover() {
    if (retryTimer || closed) return;
    retryTimer = setTimeout(async () => {
      for (const job of [...deferred.values()]) {
        if (closed) break;
        if ((await handOver(job)) === 'queued') deferred.delete(job.id);
        else break;
      }
      retryTimer = undefined;
      if (deferred.size > 0) scheduleHandover();
      else logger.info('deferred jobs handed to the queue');
    }, HANDOVER_RETRY_MS);
    retryTimer.unref();
  }

  async function handOver(job: QueuedJob): Promise<EnqueueOutcome> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<'deferred'>((resolve) => {
      timer = setTimeout(() => resolve('deferred'), ENQUEUE_TIMEOUT_MS);
    });
    const added = add(job).then(
      () => 'queued' as const,
      () => 'deferred' as const,
    );
    const outcome = await Promise.race([added, timeout]);
    clearTimeout(timer);
    return outcome;
  }

  return {
    kind: 'bullmq',
    start: startWorker,
    async enqueue(job: QueuedJob) {
      const outcome = closed ? 'deferred' : await handOver(job);
      if (outcome === 'deferred') {
        if (deferred.size === 0)
          logger.warn({ jobId: job.id }, 'queue unavailable: job kept queued, handed over when Redis returns');
        deferred.set(job.id, job);
        scheduleHandover();
      }
      return outcome;
    },
    async close() {
      closed = true;
      clearTimeout(retryTimer);
      // Jobs still deferred stay queued in the database: the next start recovers them.
      if (deferred.size > 0) logger.warn({ jobs: deferred.size }, 'jobs not handed to the queue at shutdown');
      await closeBullmq([worker, queue]);
    },
  };
}

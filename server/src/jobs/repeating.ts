/**
 * Periodic jobs (the lifecycle sweep): one run per interval for the whole deployment. In process, a
 * timer that never overlaps itself; on Redis, a BullMQ job scheduler, so however many workers share
 * the queue, each interval produces one job and exactly one of them runs it.
 */
import { Queue, Worker } from 'bullmq';
import type { Logger } from '../logger.js';
import { closeBullmq } from './bullmq-close.js';
import { DEFAULT_LOCK_MS } from './bullmq-runner.js';

export interface RepeatingJob {
  readonly kind: 'in-process' | 'bullmq' | 'none';
  close(): Promise<void>;
}

export interface RepeatingSpec {
  /** Stable name: the BullMQ queue and scheduler id derive from it. */
  name: string;
  everyMs: number;
  run: () => Promise<void>;
}

export function createInProcessRepeating(spec: RepeatingSpec, logger: Logger): RepeatingJob {
  let running: Promise<void> | undefined;
  const timer = setInterval(() => {
    if (running) return;
    running = spec
      .run()
      .catch((err) => logger.error({ err, job: spec.name }, 'repeating job failed'))
      .finally(() => {
        running = undefined;
      });
  }, spec.everyMs);
  timer.unref();
  return {
    kind: 'in-process',
    async close() {
      clearInterval(timer);
      await running;
    },
  };
}

export function createBullmqRepeating(
  spec: RepeatingSpec,
  logger: Logger,
  opts: { redisUrl: string; prefix: string; lockMs?: number },
): RepeatingJob {
  const connection = { url: opts.redisUrl, maxRetriesPerRequest: null } as const;
  const queueName = `hx-${spec.name}`;
  const queue = new Queue(queueName, { connection, prefix: opts.prefix });
  queue.on('error', (err) => logger.warn({ err: err.message }, 'bullmq queue error'));
  let closing = false;
  // Same id from every worker: an upsert, not a second schedule (an existing scheduler keeps its next
  // run; a changed interval replaces it). The first run comes one interval after creation, as in
  // process: BullMQ would otherwise run an `every` job at once, on every deployment (or test) start.
  // Only once the queue is connected: bullmq 5 builds its scheduler in an async Promise executor that
  // awaits the connection, so a queue closed before Redis answered left an unhandled rejection.
  const scheduled = queue
    .waitUntilReady()
    .then(() =>
      queue.upsertJobScheduler(
        spec.name,
        { every: spec.everyMs, startDate: Date.now() + spec.everyMs },
        { name: spec.name, data: {}, opts: { removeOnComplete: 100, removeOnFail: 100, attempts: 1 } },
      ),
    )
    .catch((err: Error) => {
      // Closed before Redis ever answered: nothing was scheduled and nothing needs saying.
      if (!closing) logger.error({ err: err.message, job: spec.name }, 'could not schedule repeating job');
    });
  const worker = new Worker(
    queueName,
    async () => {
      await spec.run();
    },
    {
      connection,
      prefix: opts.prefix,
      concurrency: 1,
      lockDuration: opts.lockMs ?? DEFAULT_LOCK_MS,
      stalledInterval: opts.lockMs ?? DEFAULT_LOCK_MS,
    },
  );
  worker.on('error', (err) => logger.warn({ err: err.message }, 'bullmq worker error'));
  worker.on('failed', (job, err) =>
    logger.error({ err: err.message, job: spec.name, id: job?.id }, 'repeating job failed'),
  );
  return {
    kind: 'bullmq',
    async close() {
      closing = true;
      // Not awaiting `scheduled`: with Redis down it never settles (BullMQ retries forever).
      void scheduled;
      await closeBullmq([worker, queue]);
    },
  };
}

/**
 * The embedded job runner: jobs of one lock key run in order, different keys in parallel up to a
 * small concurrency, all in this process. A job whose lock another process holds is retried later.
 * On close, jobs not yet started are dropped from memory and running ones stop after their current
 * step: their rows stay queued in the database, for the recovery of the next start
 * (services/core/learn/recover-jobs.ts). Jobs enqueued before `start` wait for it.
 */
import type { Logger } from '../logger.js';
import type { EnqueueOutcome, JobProcessor, JobRunner, QueuedJob } from './runner.js';

const BUSY_RETRY_MS = 500;

export function createInProcessRunner(
  logger: Logger,
  opts: { concurrency?: number; closeTimeoutMs?: number } = {},
): JobRunner {
  const concurrency = opts.concurrency ?? 2;
  const chains = new Map<string, Promise<void>>();
  const waiting: Array<() => void> = [];
  const timers = new Set<NodeJS.Timeout>();
  let active = 0;
  let closed = false;
  let processor: JobProcessor | undefined;
  /** Jobs enqueued before the runner starts wait here (resolved by start, or by close). */
  let started!: () => void;
  const ready = new Promise<void>((resolve) => {
    started = resolve;
  });

  async function slot(): Promise<void> {
    if (active < concurrency) {
      active += 1;
      return;
    }
    await new Promise<void>((resolve) => waiting.push(resolve));
    active += 1;
  }
  function release() {
    active -= 1;
    waiting.shift()?.();
  }

  async function run(job: QueuedJob): Promise<void> {
    await ready;
    if (closed || !processor) return;
    await slot();
    try {
      const outcome = await processor(job.id);
      // 'interrupted' needs nothing here: the job's row is queued again, for the next start.
      if (outcome === 'busy' && !closed) {
        const timer = setTimeout(() => {
          timers.delete(timer);
          void enqueue(job);
        }, BUSY_RETRY_MS);
        timers.add(timer);
      }
    } catch (err) {
      logger.error({ err, jobId: job.id }, 'job processor failed');
    } finally {
      release();
    }
  }

  function enqueue(job: QueuedJob): Promise<EnqueueOutcome> {
    if (closed) return Promise.resolve('deferred');
    const previous = chains.get(job.lockKey) ?? Promise.resolve();
    const next = previous.then(() => run(job));
    chains.set(job.lockKey, next);
    void next.finally(() => {
      if (chains.get(job.lockKey) === next) chains.delete(job.lockKey);
    });
    return Promise.resolve('queued');
  }

  return {
    kind: 'in-process',
    enqueue,
    start(given: JobProcessor) {
      if (processor || closed) return;
      processor = given;
      started();
    },
    async close() {
      closed = true;
      started();
      for (const t of timers) clearTimeout(t);
      timers.clear();
      const all = Promise.all([...chains.values()]).then(() => 'stopped' as const);
      const timeout = new Promise<'timeout'>((r) =>
        setTimeout(() => r('timeout'), opts.closeTimeoutMs ?? 10_000).unref(),
      );
      // Past the timeout the caller closes the database under the running jobs: they stay `running`, for
      // crash recovery.
      if ((await Promise.race([all, timeout])) === 'timeout') logger.warn('jobs still running at the shutdown timeout');
    },
  };
}

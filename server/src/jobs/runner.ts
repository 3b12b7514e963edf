/**
 * The job runner seam: learn work is queued by id and processed in the background, in-process by
 * default or on BullMQ when REDIS_URL is set (docs/architecture.md). Callers see only this interface, so the
 * two modes are interchangeable. A runner is built idle: services enqueue through it, and it consumes
 * only once jobs/start.ts hands it its processor.
 */

/**
 * What a processor answers: done; busy (another process holds the job's lock: try again later); or
 * interrupted (this process is shutting down: the job stays queued, to be run again by another
 * worker or after the next start, and is not retried here).
 */
export type JobOutcome = 'done' | 'busy' | 'interrupted';

/** Processes one queued job by id; must not throw for domain failures (it records them on the job). */
export type JobProcessor = (jobId: string) => Promise<JobOutcome>;

export interface QueuedJob {
  id: string;
  /** Jobs with the same key run one after the other in this process. */
  lockKey: string;
}

/**
 * `queued`: the runner has the job. `deferred`: the queue cannot take it now (Redis down); the runner
 * keeps handing it over in the background until it can, and the job's row stays queued meanwhile.
 */
export type EnqueueOutcome = 'queued' | 'deferred';

/** The producer side of a queue: what a service is given. */
export interface JobQueue {
  readonly kind: 'in-process' | 'bullmq';
  /** Answers within a bounded time, whatever the state of the queue. Jobs wait for the runner to start. */
  enqueue(job: QueuedJob): Promise<EnqueueOutcome>;
}

export interface JobRunner extends JobQueue {
  /** Starts consuming with `processor` (once); a process that does not consume jobs only enqueues. */
  start(processor: JobProcessor): void;
  /** Stops taking jobs and waits (bounded) for the running ones, which stop after their current step. */
  close(): Promise<void>;
}

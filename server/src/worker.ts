/**
 * Worker mode (`hx worker`): the same context as the server (database, Redis, services) without HTTP,
 * consuming the BullMQ queues of a deployment: learn jobs and the lifecycle sweep. Scale out with N
 * API replicas (JOBS_WORKER=false) + M workers sharing one PostgreSQL, one Redis and one QUEUE_PREFIX.
 */
import { type Config, loadConfig } from './config.js';
import type { AppContext } from './context.js';
import { bullmqQueueName, jobsMode, LIFECYCLE_SWEEP, QUEUES } from './jobs/index.js';
import { createContext, stopBackgroundWork } from './server.js';

export interface RunningWorker {
  ctx: AppContext;
  /** What this worker consumes, for the CLI to print. */
  describe(): WorkerDescription;
  /**
   * Stops taking jobs and lets running ones reach a safe point (a learn: the end of its current chunk),
   * bounded by SHUTDOWN_TIMEOUT_MS. Interrupted jobs go back to the queue. Then releases the database and Redis.
   */
  close(): Promise<void>;
}

export interface WorkerDescription {
  queuePrefix: string;
  queues: string[];
  redis: string;
  database: string;
  lifecycleIntervalMs: number;
  lockMs: number;
}

/** The Redis URL without its password, for printing. */
function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return 'redis';
  }
}

/** Loads the worker's config: always a consumer, and only on a shared Redis and PostgreSQL. */
export function loadWorkerConfig(env: Record<string, string | undefined>): Config {
  // A deployment's shared environment may say JOBS_WORKER=false for its API replicas: a worker consumes.
  const config = loadConfig({ ...env, JOBS_WORKER: 'true' });
  const missing = [!config.REDIS_URL && 'REDIS_URL', !config.DATABASE_URL && 'DATABASE_URL'].filter(Boolean);
  if (missing.length > 0) {
    throw new Error(
      `Invalid configuration:\n  ${missing.join(', ')}: hx worker needs REDIS_URL and DATABASE_URL, shared with the API replicas ` +
        '(the embedded server runs its jobs in its own process and needs no worker)',
    );
  }
  return config;
}

export async function startWorker(overrides: Record<string, string | undefined> = {}): Promise<RunningWorker> {
  const config = loadWorkerConfig({ ...process.env, ...overrides });
  const ctx = await createContext(config);
  ctx.logger.info(
    { mode: jobsMode(config), queuePrefix: config.QUEUE_PREFIX, database: ctx.database.driver },
    'hx worker started',
  );
  let closing: Promise<void> | undefined;
  const close = () => {
    closing ??= (async () => {
      const stop = stopBackgroundWork(ctx);
      const timeout = new Promise<'timeout'>((resolve) =>
        setTimeout(() => resolve('timeout'), config.SHUTDOWN_TIMEOUT_MS).unref(),
      );
      // A running learn stops after its current chunk and goes back to BullMQ's wait list for the next
      // worker (services/core/learn/run-job.ts). One still running at the timeout has its chunk rolled
      // back when the database closes, and stays locked in BullMQ: another worker takes it after
      // JOBS_LOCK_MS.
      // Both resume where the job stopped.
      if ((await Promise.race([stop, timeout])) === 'timeout') ctx.logger.warn('worker shutdown timed out');
      if (ctx.redis) ctx.redis.disconnect();
      await ctx.database.close();
    })();
    return closing;
  };
  return {
    ctx,
    describe: () => ({
      queuePrefix: config.QUEUE_PREFIX,
      queues: [...QUEUES.map(bullmqQueueName), `hx-${LIFECYCLE_SWEEP}`],
      redis: redactUrl(config.REDIS_URL ?? ''),
      database: ctx.database.driver,
      lifecycleIntervalMs: config.LIFECYCLE_INTERVAL_MS,
      lockMs: config.JOBS_LOCK_MS,
    }),
    close,
  };
}

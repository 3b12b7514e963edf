/** Picks the job runner from config: BullMQ on Redis when REDIS_URL is set, in-process otherwise. */
import type { Config } from '../config.js';
import type { Logger } from '../logger.js';
import { createBullmqRunner } from './bullmq-runner.js';
import { createInProcessRunner } from './in-process-runner.js';
import type { JobProcessor, JobRunner } from './runner.js';

export * from './runner.js';

export function createJobRunner(config: Config, logger: Logger, processor: JobProcessor): JobRunner {
  if (config.REDIS_URL)
    return createBullmqRunner(processor, logger, { redisUrl: config.REDIS_URL, prefix: config.QUEUE_PREFIX });
  return createInProcessRunner(processor, logger, { closeTimeoutMs: config.SHUTDOWN_TIMEOUT_MS });
}

/**
 * `hx worker`: runs a job worker in this process (no HTTP): learn jobs and the lifecycle sweep from
 * the deployment's BullMQ queues. Same config variables as the server; needs REDIS_URL and DATABASE_URL.
 */
import type { Command } from 'commander';
import { withExamples } from '../help.js';
import { reportError } from '../output.js';

export function registerWorker(program: Command): void {
  const worker = program
    .command('worker')
    .description(
      'run a job worker (learn jobs, lifecycle sweep) for a scaled-out deployment: no HTTP; needs REDIS_URL and DATABASE_URL, ' +
        'shares QUEUE_PREFIX with the API replicas (run those with JOBS_WORKER=false)',
    )
    .option(
      '--queue-prefix <prefix>',
      'BullMQ key prefix shared with the API replicas (default QUEUE_PREFIX or hx:bull)',
    )
    .action(async (options: { queuePrefix?: string }) => {
      const { startWorker } = await import('@hx-memory/server');
      const overrides: Record<string, string> = {};
      if (options.queuePrefix) overrides.QUEUE_PREFIX = options.queuePrefix;
      let running: Awaited<ReturnType<typeof startWorker>>;
      try {
        running = await startWorker(overrides);
      } catch (err) {
        // Exit at once (a worker that cannot migrate or reach its database used to linger for its
        // pool's idle timers): the supervisor sees the failure and restarts it.
        process.exit(reportError(err));
      }
      const d = running.describe();
      process.stdout.write(
        `Hx worker: consuming ${d.queues.join(', ')} (prefix ${d.queuePrefix}) on ${d.redis}, database ${d.database}; ` +
          `lifecycle sweep every ${Math.round(d.lifecycleIntervalMs / 1000)}s. Ctrl-C or SIGTERM stops after the running jobs.\n`,
      );
      let stopping = false;
      const stop = (signal: string) => {
        if (stopping) return;
        stopping = true;
        process.stdout.write(`Hx worker: ${signal}, finishing running jobs\n`);
        running.close().then(
          () => {
            process.stdout.write('Hx worker: stopped\n');
            process.exit(0);
          },
          (err: unknown) => {
            process.stderr.write(`error: ${err instanceof Error ? err.message : String(err)}\n`);
            process.exit(1);
          },
        );
      };
      process.once('SIGINT', () => stop('SIGINT'));
      process.once('SIGTERM', () => stop('SIGTERM'));
    });
  withExamples(
    worker,
    'DATABASE_URL=postgres://hx@db/hx REDIS_URL=redis://cache:6379 hx worker',
    'hx worker --queue-prefix hx:bull',
  );
}

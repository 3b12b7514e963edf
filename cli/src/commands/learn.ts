/**
 * `hx learn [start]` and `hx learn status <jobId>`: compile captured events into memories and
 * artifacts; --wait follows the job to its end (exit code 1 when it failed).
 */
import { ARTIFACT_TYPES } from '@hx-memory/contract';
import type { Hx } from '@hx-memory/sdk';
import type { Command } from 'commander';
import { action, clientFor } from '../context.js';
import { CliError } from '../errors.js';
import { decimal, integer, list, withExamples } from '../help.js';
import { isJson, note, print } from '../output.js';

const TERMINAL = new Set(['completed', 'failed']);

type Job = Awaited<ReturnType<Hx['learn']['getJob']>>;

async function waitForJob(hx: Hx, job: Job, intervalMs: number, timeoutMs: number): Promise<Job> {
  const deadline = Date.now() + timeoutMs;
  let current = job;
  while (!TERMINAL.has(current.status)) {
    if (Date.now() > deadline)
      throw new CliError(`job ${job.id} still ${current.status} after ${timeoutMs / 1000} s`, 'timeout');
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
    current = await hx.learn.getJob({ id: job.id });
    note(`job ${current.id}: ${current.status}`);
  }
  return current;
}

/** A job as short rows that fit a terminal (the counts in words); --json prints the job as the API answers it. */
export function jobView(job: Job): Record<string, unknown> | Job {
  if (isJson()) return job;
  const { stats, artifacts } = job;
  const byType = Object.entries(artifacts.byType)
    .map(([type, n]) => `${type} ${n}`)
    .join(', ');
  return {
    id: job.id,
    status: job.status,
    scope: job.scope,
    events: stats.eventsProcessed,
    memories: `${stats.memoriesCreated} created, ${stats.memoriesMerged} merged, ${stats.memoriesSuperseded} superseded`,
    artifacts: `${artifacts.created} created, ${artifacts.updated} updated, ${artifacts.unchanged} unchanged${byType ? ` (${byType})` : ''}`,
    patterns: stats.patternsFound,
    compilation: `${Math.round(stats.compilationMs)} ms`,
    ...(job.error ? { error: job.error } : {}),
    createdAt: job.createdAt,
    finishedAt: job.finishedAt,
  };
}

function finish(job: Job): void {
  print(jobView(job));
  if (job.status === 'failed') process.exitCode = 1;
}

export function registerLearn(program: Command): void {
  const learn = program
    .command('learn')
    .description('compile captured events into memories and artifacts (learn jobs)');
  withExamples(learn, 'hx learn --wait', 'hx learn status job_01JD8Z...');

  const start = learn
    .command('start', { isDefault: true })
    .description('start a learn job (the default of `hx learn`); --wait follows it to its end')
    .option('--full', 'recompile every event of the scope, not only new ones')
    .option('--wait', 'wait until the job completes or fails (exit code 1 when it failed)')
    .option('--timeout <seconds>', 'how long --wait waits', integer(1), 600)
    .option('--namespace <namespace>', 'limit to a namespace')
    .option('--session <sessionId>', 'limit to a session')
    .option('--subject <subjectId>', 'limit to a subject')
    .option('--agent <agentId>', 'limit to an agent')
    .option('--artifact-types <types>', `comma-separated: ${ARTIFACT_TYPES.join(', ')}`, list)
    .option('--min-pattern-strength <x>', 'procedural patterns below it are not emitted (0..1)', decimal(0, 1))
    .action(
      action(
        async (
          options: {
            full?: boolean;
            wait?: boolean;
            timeout: number;
            namespace?: string;
            session?: string;
            subject?: string;
            agent?: string;
            artifactTypes?: string[];
            minPatternStrength?: number;
          },
          command: Command,
        ) => {
          const hx = clientFor(command);
          const job = await hx.learn.learn(
            {
              scope: options.full ? 'full' : 'incremental',
              wait: !!options.wait,
              namespace: options.namespace,
              sessionId: options.session,
              subjectId: options.subject,
              agentId: options.agent,
              options: {
                artifactTypes: options.artifactTypes as (typeof ARTIFACT_TYPES)[number][] | undefined,
                minPatternStrength: options.minPatternStrength,
              },
            },
            { timeout: options.timeout * 1000 },
          );
          if (!options.wait) return print(jobView(job));
          finish(await waitForJob(hx, job, 1000, options.timeout * 1000));
        },
      ),
    );
  withExamples(
    start,
    'hx learn',
    'hx learn --full --wait',
    'hx learn start --session s1 --artifact-types profile,failure_playbook --json',
  );

  const status = learn
    .command('status <jobId>')
    .description('show a learn job: queued, running, completed or failed, with its counts')
    .option('--wait', 'wait until it completes or fails')
    .option('--timeout <seconds>', 'how long --wait waits', integer(1), 600)
    .action(
      action(async (jobId: string, options: { wait?: boolean; timeout: number }, command: Command) => {
        const hx = clientFor(command);
        const job = await hx.learn.getJob({ id: jobId });
        finish(options.wait ? await waitForJob(hx, job, 1000, options.timeout * 1000) : job);
      }),
    );
  withExamples(status, 'hx learn status job_01JD8Z...', 'hx learn status job_01JD8Z... --wait --json');
}

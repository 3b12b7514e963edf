/**
 * learn: start a compilation (POST /v1/learn) or report one (GET /v1/learn/jobs/:id), waiting for it
 * by polling within the tool's deadline rather than the server's own wait, whose length the client
 * cannot know.
 */
import type { LearnJob } from '@hx-memory/contract';
import type { Hx } from '@hx-memory/sdk';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { json } from '../output.js';
import { type CallContext, runTool } from '../tool-call.js';
import type { McpDeps } from './deps.js';
import { namespaceField, sessionField, subjectField } from './fields.js';

/** Time kept to answer after the last poll. */
const ANSWER_MARGIN_MS = 1500;

export const learnInput = {
  jobId: z
    .string()
    .trim()
    .min(1)
    .max(128)
    .optional()
    .describe('Report this job (from an earlier learn) instead of starting one'),
  scope: z
    .enum(['incremental', 'full'])
    .default('incremental')
    .describe('incremental (default): only events not compiled yet; full: recompile every event of the scope'),
  subjectId: subjectField.describe('Compile only this subject’s events'),
  sessionId: sessionField.describe('Compile only this session’s events'),
  namespace: namespaceField,
  wait: z
    .boolean()
    .default(true)
    .describe('Wait for the job to finish, within the tool’s time limit (default true); false answers at once'),
};

const finished = (job: LearnJob) => job.status === 'completed' || job.status === 'failed';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitForJob(hx: Hx, job: LearnJob, { signal, remainingMs }: CallContext): Promise<LearnJob> {
  let current = job;
  for (
    let delay = 250;
    !finished(current) && remainingMs() > delay + ANSWER_MARGIN_MS;
    delay = Math.min(delay * 2, 2000)
  ) {
    await sleep(delay);
    current = await hx.learn.getJob({ id: current.id }, { signal });
  }
  return current;
}

function report(job: LearnJob): string {
  const summary = {
    jobId: job.id,
    status: job.status,
    artifacts: job.artifacts,
    stats: job.stats,
    ...(job.error ? { error: job.error } : {}),
  };
  const next =
    job.status === 'completed'
      ? 'Compiled: recall, search_memories and the hx://subjects/{subjectId}/profile resource now include the results.'
      : job.status === 'failed'
        ? 'The compilation failed; see error.'
        : `Still ${job.status}: call learn with jobId "${job.id}" later to see the result.`;
  return `${json(summary)}\n${next}`;
}

export function registerLearn(server: McpServer, { hx, limits }: McpDeps): void {
  server.registerTool(
    'learn',
    {
      title: 'Learn',
      description:
        'Compiles remembered events into memories (facts, preferences, instructions, episodes) and artifacts (profiles, session summaries, timelines, playbooks), optionally for one subject, session or namespace; or, with jobId, reports a compilation started before. Run it after remembering a batch of events; recall already searches raw events before learn.',
      inputSchema: learnInput,
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    },
    (input, extra) =>
      runTool(limits, extra.signal, async (ctx) => {
        const job = input.jobId
          ? await hx.learn.getJob({ id: input.jobId }, { signal: ctx.signal })
          : await hx.learn.learn(
              {
                scope: input.scope,
                subjectId: input.subjectId,
                sessionId: input.sessionId,
                namespace: input.namespace,
                wait: false,
              },
              { signal: ctx.signal },
            );
        return report(input.wait ? await waitForJob(hx, job, ctx) : job);
      }),
  );
}

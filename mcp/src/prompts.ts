/** The recall_for_task prompt: a user message carrying what Hx recalls for a task, then the task. */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { RECALL_DEFAULT_TOKENS, renderPack, synthesizeFor } from './tools/recall.js';
import type { McpDeps } from './tools/deps.js';
import { runRead } from './tool-call.js';

export function registerPrompts(server: McpServer, { hx, limits }: McpDeps): void {
  server.registerPrompt(
    'recall_for_task',
    {
      title: 'Recall context for a task',
      description:
        'Starts a task with what Hx memory holds about it: recalls a context for the task (within a token budget, with sources) and puts it before the task text.',
      argsSchema: {
        task: z.string().trim().min(1).max(4000).describe('The task to do, in plain words'),
        subjectId: z.string().trim().min(1).max(256).optional().describe('Recall only about this subject'),
        namespace: z.string().trim().min(1).max(128).optional().describe('Namespace id or name'),
        maxTokens: z
          .string()
          .regex(/^\d{2,5}$/, 'a whole number of tokens, 16 to 32000')
          .optional()
          .describe(`Token budget of the recalled context (default ${RECALL_DEFAULT_TOKENS})`),
      },
    },
    (args, extra) =>
      runRead(limits, extra.signal, async ({ signal }) => {
        const pack = await synthesizeFor(
          hx,
          {
            query: args.task,
            subjectId: args.subjectId,
            namespace: args.namespace,
            maxTokens: args.maxTokens ? Math.min(32_000, Math.max(16, Number(args.maxTokens))) : undefined,
          },
          signal,
        );
        const text = [
          'Context recalled from Hx memory for the task below (dated; a later statement overrides an earlier one; say so if it is not enough):',
          '<memory>',
          renderPack(pack),
          '</memory>',
          '',
          `Task: ${args.task}`,
        ].join('\n');
        return {
          description: `Task with ${pack.budget.entriesIncluded} recalled entries`,
          messages: [{ role: 'user' as const, content: { type: 'text' as const, text } }],
        };
      }),
  );
}

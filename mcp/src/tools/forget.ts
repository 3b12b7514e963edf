/** forget: erase a subject (DELETE /v1/subjects/:id) or one memory (DELETE /v1/memories/:id). */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { runTool, ToolInputError } from '../tool-call.js';
import type { McpDeps } from './deps.js';
import { namespaceField } from './fields.js';

export const forgetInput = {
  subjectId: z
    .string()
    .trim()
    .min(1)
    .max(256)
    .optional()
    .describe('Forget everything about this subject: its events, the memories compiled from them and their artifacts'),
  memoryId: z
    .string()
    .trim()
    .min(1)
    .max(128)
    .optional()
    .describe('Or forget one memory (mem_…), e.g. a fact that is wrong; a later learn will not bring it back'),
  namespace: namespaceField.describe('With subjectId: only in this namespace (id or name)'),
};

export function registerForget(server: McpServer, { hx, limits }: McpDeps): void {
  server.registerTool(
    'forget',
    {
      title: 'Forget',
      description:
        'Permanently deletes from Hx memory everything about a subject (subjectId: events, memories and the artifacts built from them, following lineage), or a single memory (memoryId). Cannot be undone; use it when a user asks to be forgotten or a memory is wrong. Give exactly one of subjectId or memoryId.',
      inputSchema: forgetInput,
      annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
    },
    (input, extra) =>
      runTool(limits, extra.signal, async ({ signal }) => {
        if ((input.subjectId === undefined) === (input.memoryId === undefined)) {
          throw new ToolInputError('subjectId', 'give exactly one of subjectId or memoryId');
        }
        if (input.memoryId !== undefined) {
          if (input.namespace !== undefined) throw new ToolInputError('namespace', 'applies to subjectId only');
          const result = await hx.memories.delete({ id: input.memoryId }, { signal });
          return `Forgot memory ${result.id}; ${result.artifactsDeprecated} artifact(s) built from it are deprecated until the next learn.`;
        }
        const { subjectId, deleted } = await hx.memories.forgetSubject(
          { subjectId: input.subjectId as string, namespace: input.namespace },
          { signal },
        );
        return `Forgot subject ${subjectId}: ${deleted.events} event(s), ${deleted.memories} memory(ies), ${deleted.artifacts} artifact(s) and ${deleted.lineageEdges} lineage edge(s) deleted.`;
      }),
  );
}

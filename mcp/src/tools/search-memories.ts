/** search_memories: compiled memories or artifacts by filter (GET /v1/memories, /v1/artifacts), one page. */
import { ArtifactTypeSchema, MemoryKindSchema, type Pagination } from '@hx-memory/contract';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { json } from '../output.js';
import { runTool, ToolInputError } from '../tool-call.js';
import type { McpDeps } from './deps.js';
import { namespaceField, sessionField, subjectField } from './fields.js';

const MEMORY_STATUSES = ['active', 'superseded', 'archived'] as const;
const ARTIFACT_STATUSES = ['active', 'deprecated', 'superseded'] as const;

export const searchMemoriesInput = {
  target: z
    .enum(['memories', 'artifacts'])
    .default('memories')
    .describe(
      'memories: single facts, preferences, instructions, episodes, entities, procedures; artifacts: compiled documents (profiles, session summaries, timelines, playbooks)',
    ),
  kind: MemoryKindSchema.optional().describe(
    'Memories only: fact, preference, instruction, episode, entity, procedure',
  ),
  artifactType: ArtifactTypeSchema.optional().describe(
    'Artifacts only: profile, session_summary, timeline, digest, task_schema, failure_playbook, causal_pattern, decision_policy',
  ),
  status: z
    .enum(['active', 'superseded', 'archived', 'deprecated', 'any'])
    .default('active')
    .describe(
      'Default active (what is true now). Memories: superseded (replaced by a newer value) or archived; artifacts: deprecated or superseded; any for all',
    ),
  subjectId: subjectField,
  sessionId: sessionField,
  namespace: namespaceField,
  limit: z.number().int().min(1).max(100).default(20).describe('Items per page (default 20)'),
  cursor: z.string().min(1).max(512).optional().describe('nextCursor of a previous answer, for the next page'),
};

const pageInfo = (p: Pagination) => ({ total: p.total ?? null, nextCursor: p.hasMore ? (p.cursor ?? null) : null });

type Status = z.infer<typeof searchMemoriesInput.status>;

function statusFor<S extends string>(status: Status, allowed: readonly S[], target: string): S | undefined {
  if (status === 'any') return undefined;
  if (!(allowed as readonly string[]).includes(status)) {
    throw new ToolInputError('status', `${target} have no status "${status}"; use one of ${allowed.join(', ')} or any`);
  }
  return status as S;
}

export function registerSearchMemories(server: McpServer, { hx, limits }: McpDeps): void {
  server.registerTool(
    'search_memories',
    {
      title: 'Search memories',
      description:
        'Lists what Hx has compiled, newest first, filtered by subject, session, namespace, kind or type and status: memories (one fact or preference each, with validity dates and the events they come from) or artifacts (documents such as a subject’s profile; read one whole with get_artifact). Use recall instead to find what is relevant to a question.',
      inputSchema: searchMemoriesInput,
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    (input, extra) =>
      runTool(limits, extra.signal, async ({ signal }) => {
        const scope = { subjectId: input.subjectId, sessionId: input.sessionId, namespace: input.namespace };
        const pageQuery = { limit: input.limit, cursor: input.cursor };
        if (input.target === 'memories') {
          if (input.artifactType) throw new ToolInputError('artifactType', 'applies to target artifacts only');
          const page = await hx.memories.list(
            { ...scope, ...pageQuery, kind: input.kind, status: statusFor(input.status, MEMORY_STATUSES, 'memories') },
            { signal },
          );
          const memories = page.items.map((m) => ({
            id: m.id,
            kind: m.kind,
            content: m.content,
            subjectId: m.subjectId,
            sessionId: m.sessionId,
            namespace: m.namespace,
            confidence: m.confidence,
            status: m.status,
            validFrom: m.validFrom,
            validTo: m.validTo,
            occurredAt: m.occurredAt,
            sourceEventIds: m.sourceEventIds,
          }));
          return json({ memories, ...pageInfo(page.pagination) });
        }
        if (input.kind) throw new ToolInputError('kind', 'applies to target memories only');
        const page = await hx.artifacts.list(
          {
            ...scope,
            ...pageQuery,
            type: input.artifactType,
            status: statusFor(input.status, ARTIFACT_STATUSES, 'artifacts'),
          },
          { signal },
        );
        const artifacts = page.items.map((a) => ({
          id: a.id,
          uri: `hx://artifacts/${a.id}`,
          type: a.type,
          title: a.title,
          status: a.status,
          subjectId: a.subjectId,
          sessionId: a.sessionId,
          namespace: a.namespace,
          confidence: a.confidence,
          evidenceCount: a.evidenceCount,
          updatedAt: a.updatedAt,
        }));
        return json({ artifacts, ...pageInfo(page.pagination) });
      }),
  );
}

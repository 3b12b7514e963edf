/** get_artifact: one compiled artifact, as markdown or JSON (GET /v1/artifacts/:id). */
import type { Artifact } from '@hx-memory/contract';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { json } from '../output.js';
import { runTool } from '../tool-call.js';
import type { McpDeps } from './deps.js';

export const getArtifactInput = {
  id: z
    .string()
    .trim()
    .min(1)
    .max(128)
    .describe('Artifact id (art_…), as given by recall sources, search_memories or an hx://artifacts/{id} URI'),
  format: z
    .enum(['markdown', 'json'])
    .default('markdown')
    .describe('markdown: the prompt-ready text; json: every field, including structured content and lineage'),
};

/** The artifact as a markdown document: title, a line of facts about it, the body, its sources. */
export function artifactMarkdown(a: Artifact): string {
  const about = [
    a.type,
    a.status,
    `version ${a.version}`,
    `confidence ${a.confidence.toFixed(2)}`,
    `${a.evidenceCount} evidence`,
    a.subjectId ? `subject ${a.subjectId}` : undefined,
    `updated ${a.updatedAt}`,
  ].filter(Boolean);
  return [
    `# ${a.title}`,
    `_${about.join(' · ')}_`,
    '',
    a.markdown,
    '',
    `Sources: ${a.sourceMemories.length} memories, ${a.sourceEvents.length} events (format json lists them).`,
  ].join('\n');
}

export function registerGetArtifact(server: McpServer, { hx, limits }: McpDeps): void {
  server.registerTool(
    'get_artifact',
    {
      title: 'Get artifact',
      description:
        'Reads one compiled artifact whole: a subject’s profile, a session summary, a timeline, a failure playbook or a procedure, with its confidence, version and sources. Ids come from recall sources and search_memories.',
      inputSchema: getArtifactInput,
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    (input, extra) =>
      runTool(limits, extra.signal, async ({ signal }) => {
        const artifact = await hx.artifacts.get({ id: input.id }, { signal });
        return input.format === 'json' ? json(artifact) : artifactMarkdown(artifact);
      }),
  );
}

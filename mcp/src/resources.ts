/**
 * Resources: an artifact by URI (hx://artifacts/{id}, listing the newest ones) and a subject's
 * profile (hx://subjects/{subjectId}/profile), both as markdown read through the same API as the tools.
 */
import { type McpServer, ResourceTemplate } from '@modelcontextprotocol/sdk/server/mcp.js';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import { artifactMarkdown } from './tools/get-artifact.js';
import type { McpDeps } from './tools/deps.js';
import { runRead } from './tool-call.js';

const LISTED_ARTIFACTS = 50;

const one = (value: string | string[] | undefined): string => {
  const v = Array.isArray(value) ? value[0] : value;
  if (!v) throw new McpError(ErrorCode.InvalidParams, 'The resource URI misses a variable');
  return decodeURIComponent(v);
};

export function registerResources(server: McpServer, { hx, limits }: McpDeps): void {
  server.registerResource(
    'artifact',
    new ResourceTemplate('hx://artifacts/{id}', {
      list: (extra) =>
        runRead(limits, extra.signal, async ({ signal }) => {
          const page = await hx.artifacts.list({ status: 'active', limit: LISTED_ARTIFACTS }, { signal });
          return {
            resources: page.items.map((a) => ({
              uri: `hx://artifacts/${a.id}`,
              name: a.title,
              description: `${a.type}${a.subjectId ? ` of ${a.subjectId}` : ''}, updated ${a.updatedAt}`,
              mimeType: 'text/markdown',
            })),
          };
        }),
    }),
    {
      title: 'Hx artifact',
      description: `A compiled artifact (profile, session summary, timeline, playbook ...) as markdown; the ${LISTED_ARTIFACTS} newest active ones are listed`,
      mimeType: 'text/markdown',
    },
    (uri, variables, extra) =>
      runRead(limits, extra.signal, async ({ signal }) => {
        const artifact = await hx.artifacts.get({ id: one(variables.id) }, { signal });
        return { contents: [{ uri: uri.href, mimeType: 'text/markdown', text: artifactMarkdown(artifact) }] };
      }),
  );

  server.registerResource(
    'subject-profile',
    new ResourceTemplate('hx://subjects/{subjectId}/profile', { list: undefined }),
    {
      title: 'Subject profile',
      description: 'What Hx has compiled about a subject (a user or entity): the active profile artifact, as markdown',
      mimeType: 'text/markdown',
    },
    (uri, variables, extra) =>
      runRead(limits, extra.signal, async ({ signal }) => {
        const subjectId = one(variables.subjectId);
        const page = await hx.artifacts.list(
          { type: 'profile', subjectId, status: 'active', sort: 'updatedAt', limit: 1 },
          { signal },
        );
        const profile = page.items[0];
        const text = profile
          ? artifactMarkdown(profile)
          : `No profile of ${subjectId} yet: remember events with subjectId "${subjectId}", then run learn.`;
        return { contents: [{ uri: uri.href, mimeType: 'text/markdown', text }] };
      }),
  );
}

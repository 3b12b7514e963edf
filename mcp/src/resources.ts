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

/** Kinds of memory a profile is compiled from (the compiler's buildProfiles). */
const PROFILE_KINDS = new Set(['fact', 'preference', 'instruction']);
const LISTED_MEMORIES = 20;

/**
 * What to say when a subject has no profile, true to what is stored: nothing at all (remember, then
 * learn); memories a profile is made of (learn has not compiled one yet: run it); or only memories of
 * other kinds (a profile needs facts, preferences or instructions), listed so the reader sees them.
 */
async function noProfile(hx: McpDeps['hx'], subjectId: string, signal: AbortSignal): Promise<string> {
  const page = await hx.memories.list({ subjectId, status: 'active', limit: LISTED_MEMORIES }, { signal });
  const memories = page.items;
  if (memories.length === 0) {
    return `Nothing about ${subjectId} has been learned yet. Remember facts, preferences or instructions with subjectId "${subjectId}", then run learn to compile its profile (if you remembered some already, run learn).`;
  }
  const lines = memories.map((m) => `- [${m.kind}] ${m.content}`);
  const more = page.hasNextPage() ? `\n(more: search_memories with subjectId "${subjectId}")` : '';
  if (memories.some((m) => PROFILE_KINDS.has(m.kind))) {
    return `No profile of ${subjectId} has been compiled yet, though its memories hold facts or preferences: run learn to compile it.\n\n${lines.join('\n')}${more}`;
  }
  return `No profile of ${subjectId}: a profile is compiled from facts, preferences and instructions, and none of its memories is one. Its memories:\n\n${lines.join('\n')}${more}`;
}

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
        const text = profile ? artifactMarkdown(profile) : await noProfile(hx, subjectId, signal);
        return { contents: [{ uri: uri.href, mimeType: 'text/markdown', text }] };
      }),
  );
}

/** recall: a context for a question within a token budget, with provenance (POST /v1/synthesize). */
import { IsoDateTime, type SynthesizeResult, SynthesizeSectionSchema } from '@hx-memory/contract';
import type { Hx } from '@hx-memory/sdk';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { runTool } from '../tool-call.js';
import type { McpDeps } from './deps.js';
import { namespaceField, sessionField, subjectField } from './fields.js';

export const RECALL_DEFAULT_TOKENS = 2000;

export const recallInput = {
  query: z
    .string()
    .trim()
    .min(1)
    .max(4000)
    .describe('What you need to know, as a question or a task (e.g. "What does Ana prefer for invoices?")'),
  maxTokens: z
    .number()
    .int()
    .min(16)
    .max(32_000)
    .default(RECALL_DEFAULT_TOKENS)
    .describe(`Token budget of the context (default ${RECALL_DEFAULT_TOKENS}); the best entries that fit are kept`),
  subjectId: subjectField,
  sessionId: sessionField,
  namespace: namespaceField,
  sections: z
    .array(SynthesizeSectionSchema)
    .min(1)
    .optional()
    .describe('Only these sections: facts, instructions, procedures, failures, decisions, causal, context'),
  asOf: IsoDateTime.optional().describe('Answer as of this past time: what was true and known then'),
};

type RecallArgs = {
  query: string;
  maxTokens?: number;
  subjectId?: string;
  sessionId?: string;
  namespace?: string;
  sections?: z.infer<typeof SynthesizeSectionSchema>[];
  asOf?: string;
};

/** Synthesizes a context pack; shared by the recall tool and the recall_for_task prompt. */
export async function synthesizeFor(hx: Hx, args: RecallArgs, signal: AbortSignal): Promise<SynthesizeResult> {
  return await hx.synthesize.synthesize(
    {
      query: args.query,
      options: { maxTokens: args.maxTokens ?? RECALL_DEFAULT_TOKENS, sections: args.sections, includeProvenance: true },
      subjectId: args.subjectId,
      sessionId: args.sessionId,
      namespace: args.namespace,
      asOf: args.asOf,
    },
    { signal },
  );
}

/** One line per entry: where it came from, so the agent can cite it or fetch the artifact. */
function provenanceLines(pack: SynthesizeResult): string[] {
  return pack.entries.map((entry, i) => {
    const sources = entry.provenance
      .map((p) => (p.sourceType === 'artifact' ? `hx://artifacts/${p.sourceId}` : `${p.sourceType} ${p.sourceId}`))
      .join(', ');
    const when = entry.occurredAt ? `, ${entry.occurredAt.slice(0, 10)}` : '';
    return `${i + 1}. [${entry.section}/${entry.kind}${when}, confidence ${entry.confidence.toFixed(2)}] ${sources || 'no source'}`;
  });
}

/** What was left out, by reason (budget.omitted): "2 repeats, 1 superseded, 3 over the budget; 1 cut to fit". */
export function leftOut(budget: SynthesizeResult['budget']): string {
  const { duplicates, superseded, overBudget } = budget.omitted;
  const parts = [
    duplicates > 0 ? `${duplicates} ${duplicates === 1 ? 'repeat' : 'repeats'} of an entry shown` : '',
    superseded > 0 ? `${superseded} superseded` : '',
    overBudget > 0 ? `${overBudget} over the budget` : '',
  ].filter(Boolean);
  const cut = budget.truncated > 0 ? `; ${budget.truncated} cut to fit` : '';
  return `${parts.length > 0 ? `left out: ${parts.join(', ')}` : 'nothing left out'}${cut}`;
}

export function renderPack(pack: SynthesizeResult): string {
  if (pack.entries.length === 0) return 'Nothing in memory matches this query.';
  const { budget } = pack;
  return [
    pack.context,
    '',
    `Sources (${budget.entriesIncluded} entries, ${budget.used}/${budget.limit} tokens, ${leftOut(budget)}):`,
    ...provenanceLines(pack),
  ].join('\n');
}

export function registerRecall(server: McpServer, { hx, limits }: McpDeps): void {
  server.registerTool(
    'recall',
    {
      title: 'Recall',
      description:
        'Answers "what do I know about this?" from Hx memory: ranks the remembered events, compiled memories and artifacts of the scope for the query and returns a prompt-ready context within maxTokens, each entry dated and followed by its sources (event, memory or artifact ids). Call it before answering anything that may depend on what the user said before. Superseded facts are left out unless asOf asks for the past.',
      inputSchema: recallInput,
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    (input, extra) =>
      runTool(limits, extra.signal, async ({ signal }) => renderPack(await synthesizeFor(hx, input, signal))),
  );
}

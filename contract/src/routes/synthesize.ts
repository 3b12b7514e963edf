/**
 * Synthesize: a prompt-ready context pack for a query, ranked from the raw events, memories and
 * artifacts of a scope, packed under a token budget (docs/concepts.md).
 */
import { initContract } from '@ts-rest/core';
import { z } from 'zod';
import { AUTHED_ERRORS, Id, IsoDateTime, type RouteMeta, envelope, errors } from '../common.js';

const c = initContract();

/** Sections a caller may ask for (`instructions` is an Hx addition; `facts` includes it when not named). */
export const SYNTHESIZE_SECTIONS = [
  'procedures',
  'failures',
  'decisions',
  'facts',
  'instructions',
  'causal',
  'context',
] as const;
export const SynthesizeSectionSchema = z.enum(SYNTHESIZE_SECTIONS);
export type SynthesizeSection = z.infer<typeof SynthesizeSectionSchema>;

export const SYNTHESIZE_MAX_TOKENS_DEFAULT = 4000;
export const SYNTHESIZE_MIN_CONFIDENCE_DEFAULT = 0.3;

export const SynthesizeBodySchema = z.object({
  query: z.string().trim().min(1).max(4000).describe('What the agent needs context for'),
  options: z
    .object({
      maxTokens: z
        .number()
        .int()
        .min(16)
        .max(128_000)
        .default(SYNTHESIZE_MAX_TOKENS_DEFAULT)
        .describe('Token budget of `context` (counted with the o200k_base tokenizer)'),
      sections: z.array(SynthesizeSectionSchema).min(1).max(SYNTHESIZE_SECTIONS.length).optional(),
      minConfidence: z.number().min(0).max(1).default(SYNTHESIZE_MIN_CONFIDENCE_DEFAULT),
      includeProvenance: z.boolean().default(true),
      includeSuperseded: z
        .boolean()
        .default(false)
        .describe(
          'Also show superseded memories and the raw events behind them, each line marked `(superseded ...)` with its dates; by default they are left out and counted in `budget.omitted.superseded`',
        ),
    })
    .default({}),
  namespace: Id.optional().describe('Namespace id or name; a namespace-bound key reads only its own'),
  sessionId: Id.optional(),
  subjectId: Id.optional(),
  agentId: Id.optional(),
  asOf: IsoDateTime.optional().describe('Answer as of this time: memories valid then, events up to then'),
});
export type SynthesizeBody = z.input<typeof SynthesizeBodySchema>;

export const ProvenanceSchema = z.object({
  sourceType: z.enum(['event', 'memory', 'artifact']),
  sourceId: z.string(),
  artifactType: z.string().optional(),
  evidenceCount: z.number().int().optional(),
});
export type Provenance = z.infer<typeof ProvenanceSchema>;

export const SynthesizeEntrySchema = z.object({
  section: SynthesizeSectionSchema,
  content: z
    .string()
    .describe(
      "The entry's text as stored (a raw event's as captured, an artifact's markdown less the lines said above it); its line in `context` adds the date, a mark such as `(superseded 2024-07-02)`, and beside a raw event's relative time phrase the date it names (`Yesterday (2023-07-05)`)",
    ),
  confidence: z.number(),
  score: z
    .number()
    .describe(
      'Rank value in [0, 1], relative to the first entry: fused relevance less redundancy with the entries above it (maximal marginal relevance); never rises along `entries`',
    ),
  kind: z.string().describe('Memory kind, artifact type, or `event` for a raw event'),
  tokens: z
    .number()
    .int()
    .describe(
      "Tokens of this entry as `context` shows it (its line, or an artifact's block), section headings not included; the same tokenizer as `budget.used` (OpenAI's o200k_base)",
    ),
  occurredAt: IsoDateTime.nullable(),
  validFrom: IsoDateTime.nullable(),
  validTo: IsoDateTime.nullable(),
  provenance: z.array(ProvenanceSchema),
});
export type SynthesizeEntry = z.infer<typeof SynthesizeEntrySchema>;

export const SynthesizeResultSchema = z.object({
  packId: z.string(),
  context: z
    .string()
    .describe(
      'Prompt-ready markdown of the entries, grouped in sections (those that answer the query first), each fact once and dated; artifacts as their own multi-line blocks',
    ),
  entries: z.array(SynthesizeEntrySchema),
  budget: z.object({
    limit: z.number().int(),
    used: z.number().int().describe('Tokens of `context`; never over `limit`'),
    compressionRatio: z.number().describe('Tokens of the candidates considered / tokens used'),
    entriesIncluded: z.number().int(),
    entriesDropped: z.number().int().describe('Candidates left out, for any reason (the sum of `omitted`)'),
    omitted: z
      .object({
        duplicates: z
          .number()
          .int()
          .describe(
            'Entries whose fact an entry above already holds: the raw events a packed memory was learned from (cited in its provenance instead), memories a packed artifact lists, artifact lines repeating a packed entry',
          ),
        superseded: z
          .number()
          .int()
          .describe('Superseded memories and the raw events behind them (see `options.includeSuperseded`)'),
        overBudget: z.number().int().describe('Entries that did not fit in `limit` after the ones above them'),
      })
      .describe('What was left out, by reason'),
    truncated: z
      .number()
      .int()
      .describe('Entries shortened to fit, their text ending in `…` (the best entry is cut rather than left out)'),
  }),
});
export type SynthesizeResult = z.infer<typeof SynthesizeResultSchema>;

export const synthesizeContract = c.router({
  synthesize: {
    method: 'POST',
    path: '/synthesize',
    summary: 'Synthesize context',
    description:
      'Ranks the raw events, memories and artifacts of the scope for the query (full-text search with OR semantics, trigram matching of unknown names in scopes of up to 1,000 documents, BM25, recency, confidence and kind priors, fused and diversified) and packs them under `options.maxTokens`. Superseded and archived memories are left out unless `asOf` asks for the past. Every memory and artifact returned is written to the access log.',
    body: SynthesizeBodySchema,
    responses: {
      200: envelope(SynthesizeResultSchema),
      ...errors(...AUTHED_ERRORS, 'forbidden', 'not_found'),
    },
    metadata: { auth: 'apiKey', scope: 'read' } satisfies RouteMeta,
  },
});

/**
 * Packs ranked entries under a token budget: greedy in rank order, each entry one dated line in its
 * section, the whole context re-counted with the tokenizer so `used` never exceeds the limit.
 */
import type { SynthesizeEntry, SynthesizeSection } from '@hx-memory/contract';
import { SECTION_TITLES } from './sections.js';
import { tokenCount, truncateToTokens } from './token-count.js';

export interface PackInput {
  entry: SynthesizeEntry;
  /** Date shown on the line (YYYY-MM-DD), or null when the entry has none. */
  date: string | null;
}

export interface Packed {
  context: string;
  entries: SynthesizeEntry[];
  /** Index in the input of each packed entry, in order. */
  included: number[];
  used: number;
  dropped: number;
  candidateTokens: number;
}

/** Longest single entry, as a share of the budget, so one long artifact cannot take it all. */
const MAX_ENTRY_SHARE = 0.25;
const MAX_ENTRY_TOKENS = 600;
/** The smallest dated line (date, a few words). */
const MIN_LINE_TOKENS = 12;

function lineOf(input: PackInput, content: string): string {
  const text = content.replace(/\s+/g, ' ').trim();
  return input.date ? `- [${input.date}] ${text}` : `- ${text}`;
}

function render(bySection: Map<SynthesizeSection, string[]>): string {
  const parts: string[] = [];
  for (const [section, title] of SECTION_TITLES) {
    const lines = bySection.get(section);
    if (!lines || lines.length === 0) continue;
    parts.push(`## ${title}\n${lines.join('\n')}`);
  }
  return parts.join('\n\n');
}

export function packContext(inputs: PackInput[], limit: number): Packed {
  const perEntry = Math.max(8, Math.min(MAX_ENTRY_TOKENS, Math.floor(limit * MAX_ENTRY_SHARE)));
  const chosen: Array<{ input: PackInput; line: string; index: number }> = [];
  const sections = new Set<SynthesizeSection>();
  let estimate = 0;
  let candidateTokens = 0;
  for (const [index, input] of inputs.entries()) {
    // Once no line can fit any more, the rest are dropped without tokenizing them.
    if (limit - estimate < MIN_LINE_TOKENS) {
      candidateTokens += Math.ceil(Buffer.byteLength(input.entry.content) / 4);
      continue;
    }
    // A text of n bytes has at most n tokens: only long ones need the tokenizer to be cut.
    const content =
      Buffer.byteLength(input.entry.content) <= perEntry
        ? input.entry.content
        : truncateToTokens(input.entry.content, perEntry);
    const line = lineOf(input, content);
    const lineTokens = tokenCount(line) + 1;
    candidateTokens += content === input.entry.content ? lineTokens : tokenCount(input.entry.content);
    const header = sections.has(input.entry.section)
      ? 0
      : tokenCount(`## ${SECTION_TITLES.find(([s]) => s === input.entry.section)?.[1] ?? ''}\n`) + 2;
    if (estimate + lineTokens + header > limit) continue;
    estimate += lineTokens + header;
    sections.add(input.entry.section);
    chosen.push({ input: { ...input, entry: { ...input.entry, content } }, line, index });
  }
  // The estimate sums parts; the tokenizer may merge across line breaks: verify and trim if needed.
  for (;;) {
    const bySection = new Map<SynthesizeSection, string[]>();
    for (const { input, line } of chosen) {
      const list = bySection.get(input.entry.section) ?? [];
      list.push(line);
      bySection.set(input.entry.section, list);
    }
    const context = render(bySection);
    const used = context ? tokenCount(context) : 0;
    if (used <= limit || chosen.length === 0) {
      return {
        context,
        entries: chosen.map((c) => c.input.entry),
        included: chosen.map((c) => c.index),
        used,
        dropped: inputs.length - chosen.length,
        candidateTokens,
      };
    }
    chosen.pop();
  }
}

/**
 * A ranked candidate of retrieval (an event, memory or artifact row with its score) and its terms,
 * counted on demand from the stored tsvector: what retrieval, score lending, diversification and
 * embeddings fusion pass around.
 */
import type { SynthesizeSection } from '@hx-memory/contract';
import type { CandidateRow } from './candidates.js';
import { parseTsvector, termFrequency, tsvectorLength } from './query-terms.js';
import type { Source } from './scope.js';

export interface RankedItem {
  key: string;
  source: Source;
  row: CandidateRow;
  section: SynthesizeSection;
  doc: Doc;
  /** Final fused score (higher is better), before diversification. */
  score: number;
  /** Set by diversify: the item's MMR value when picked (relevance less redundancy), non-increasing in its order. */
  rankScore?: number;
}

/**
 * Ranking order: the higher score first; between equal scores (two turns lent the same share, a
 * session's turns of one date) the earlier key (ids are time-ordered: turns as they were said), so
 * the same data ranks the same way whatever order the database listed its rows in.
 */
export function byScore(a: { score: number; key: string }, b: { score: number; key: string }): number {
  return b.score - a.score || byKey(a.key, b.key);
}

/** Ids and keys in ascending order (the tie-break of every ranking: the earlier captured first). */
export function byKey(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** A candidate's terms: counted on demand from its tsvector text, fully parsed only when needed. */
export interface Doc {
  tsv: string;
  length: number;
  /** Occurrences of a lexeme; for a query word found only by trigram, its similarity (0..1) instead. */
  tfOf(lexeme: string): number;
  /** Records a trigram match of a query lexeme the document does not contain. */
  addFuzzy(lexeme: string, similarity: number): void;
  /** Every lexeme with its count (parsed once, on first use). */
  terms(): Map<string, number>;
}

export function docOf(tsv: string): Doc {
  let parsed: Map<string, number> | undefined;
  let fuzzy: Map<string, number> | undefined;
  const cache = new Map<string, number>();
  const exact = (lexeme: string): number => {
    if (parsed) return parsed.get(lexeme) ?? 0;
    let n = cache.get(lexeme);
    if (n === undefined) {
      n = termFrequency(tsv, lexeme);
      cache.set(lexeme, n);
    }
    return n;
  };
  return {
    tsv,
    length: tsvectorLength(tsv),
    tfOf(lexeme) {
      return exact(lexeme) || (fuzzy?.get(lexeme) ?? 0);
    },
    addFuzzy(lexeme, similarity) {
      fuzzy ??= new Map();
      fuzzy.set(lexeme, Math.max(similarity, fuzzy.get(lexeme) ?? 0));
    },
    terms() {
      parsed ??= parseTsvector(tsv).tf;
      return parsed;
    },
  };
}

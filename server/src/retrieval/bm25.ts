/**
 * Okapi BM25 over candidate documents, from term statistics of the scope (N, df) rather than
 * ts_rank, which has no inverse document frequency and weak length normalisation.
 */

export const BM25_K1 = 1.2;
/**
 * Length normalisation below the usual 0.75: documents here are short turns and facts whose length
 * says little about their topicality (LoCoMo: 0.4 raised R@5/10/20 by 0.6/0.6/0.4, no category lower).
 */
export const BM25_B = 0.4;

export interface Bm25Doc {
  /** Occurrences of a lexeme in the document. */
  tfOf(lexeme: string): number;
  length: number;
}

export function idf(total: number, df: number): number {
  return Math.log(1 + (total - df + 0.5) / (df + 0.5));
}

/** Score of one document for weighted query lexemes (weight 1 for the query's own terms). */
export function bm25(
  doc: Bm25Doc,
  query: Map<string, number>,
  idfOf: Map<string, number>,
  avgLength: number,
  k1 = BM25_K1,
  b = BM25_B,
): number {
  let score = 0;
  const norm = k1 * (1 - b + (b * doc.length) / Math.max(avgLength, 1));
  for (const [lexeme, weight] of query) {
    const tf = doc.tfOf(lexeme);
    if (!tf) continue;
    score += weight * (idfOf.get(lexeme) ?? 0) * ((tf * (k1 + 1)) / (tf + norm));
  }
  return score;
}

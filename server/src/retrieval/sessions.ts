/**
 * Two-level retrieval: a session (a conversation, a task run) is scored as one document from the
 * turns of it that matched the query, and a turn is then ranked with its session's score as well as
 * its own. A question's words are often spread over the turns of the session that answers it (the
 * question in one turn, the subject in another, the answer in a third).
 */
import { BM25_K1 } from './bm25.js';

export interface SessionTurn {
  sessionId: string | null;
  /** Occurrences of a lexeme in the turn. */
  tfOf(lexeme: string): number;
}

/**
 * Each session's score: BM25-style saturation of the query lexemes' occurrences summed over its
 * matching turns (no length normalisation: only the turns that matched are known), weighted by IDF.
 * Sessions with no matching turn are absent.
 */
export function scoreSessions(
  turns: Iterable<SessionTurn>,
  query: Map<string, number>,
  idfOf: Map<string, number>,
  k1 = BM25_K1,
): Map<string, number> {
  const tf = new Map<string, Map<string, number>>();
  for (const turn of turns) {
    if (!turn.sessionId) continue;
    let counts = tf.get(turn.sessionId);
    for (const lexeme of query.keys()) {
      const n = turn.tfOf(lexeme);
      if (!n) continue;
      if (!counts) {
        counts = new Map();
        tf.set(turn.sessionId, counts);
      }
      counts.set(lexeme, (counts.get(lexeme) ?? 0) + n);
    }
  }
  const scores = new Map<string, number>();
  for (const [session, counts] of tf) {
    let score = 0;
    for (const [lexeme, n] of counts)
      score += (query.get(lexeme) ?? 0) * (idfOf.get(lexeme) ?? 0) * ((n * (k1 + 1)) / (n + k1));
    scores.set(session, score);
  }
  return scores;
}

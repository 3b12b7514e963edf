/** The speaker prior: a turn spoken by a person the question names counts more. */
import type { QueryTerms } from './query-terms.js';

/** Boost of a turn spoken by a person the query names. */
export const SPEAKER_BOOST = 1;

/** Whether the turn's speaker is one of the names the question holds (whole name or one of its words). */
export function speakerMatches(speaker: string | null, terms: QueryTerms): boolean {
  if (!speaker || terms.names.length === 0) return false;
  const s = speaker.toLowerCase();
  return terms.names.some((n) => {
    const name = n.toLowerCase();
    return s === name || s.split(/\s+/).includes(name);
  });
}

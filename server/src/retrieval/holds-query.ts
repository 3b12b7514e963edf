/**
 * Whether a line of text holds one of the query's lexemes, read in JavaScript (the packer decides on
 * lines of an artifact, which have no tsvector of their own). The lexemes are Postgres's english
 * (Snowball) stems; a word holds one when its Porter stem is it, or when it starts with it (Snowball
 * stems are the word's beginning but for a final y written i: "happy" -> "happi").
 */
import { stem, words } from '../compiler/normalise.js';

export type HoldsQuery = (text: string) => boolean;

export function holdsQuery(lexemes: Iterable<string>): HoldsQuery {
  const wanted = [...lexemes].filter((l) => l.length > 0);
  const exact = new Set(wanted);
  return (text) => {
    for (const word of words(text)) {
      if (exact.has(stem(word))) return true;
      const bare = word.replace(/['’]s$/, '').replace(/y$/, 'i');
      if (wanted.some((l) => l.length >= 3 && bare.startsWith(l))) return true;
    }
    return false;
  };
}

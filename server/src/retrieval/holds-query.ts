/**
 * Whether a line of text holds the query's lexemes, read in JavaScript (the packer decides on lines of
 * an artifact and parts of a long line, which have no tsvector of their own). The lexemes are
 * Postgres's english (Snowball) stems; a word holds one when its Porter stem is it, or when it starts
 * with it (Snowball stems are the word's beginning but for a final y written i: "happy" -> "happi").
 */
import { stem, words } from '../compiler/normalise.js';

export type HoldsQuery = (text: string) => boolean;
/** How many of the query's lexemes a text holds (each counted once). */
export type CountsQuery = (text: string) => number;

/** The query lexeme a word holds, if any. */
function lexemeOfWord(lexemes: Iterable<string>): (word: string) => string | undefined {
  const wanted = [...lexemes].filter((l) => l.length > 0);
  const exact = new Set(wanted);
  const one = (word: string) => {
    const stemmed = stem(word);
    if (exact.has(stemmed)) return stemmed;
    const bare = word.replace(/['’]s$/, '').replace(/y$/, 'i');
    return wanted.find((l) => l.length >= 3 && bare.startsWith(l));
  };
  // A hyphenated word is also its parts, as PostgreSQL indexes it ("a-10087": 'a', '-10087').
  return (word) =>
    one(word) ??
    (word.includes('-')
      ? word
          .split('-')
          .filter((part) => part.length > 0)
          .map((part) => (exact.has(`-${part}`) ? `-${part}` : one(part)))
          .find((l) => l !== undefined)
      : undefined);
}

export function holdsQuery(lexemes: Iterable<string>): HoldsQuery {
  const lexemeOf = lexemeOfWord(lexemes);
  return (text) => words(text).some((word) => lexemeOf(word) !== undefined);
}

export function countsQuery(lexemes: Iterable<string>): CountsQuery {
  const lexemeOf = lexemeOfWord(lexemes);
  return (text) => {
    const held = new Set<string>();
    for (const word of words(text)) {
      const lexeme = lexemeOf(word);
      if (lexeme !== undefined) held.add(lexeme);
    }
    return held.size;
  };
}

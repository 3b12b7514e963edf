/**
 * Turns a natural-language query into the stemmed lexemes Postgres indexes, and builds OR tsqueries
 * from them (plainto_tsquery ANDs every term, so questions would match almost nothing).
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { VARIANT_WEIGHT, rootsOfNouns, wordVariants } from './word-variants.js';

export interface QueryTerms {
  /** Stemmed lexemes of the query (english configuration), with their count in the query. */
  lexemes: Map<string, number>;
  /** Capitalised words of the query that are not sentence-initial question words: likely names. */
  names: string[];
  /** Lower-cased raw words (for trigram lookups of words the stemmer does not know). */
  words: string[];
}

const QUESTION_WORDS = new Set([
  'what',
  'when',
  'where',
  'who',
  'whom',
  'which',
  'why',
  'how',
  'did',
  'does',
  'do',
  'is',
  'are',
  'was',
  'were',
  'has',
  'have',
  'had',
  'can',
  'could',
  'would',
  'should',
  'will',
  'the',
  'a',
  'an',
  'in',
  'on',
  'at',
  'i',
]);

/** Verbs a request opens with ("Tell me about Joanna.", "List Tim's books"): capitalised, but no name. */
const OPENERS = new Set(
  'Tell Show List Give Find Remind Summarize Summarise Describe Explain Recall Name Share Get Search Look Check Say'.split(
    ' ',
  ),
);

/** Prefixes written with or without a hyphen ("de-stress", "re-enter", "co-worker", "e-mail", "non-profit"). */
const HYPHEN_PREFIX = /^(de|re|co|pre|non|e|self|anti|multi|post|semi)([a-z]{4,})$/;

/** The other written form of each word: joined if it has a hyphen, hyphenated after a known prefix if not. */
export function hyphenForms(words: string[]): { joined: string[]; hyphenated: string[] } {
  const joined: string[] = [];
  const hyphenated: string[] = [];
  for (const raw of words) {
    // A word may end the sentence ("how to destress.").
    const word = raw.replace(/[.'’-]+$/, '');
    if (/^[a-z]+(?:-[a-z]+)+$/.test(word)) joined.push(word.replace(/-/g, ''));
    else {
      const m = HYPHEN_PREFIX.exec(word);
      if (m) hyphenated.push(`${m[1]}-${m[2]}`);
    }
  }
  return { joined, hyphenated };
}

/** Parses the text form of a tsvector (`'lex':1,4 'other':2`) into lexeme -> term frequency. */
export function parseTsvector(text: string): { tf: Map<string, number>; length: number } {
  // A hand-written scanner: this runs for every candidate that feeds expansion and diversity.
  const tf = new Map<string, number>();
  let length = 0;
  let i = 0;
  while (i < text.length) {
    if (text.charCodeAt(i) !== 39 /* ' */) {
      i += 1;
      continue;
    }
    let j = i + 1;
    let escaped = false;
    for (; j < text.length; j++) {
      const c = text.charCodeAt(j);
      if (c === 92 /* \ */) {
        escaped = true;
        j += 1;
      } else if (c === 39) {
        if (text.charCodeAt(j + 1) !== 39) break;
        escaped = true;
        j += 1;
      }
    }
    let lexeme = text.slice(i + 1, j);
    if (escaped) lexeme = lexeme.replace(/''/g, "'").replace(/\\(.)/g, '$1');
    let count = 1;
    i = j + 1;
    if (text.charCodeAt(i) === 58 /* : */) {
      for (i += 1; i < text.length && text.charCodeAt(i) !== 32; i++) if (text.charCodeAt(i) === 44) count += 1;
    }
    tf.set(lexeme, count);
    length += count;
  }
  return { tf, length };
}

/** A lexeme quoted as in a tsvector's text form (as in a tsquery's); asked of every candidate for every query lexeme, so kept. */
const needles = new Map<string, string>();
function needleOf(lexeme: string): string {
  let needle = needles.get(lexeme);
  if (needle === undefined) {
    needle = quoteLexeme(lexeme);
    // Lexemes of queries are few and repeat; a bound keeps a stream of distinct ones from growing it.
    if (needles.size >= 10_000) needles.clear();
    needles.set(lexeme, needle);
  }
  return needle;
}

/**
 * Occurrences of one lexeme in the text form of a tsvector, without parsing the whole vector (ranking
 * needs only the query's lexemes of each candidate; a full parse is kept for the few documents that
 * feed query expansion and diversification).
 */
export function termFrequency(tsv: string, lexeme: string): number {
  const needle = needleOf(lexeme);
  for (let i = tsv.indexOf(needle); i >= 0; i = tsv.indexOf(needle, i + 1)) {
    if (i > 0 && tsv[i - 1] !== ' ') continue;
    const end = i + needle.length;
    if (end === tsv.length || tsv[end] === ' ') return 1;
    if (tsv[end] !== ':') continue;
    let count = 1;
    for (let j = end + 1; j < tsv.length && tsv[j] !== ' '; j++) if (tsv[j] === ',') count += 1;
    return count;
  }
  return 0;
}

/** Number of positions in a tsvector's text form (its token length; 1 for a lexeme without positions). */
export function tsvectorLength(tsv: string): number {
  let n = 0;
  let inQuote = false;
  for (let i = 0; i < tsv.length; i++) {
    const c = tsv[i];
    if (c === "'") {
      if (inQuote && tsv[i + 1] === "'") {
        i += 1;
        continue;
      }
      inQuote = !inQuote;
      if (!inQuote) n += 1;
    } else if (!inQuote && c === ',') n += 1;
  }
  return n;
}

/** One lexeme as a tsquery operand, quoted so no character of it is read as an operator. */
export function quoteLexeme(lexeme: string): string {
  return `'${lexeme.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;
}

/** `'a' | 'b' | 'c'`: an OR tsquery over already-stemmed lexemes (cast with ::tsquery, no re-stemming). */
export function orQuery(lexemes: Iterable<string>): string {
  return [...lexemes].map(quoteLexeme).join(' | ');
}

/**
 * Lexemes per whitespace-separated piece of text, stemmed by Postgres (so they equal the indexed ones)
 * and remembered: the text search parser never makes a token across whitespace, so a query's lexemes
 * are the union of its pieces' lexemes, and a query made of known pieces needs no round trip.
 */
const pieceLexemes = new Map<string, Map<string, number>>();
const PIECE_CACHE_LIMIT = 100_000;

async function lexemesOf(database: Database, query: string): Promise<Map<string, number>> {
  const pieces = query.split(/\s+/).filter((p) => p.length > 0);
  const unknown = [...new Set(pieces.filter((p) => !pieceLexemes.has(p)))];
  if (unknown.length > 0) {
    const values = sql.join(
      unknown.map((piece, i) => sql`(${i}, ${piece})`),
      sql`, `,
    );
    const rows = await database.rows<{ i: number; v: string }>(
      sql`select p.i, to_tsvector('english', p.piece)::text as v from (values ${values}) as p(i, piece)`,
    );
    if (pieceLexemes.size + unknown.length > PIECE_CACHE_LIMIT) pieceLexemes.clear();
    for (const r of rows) pieceLexemes.set(unknown[Number(r.i)] as string, parseTsvector(r.v).tf);
  }
  const tf = new Map<string, number>();
  for (const piece of pieces)
    for (const [lexeme, n] of pieceLexemes.get(piece) ?? []) tf.set(lexeme, (tf.get(lexeme) ?? 0) + n);
  return tf;
}

/**
 * Words that frame a question rather than say what it is about, after a question word: "what kind
 * of art", "what types of pottery", "how many times", "how long", "in what ways". They match turns
 * by their everyday senses ("your kind words", "a long time") and carry `FRAME_WEIGHT` of a word.
 */
const FRAME =
  /\b(?:what|which|how|in what)\s+(kinds?|types?|sorts?|ways?|things?|many|much|long|often)\b(?:\s+(times?|of))?/gi;
const FRAME_WEIGHT = 0.3;

/**
 * A conversation party named by its role: "the user", "the assistant's". A turn without a speaker is
 * stored as `user: ...`, so every turn of the user holds the word: as a query word it would rank
 * turns that share nothing else with the question above the one that answers it. The party is who
 * the question is about, not what: the word is left out (unless the query is nothing else).
 */
const ROLE = /\b(?:the|this|that|our|my|your)\s+(user|assistant)(?:['’]s)?\b/gi;

/** Stems the query (see lexemesOf) and spots names. */
export async function analyzeQuery(database: Database, query: string): Promise<QueryTerms> {
  const tf = await lexemesOf(database, query);
  const roles = [...query.matchAll(ROLE)].map((m) => m[1] as string);
  if (roles.length > 0) {
    const roleLexemes = [...(await lexemesOf(database, roles.join(' '))).keys()];
    if ([...tf.keys()].some((l) => !roleLexemes.includes(l))) for (const l of roleLexemes) tf.delete(l);
  }
  const frame = [...query.matchAll(FRAME)].flatMap((m) => [m[1], m[2]]).filter((w): w is string => !!w && w !== 'of');
  if (frame.length > 0) {
    const frameLexemes = await lexemesOf(database, frame.join(' '));
    for (const lexeme of frameLexemes.keys()) if (tf.has(lexeme)) tf.set(lexeme, FRAME_WEIGHT);
  }
  const rawWords = query.match(/[\p{L}\p{N}][\p{L}\p{N}'’.-]*/gu) ?? [];
  const words = [...new Set(rawWords.map((w) => w.toLowerCase().replace(/['’]s$/, '')))].filter(
    (w) => w.length > 1 && !QUESTION_WORDS.has(w),
  );
  // PostgreSQL's parser reads the number of an id written with a dash as signed ("A-10023" -> 'a',
  // '-10023'): a number asked alone ("10023") looks for its signed twin too, and the other way round.
  for (const lexeme of [...tf.keys()]) {
    if (!/^-?\d+$/.test(lexeme)) continue;
    const twin = lexeme.startsWith('-') ? lexeme.slice(1) : `-${lexeme}`;
    if (!tf.has(twin)) tf.set(twin, tf.get(lexeme) as number);
  }
  // Other forms of the query's words, stemmed in one round trip (the look-ups below then read the cache).
  const roots = rootsOfNouns(words);
  const variants = wordVariants(words);
  const { joined, hyphenated } = hyphenForms(words);
  await lexemesOf(database, [...roots, ...variants, ...joined, ...hyphenated].join(' '));
  // A noun's root (its verb, its role) counts as the word itself, as the stemmer's own forms do.
  for (const lexeme of (await lexemesOf(database, roots.join(' '))).keys()) if (!tf.has(lexeme)) tf.set(lexeme, 1);
  for (const lexeme of (await lexemesOf(database, variants.join(' '))).keys())
    if (!tf.has(lexeme)) tf.set(lexeme, VARIANT_WEIGHT);
  // A word written with or without its prefix's hyphen ("destress" / "de-stress", "e-mail" / "email"):
  // the parser keeps the hyphenated form as one lexeme ('de-stress'), which the joined word never matches.
  for (const lexeme of (await lexemesOf(database, joined.join(' '))).keys())
    if (!tf.has(lexeme)) tf.set(lexeme, VARIANT_WEIGHT);
  // Of a hyphenated form only its whole ('de-stress'), not its parts ('de', 'stress').
  for (const lexeme of (await lexemesOf(database, hyphenated.join(' '))).keys())
    if (lexeme.includes('-') && !tf.has(lexeme)) tf.set(lexeme, VARIANT_WEIGHT);
  const names = [
    ...new Set(
      rawWords
        .map((w) => w.replace(/[.'’-]+$/, ''))
        .filter((w, i) => /^\p{Lu}/u.test(w) && !QUESTION_WORDS.has(w.toLowerCase()) && !(i === 0 && OPENERS.has(w)))
        .map((w) => w.replace(/['’]s$/, '')),
    ),
  ];
  return { lexemes: tf, names, words };
}

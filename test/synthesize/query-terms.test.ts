/**
 * Query analysis stems each whitespace-separated piece once and caches it. The result must equal
 * Postgres stemming the whole query at once (the lexemes indexed documents are matched against), on
 * whichever database the suite runs (PGlite, or PostgreSQL when DATABASE_URL is set).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../server/src/db/client.js';
import { analyzeQuery, hyphenForms, parseTsvector } from '../../server/src/retrieval/query-terms.js';
import { VARIANT_WEIGHT, rootsOfNouns, wordVariants } from '../../server/src/retrieval/word-variants.js';

let database: Database;

beforeAll(async () => {
  database = await openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir: 'memory://' });
});
afterAll(async () => {
  await database?.close();
});

const QUERIES = [
  'When did Caroline go to the LGBTQ support group?',
  "What is Melanie's favourite painting, and did she paint it in May 2023?",
  'e-mail alice@example.com about https://example.com/docs/v2?x=1 and the /usr/local/bin path',
  'running runs ran runner — the RUNNING of the runners',
  'version 3.14.159 of state-of-the-art self-hosted tools, 1,000,000 users',
  'my order #A-10023 and ticket 10087',
  '  tabs\tand\nnew   lines  ',
  "don't won't it's John's O'Reilly",
  'Straße naïve café Москва 東京 🚀 deploy',
  'the the the a an of',
  'fix fix fixed fixing fixes',
  'their reaction to the decision, and the version',
  'mentorship and friendship, a hardship, worship, our relationship, a spaceship',
  '',
];

async function stems(text: string): Promise<Map<string, number>> {
  const [row] = await database.rows<{ v: string }>(sql`select to_tsvector('english', ${text})::text as v`);
  return parseTsvector(row?.v ?? '').tf;
}

/**
 * Postgres's stems of the whole query, each number with its signed twin ("10023" and "-10023"), the
 * stems of its nouns' verbs as its own, and the stems of its words' other forms at VARIANT_WEIGHT.
 */
async function wholeQuery(text: string): Promise<Map<string, number>> {
  const expected = await stems(text);
  for (const [lexeme, n] of [...expected]) {
    const twin = /^\d+$/.test(lexeme) ? `-${lexeme}` : /^-\d+$/.test(lexeme) ? lexeme.slice(1) : null;
    if (twin && !expected.has(twin)) expected.set(twin, n);
  }
  const words = text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  for (const lexeme of (await stems(rootsOfNouns(words).join(' '))).keys())
    if (!expected.has(lexeme)) expected.set(lexeme, 1);
  for (const lexeme of (await stems(wordVariants(words).join(' '))).keys())
    if (!expected.has(lexeme)) expected.set(lexeme, VARIANT_WEIGHT);
  // The other written form of a prefixed or hyphenated word: the joined word's stem, the hyphenated whole.
  const rawWords = (text.match(/[\p{L}\p{N}][\p{L}\p{N}'’.-]*/gu) ?? []).map((w) => w.toLowerCase());
  const { joined, hyphenated } = hyphenForms(rawWords);
  for (const lexeme of (await stems(joined.join(' '))).keys())
    if (!expected.has(lexeme)) expected.set(lexeme, VARIANT_WEIGHT);
  for (const lexeme of (await stems(hyphenated.join(' '))).keys())
    if (lexeme.includes('-') && !expected.has(lexeme)) expected.set(lexeme, VARIANT_WEIGHT);
  return expected;
}

describe('analyzeQuery', () => {
  it("gives the lexemes and counts of Postgres stemming the whole query (and its words' other forms), cached or not", async () => {
    for (const query of QUERIES) {
      const expected = await wholeQuery(query);
      expect((await analyzeQuery(database, query)).lexemes, JSON.stringify(query)).toEqual(expected);
      // Second time every piece comes from the cache.
      expect((await analyzeQuery(database, query)).lexemes).toEqual(expected);
    }
  });

  it("gives a noun's root only where it is one: a verb for -ction, a role for -ship", () => {
    expect(rootsOfNouns(['reaction', 'mission', 'mentorship', 'friendship'])).toEqual(['react', 'mentor', 'friend']);
    expect(rootsOfNouns(['hardship', 'worship', 'relationship', 'spaceship', 'ship'])).toEqual([]);
  });

  it('looks for the number of an id written with a dash, asked alone, and for the id asked whole', async () => {
    // Postgres parses "A-10023" as 'a' and '-10023' (a signed number).
    const lexemes = async (q: string) => [...(await analyzeQuery(database, q)).lexemes.keys()].sort();
    expect(await lexemes('order 10023')).toEqual(['-10023', '10023', 'order']);
    expect(await lexemes('order A-10023')).toEqual(['-10023', '10023', 'order']);
  });

  it('leaves out a party named by its role ("the user"), unless the query says nothing else', async () => {
    const lexemes = async (q: string) => [...(await analyzeQuery(database, q)).lexemes.keys()].sort();
    expect(await lexemes('Where does the user live?')).toEqual(['live']);
    expect(await lexemes("What is the assistant's name?")).toEqual(['name']);
    // Not a party: a word like any other.
    expect(await lexemes('which users signed up')).toEqual(['sign', 'user']);
    expect(await lexemes('the user')).toEqual(['user']);
  });

  it('parses the text form of any tsvector as Postgres reads it', async () => {
    const vectors = [
      "to_tsvector('english', 'The quick brown foxes jumped over the lazy dogs and the quick cats')",
      "array_to_tsvector(array['it''s', 'back\\slash', 'two words', 'x''''y', 'plain'])",
      "to_tsvector('simple', 'a a a b') || array_to_tsvector(array['q''t'])",
      "''::tsvector",
    ];
    for (const v of vectors) {
      const [row] = await database.rows<{ text: string; lexemes: Array<[string, number]> | null }>(
        sql.raw(`select (${v})::text as text,
          (select json_agg(json_build_array(lexeme, coalesce(array_length(positions, 1), 1)))
           from unnest(${v})) as lexemes`),
      );
      const expected = new Map(row?.lexemes ?? []);
      expect(parseTsvector(row?.text ?? '').tf, v).toEqual(expected);
    }
  });

  it('spots capitalised words as names and drops question words', async () => {
    const terms = await analyzeQuery(database, 'When did Caroline meet Melanie in Berlin?');
    expect(terms.names).toEqual(['Caroline', 'Melanie', 'Berlin']);
    expect(terms.words).not.toContain('when');
  });

  it('looks for a word with and without its prefix hyphen, at a variant weight, without the parts', async () => {
    const destress = (await analyzeQuery(database, 'How do I destress?')).lexemes;
    expect(destress.get('de-stress')).toBe(VARIANT_WEIGHT);
    expect(destress.has('de')).toBe(false);
    expect((await analyzeQuery(database, 'my e-mail address')).lexemes.get('email')).toBe(VARIANT_WEIGHT);
    expect((await analyzeQuery(database, 'Tell me how to destress.')).lexemes.get('de-stress')).toBe(VARIANT_WEIGHT);
  });

  it('reads a name before a full stop whole, and no name in the verb a request opens with', async () => {
    // "Joanna." missed the speaker's turns; "Tell" was read as a name.
    expect((await analyzeQuery(database, 'Tell me about Joanna.')).names).toEqual(['Joanna']);
    expect((await analyzeQuery(database, "List Tim's books.")).names).toEqual(['Tim']);
  });
});

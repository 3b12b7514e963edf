/**
 * Samples of the common words of older history (lexical-candidates.ts): for a common lexeme the
 * recent window barely holds, a random subset of its matches in a large scope of events, drawn
 * through the full-text index bounded by gin_fuzzy_search_limit, the scope applied above the fence.
 *
 * Drawing one reads about SAMPLE_GIN_LIMIT index entries and their rows from the whole table (every
 * tenant's matches of the word): 5 ms on a table of one tenant's 100,000 events, 16-23 ms once it
 * holds three such tenants (bench:large-tenant), and more as the other tenants grow. A sample depends
 * on the scope and the lexeme, not on the query, and a scope's common lexemes are few (the head of its
 * vocabulary), so the sampled ids are kept per scope and lexeme for SAMPLE_TTL_MS and a query reads
 * only their rows, by primary key. Ids only: the rows are read again on every query under the scope's
 * conditions, so an event erased or moved out of the scope since is never returned, whatever this
 * process remembers; a new event of the word is the recent window's part.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { type CandidateRow, fetchByIds, fullTextMatches, withGinLimit } from './candidates.js';
import { quoteLexeme } from './query-terms.js';
import { type RetrievalScope, scopeConditions, scopeKey } from './scope.js';

/** Index entries read per lexeme drawn, and ids kept per lexeme. */
const SAMPLE_GIN_LIMIT = 1_000;
const SAMPLE_SIZE = 100;
/** How long a drawn sample serves (older history changes little: erasure is handled by the reads). */
const SAMPLE_TTL_MS = 300_000;
/** Samples kept at most, all scopes together (100 ids each: about 6 kB with their strings). */
const MAX_SAMPLES = 2_000;

const samples = new Map<string, { ids: string[]; at: number }>();

function remember(key: string, ids: string[], now: number): void {
  // Oldest first out: a Map iterates in insertion order.
  if (samples.size >= MAX_SAMPLES) samples.delete(samples.keys().next().value as string);
  samples.set(key, { ids, at: now });
}

/** Each lexeme's sampled ids in the scope (at most SAMPLE_SIZE), one statement for all of them. */
export function drawSamplesQuery(scope: RetrievalScope, lexemes: string[]): SQL {
  return withGinLimit(SAMPLE_GIN_LIMIT, (guard) => {
    // One fence per lexeme (a MATERIALIZED CTE, as in candidatesQuery), so each gets its own share.
    const fences = sql.join(
      lexemes.map((l, i) => sql`${sql.raw(`m${i}`)} as materialized (${fullTextMatches('event', quoteLexeme(l))})`),
      sql`, `,
    );
    const picks = sql.join(
      lexemes.map(
        (l, i) => sql`select ${l}::text as lexeme, array(
          select d.id from ${sql.raw(`m${i}`)} d where ${scopeConditions('event', scope)} and ${guard}
          limit ${SAMPLE_SIZE}) as ids`,
      ),
      sql` union all `,
    );
    return sql`with ${fences} ${picks}`;
  });
}

/** The fresh samples among the lexemes' (lexeme -> sampled ids). */
export function cachedSamples(scope: RetrievalScope, lexemes: string[]): Map<string, string[]> {
  const now = Date.now();
  const base = scopeKey('event', scope);
  const out = new Map<string, string[]>();
  for (const l of lexemes) {
    const hit = samples.get(`${base}|${l}`);
    if (hit && now - hit.at < SAMPLE_TTL_MS) out.set(l, hit.ids);
  }
  return out;
}

/** Up to `limit` ids of the lexemes' samples, an equal share each, in the order of the lexemes. */
export function sharedIds(samplesOf: Map<string, string[]>, limit: number): string[] {
  if (samplesOf.size === 0) return [];
  const share = Math.ceil(limit / samplesOf.size);
  const chosen = new Set<string>();
  for (const ids of samplesOf.values()) for (const id of ids.slice(0, share)) chosen.add(id);
  return [...chosen].slice(0, limit);
}

/**
 * Candidate rows for common lexemes of older history: up to `limit` of their sampled matches, shared
 * between the lexemes, read by primary key under the scope's conditions. Lexemes without a fresh
 * sample are drawn first (one more statement). A caller that already knows which lexemes have samples
 * (cachedSamples) can read their rows with another statement of its own (sharedIds) and pass them as
 * `known`: rows read in this request under the same scope, not read again.
 */
export async function sampleOlder(
  database: Database,
  scope: RetrievalScope,
  lexemes: string[],
  limit: number,
  known: CandidateRow[] = [],
): Promise<CandidateRow[]> {
  if (lexemes.length === 0) return [];
  const samplesOf = cachedSamples(scope, lexemes);
  const missing = lexemes.filter((l) => !samplesOf.has(l));
  if (missing.length > 0) {
    const now = Date.now();
    const base = scopeKey('event', scope);
    const drawn = await database.rows<{ lexeme: string; ids: string[] | null }>(drawSamplesQuery(scope, missing));
    for (const { lexeme, ids } of drawn) {
      samplesOf.set(lexeme, ids ?? []);
      remember(`${base}|${lexeme}`, ids ?? [], now);
    }
  }
  const ordered = new Map(lexemes.map((l) => [l, samplesOf.get(l) ?? []]));
  const ids = sharedIds(ordered, limit);
  const have = new Map(known.map((row) => [row.id, row]));
  const read = await fetchByIds(
    database,
    'event',
    scope,
    ids.filter((id) => !have.has(id)),
  );
  for (const row of read) have.set(row.id, row);
  return ids.flatMap((id) => have.get(id) ?? []);
}

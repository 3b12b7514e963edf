/**
 * Lexical candidates of one source, with a cost bounded by the answer rather than by the scope's size
 * (issue 29). A word found in a large share of a big scope has a posting list as long as that share:
 * counting it or fetching "any 300" of its matches through the GIN index walks the whole list (and,
 * when the planner misjudges it, the whole scope), so recall time grew with the tenant's history.
 *
 * Small scopes (fewer than LARGE_SCOPE documents) and memories and artifacts (compiled, far fewer)
 * keep the exact path: every lexeme's document frequency counted (up to DF_CAP) and the rarest
 * lexemes' matches fetched through the index. A large scope of events is read in bounded parts:
 * - document frequencies: from pg_stats for the lexemes it lists as common, else counted up to DF_CAP
 *   through an index scan bounded by gin_fuzzy_search_limit (a long posting list yields a random
 *   subset, enough to reach the cap, instead of a bitmap of every row holding the word);
 * - every read by word (counts, rare matches, samples) goes through the full-text index alone, the
 *   scope applied above a fence (candidates.ts fullTextMatches): a planner that misjudges the scope
 *   (statistics taken while the tenant was small) cannot walk the tenant's history instead;
 * - rare lexemes (below DF_CAP): all their matches, through the index, wherever they are in the
 *   history; their posting lists are short by definition. As on small scopes, common words then only
 *   rank what the rare ones found. A word in no event stops here;
 * - a query of common words only: the newest RECENT_WINDOW events of the scope (through the scope or session index
 *   in id order), one pass that returns the newest matches and counts each lexeme there;
 * - common lexemes the window barely holds (a topic of older history): a random sample of their
 *   matches, through an index scan bounded by gin_fuzzy_search_limit, drawn once per scope and
 *   lexeme and kept a few minutes (older-samples.ts).
 */
import type { Database } from '../db/client.js';
import { type CandidateRow, fetchCandidates, sampleRecent } from './candidates.js';
import { cachedSamples, sampleOlder, sharedIds } from './older-samples.js';
import type { RetrievalScope, Source } from './scope.js';
import { COUNT_CAP, DF_CAP, documentFrequencies } from './term-stats.js';

/**
 * Newest events of a large scope read for common words, and the newest matches taken from them. A
 * query of common words only ranks recent history (compiled memories and artifacts are searched in
 * full beside it); these two bound its cost: 2,000 and 300 cost twice the time of 1,000 and 150 on
 * PostgreSQL (bench:large-tenant, BENCHMARKS.md).
 */
export const RECENT_WINDOW = 1_000;
export const RECENT_CANDIDATES = 150;
/** Candidates taken at most for the common words of older history. */
const OLDER_LIMIT = 100;
/** A common lexeme seen fewer times than this in the recent window is a word of older history. */
const RECENT_COMMON_MIN = 10;
/** Event scopes of at least this many documents take common words from their recent window only. */
export const LARGE_SCOPE = COUNT_CAP;

/** Lexemes in order of rarity, taken while their matches fit in the candidate limit (so rare terms are complete). */
export function candidateLexemes(df: Map<string, number>, limit: number, rareOnly = false): string[] {
  const present = [...df.entries()].filter(([, n]) => n > 0 && (!rareOnly || n < DF_CAP)).sort((a, b) => a[1] - b[1]);
  const out: string[] = [];
  let sum = 0;
  for (const [lexeme, n] of present) {
    if (out.length > 0 && (sum + n > limit || n >= DF_CAP)) break;
    out.push(lexeme);
    sum += n;
  }
  return out;
}

/** Whether a scope of `total` documents of `source` is read through its recent window. */
export function readsRecentWindow(source: Source, scope: RetrievalScope, total: number): boolean {
  // As of a past time, the newest events may all be later than it: the exact path instead.
  return source === 'event' && total >= LARGE_SCOPE && scope.asOf === undefined;
}

/** Document frequencies of the query's lexemes in the scope and the candidate rows for them. */
export async function lexicalCandidates(
  database: Database,
  source: Source,
  scope: RetrievalScope,
  total: number,
  lexemes: string[],
  limit: number,
): Promise<{ df: Map<string, number>; rows: CandidateRow[] }> {
  if (!readsRecentWindow(source, scope, total) || lexemes.length === 0) {
    const df = await documentFrequencies(database, source, scope, total, lexemes);
    return { df, rows: await fetchCandidates(database, source, scope, candidateLexemes(df, limit), limit) };
  }
  const df = await documentFrequencies(database, source, scope, total, lexemes, true);
  // As on small scopes, very common words only rank what rarer words found: rare lexemes complete,
  // through the index (a word in no event stops here, with nothing to read).
  const rareLexemes = candidateLexemes(df, limit, true);
  if (rareLexemes.length > 0) {
    return { df, rows: await fetchCandidates(database, source, scope, rareLexemes, limit, { fenced: true }) };
  }
  // Only common words: their newest matches, from the recent window.
  const common = lexemes.filter((l) => (df.get(l) ?? 0) >= DF_CAP);
  if (common.length === 0) return { df, rows: [] };
  // Common words the window barely holds (common in older history): a bounded random sample of their
  // matches through the index, so a question about them still finds some. Lexemes found so before have
  // their sample remembered (older-samples.ts): its rows are read with the window, in one statement.
  const remembered = cachedSamples(scope, common);
  const olderLimit = Math.min(limit, OLDER_LIMIT);
  const recent = await sampleRecent(
    database,
    scope,
    common,
    RECENT_WINDOW,
    Math.min(limit, RECENT_CANDIDATES),
    sharedIds(remembered, olderLimit),
  );
  const older = common.filter((l) => (recent.counts.get(l) ?? 0) < RECENT_COMMON_MIN);
  let sampled: CandidateRow[];
  if (older.every((l) => remembered.has(l))) {
    // Only the samples of lexemes still of older history (one may have come back into the window).
    const wanted = new Set(sharedIds(new Map(older.map((l) => [l, remembered.get(l) ?? []])), olderLimit));
    sampled = recent.also.filter((row) => wanted.has(row.id));
  } else sampled = await sampleOlder(database, scope, older, olderLimit, recent.also);
  return { df, rows: [...recent.rows, ...sampled] };
}

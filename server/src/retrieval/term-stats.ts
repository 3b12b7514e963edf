/**
 * Corpus statistics for BM25: documents in the scope and the document frequency of each query
 * lexeme. Counting a common lexeme means walking a long posting list and checking each row's scope,
 * the most expensive part of a query; PostgreSQL already keeps the frequencies of the most common
 * lexemes of each tsvector column (pg_stats.most_common_elems, refreshed by ANALYZE/autovacuum), so
 * those are estimated from there (table share x documents in the scope) and only the rarer lexemes,
 * whose posting lists are short, are counted. Small scopes are always counted exactly: the planner
 * reads them through the scope index, cheaply, and a table-wide share would misjudge a small tenant.
 * Without statistics (a fresh table, PGlite before its first ANALYZE) every lexeme is counted, capped
 * at DF_CAP; on large scopes one probe per lexeme through the full-text index alone, bounded by
 * gin_fuzzy_search_limit, whatever the planner thinks of the scope (documentFrequencyQuery, issue 29).
 *
 * The number of documents in a scope is counted up to COUNT_CAP only: an exact count(*) walks every
 * row of the scope (2.3 s at a million events of one tenant on a loaded machine: issue 29). Above the
 * cap the exact figure is counted in the background and served from a cache until the next refresh;
 * it only weighs IDF, and a tenant's size drifts slowly.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { fullTextMatches, sourceTable, withGinLimit } from './candidates.js';
import { quoteLexeme } from './query-terms.js';
import { type RetrievalScope, type Source, SOURCE_TABLE, scopeConditions, scopeKey, tsvectorOf } from './scope.js';

/** A term found in more documents than this is "common": its df is reported as the cap. */
export const DF_CAP = 500;

/** Brief caches: corpus statistics drift slowly, and a stale IDF only nudges a score. */
const TOTAL_TTL_MS = 5_000;
/** Scopes above COUNT_CAP: their exact size is refreshed in the background at most this often. */
const LARGE_TOTAL_TTL_MS = 300_000;
const DF_TTL_MS = 5_000;
const COMMON_TTL_MS = 60_000;
/** Scopes with fewer documents are counted exactly. */
const STATS_MIN_DOCUMENTS = 5_000;
/** Documents counted at most while a request waits (an index range of this many entries: a few ms). */
export const COUNT_CAP = 10_000;
/** Index entries a lexeme's count reads at most on a large scope (10 x DF_CAP: exact below it). */
const GIN_COUNT_LIMIT = 5_000;

const totals = new Map<string, { value: number; at: number; ttl: number }>();
const dfCache = new Map<string, { value: number; at: number }>();
const commonCache = new Map<string, { value: Map<string, number>; at: number }>();
/** Exact counts of large scopes running in the background, by scope key (one at a time per scope). */
const recounting = new Map<string, Promise<void>>();
/** Background recounts at once, all scopes together: each walks a large scope. */
const MAX_RECOUNTS = 2;

/** `select count(*)` of the scope, stopping at `cap` documents when given. */
export function countQuery(source: Source, scope: RetrievalScope, cap?: number): SQL {
  if (cap === undefined)
    return sql`select count(*) as n from ${sourceTable(source)} where ${scopeConditions(source, scope)}`;
  return sql`select count(*) as n from (
    select 1 from ${sourceTable(source)} where ${scopeConditions(source, scope)} limit ${cap}) s`;
}

function remember(key: string, value: number, ttl: number): void {
  if (totals.size > 10_000) totals.clear();
  totals.set(key, { value, at: Date.now(), ttl });
}

/** Counts a large scope exactly, off the request path; the cached (capped or stale) size serves meanwhile. */
function recountLater(database: Database, source: Source, scope: RetrievalScope, key: string): void {
  if (recounting.has(key) || recounting.size >= MAX_RECOUNTS) return;
  const run = database
    .rows<{ n: number | string }>(countQuery(source, scope))
    .then(([row]) => {
      const n = Number(row?.n ?? 0);
      remember(key, n, n >= COUNT_CAP ? LARGE_TOTAL_TTL_MS : TOTAL_TTL_MS);
    })
    // The database closing or busy: the capped figure stays, and the next request tries again.
    .catch(() => {})
    .finally(() => recounting.delete(key));
  recounting.set(key, run);
}

/**
 * Number of documents of a source in the scope (it only weighs IDF): exact below COUNT_CAP (cached
 * briefly); above it, the last exact count, refreshed in the background, or the cap until there is one.
 */
export async function countDocuments(database: Database, source: Source, scope: RetrievalScope): Promise<number> {
  const key = scopeKey(source, scope);
  const hit = totals.get(key);
  const now = Date.now();
  if (hit && now - hit.at < hit.ttl) return hit.value;
  if (hit && hit.value >= COUNT_CAP) {
    recountLater(database, source, scope, key);
    return hit.value;
  }
  const [row] = await database.rows<{ n: number | string }>(countQuery(source, scope, COUNT_CAP));
  const value = Number(row?.n ?? 0);
  if (value < COUNT_CAP) {
    remember(key, value, TOTAL_TTL_MS);
    return value;
  }
  // A large scope: the cap stands in (briefly: ttl 0 asks again) until the exact count lands.
  remember(key, value, 0);
  recountLater(database, source, scope, key);
  return value;
}

/** The table-wide share of rows containing each of the column's most common lexemes (empty without statistics). */
async function commonLexemes(database: Database, source: Source): Promise<Map<string, number>> {
  const table = SOURCE_TABLE[source].table;
  const hit = commonCache.get(table);
  if (hit && Date.now() - hit.at < COMMON_TTL_MS) return hit.value;
  const [row] = await database.rows<{ elems: string[] | null; freqs: number[] | null }>(sql`
    select most_common_elems::text::text[] as elems, most_common_elem_freqs as freqs
    from pg_stats
    where schemaname = current_schema() and tablename = ${table} and attname = 'search'
    limit 1`);
  const value = new Map<string, number>();
  const elems = row?.elems ?? [];
  const freqs = row?.freqs ?? [];
  // most_common_elem_freqs has three extra trailing values (min, max, null share): index by element.
  for (const [i, lexeme] of elems.entries()) {
    const f = Number(freqs[i]);
    if (Number.isFinite(f) && f > 0) value.set(lexeme, f);
  }
  commonCache.set(table, { value, at: Date.now() });
  return value;
}

/**
 * The statement counting, for each lexeme, its documents in the scope up to DF_CAP (rows `i`, `df`,
 * `i` the lexeme's index in `lexemes`).
 *
 * Small scopes: one correlated count per lexeme over a VALUES list; whatever plan the planner picks
 * (the scope index or the full-text index), it reads at most the scope, which is small.
 *
 * Large scopes (`bounded`): one probe per lexeme, its lexeme a constant of the statement, that reads the
 * table through the full-text index alone, with the scope's conditions applied above a MATERIALIZED
 * CTE (a fence: they cannot be pushed into it, so the scope's btree index is no access path for the
 * probe, and a CTE is planned for all its rows, so the LIMIT above it cannot make a sequential scan
 * that stops early look cheap). A probe then costs its lexeme's posting list, bounded by
 * gin_fuzzy_search_limit (GIN_COUNT_LIMIT entries) and read lazily up to DF_CAP matches, never the
 * tenant's history: a word in no event is one index probe. Before (issue 29's history soak), the VALUES
 * form let the planner, not knowing the word, walk the tenant's scope index filtering every row for a
 * LIMIT it expected to reach soon: 0.3-1 s for each word in no event.
 */
export function documentFrequencyQuery(
  source: Source,
  scope: RetrievalScope,
  lexemes: string[],
  bounded: boolean,
): SQL {
  if (!bounded) {
    const values = sql.join(
      lexemes.map((l, i) => sql`(${i}, ${quoteLexeme(l)})`),
      sql`, `,
    );
    return sql`
      select l.i, (
        select count(*) from (
          select 1 from ${sourceTable(source)}
          where ${scopeConditions(source, scope)} and ${tsvectorOf(source)} @@ l.q::tsquery
          limit ${DF_CAP}
        ) s
      ) as df
      from (values ${values}) as l(i, q)`;
  }
  return withGinLimit(GIN_COUNT_LIMIT, (guard) => {
    const ctes = sql.join(
      lexemes.map((l, i) => sql`${sql.raw(`t${i}`)} as materialized (${fullTextMatches(source, quoteLexeme(l))})`),
      sql`, `,
    );
    const probes = sql.join(
      lexemes.map(
        (_, i) => sql`select ${i}::int as i, (
          select count(*) from (
            select 1 from ${sql.raw(`t${i}`)} d where ${scopeConditions(source, scope)} and ${guard} limit ${DF_CAP}
          ) s
        ) as df`,
      ),
      sql` union all `,
    );
    return sql`with ${ctes} ${probes}`;
  });
}

/**
 * Document frequency of each lexeme in the scope: estimated for common lexemes (from pg_stats), counted
 * (up to DF_CAP) for the rest; `bounded` (large scopes) bounds each count's index scan (withGinLimit).
 */
export async function documentFrequencies(
  database: Database,
  source: Source,
  scope: RetrievalScope,
  total: number,
  lexemes: string[],
  bounded = false,
): Promise<Map<string, number>> {
  const df = new Map<string, number>();
  const base = scopeKey(source, scope);
  const now = Date.now();
  const common = total >= STATS_MIN_DOCUMENTS ? await commonLexemes(database, source) : new Map<string, number>();
  const missing: string[] = [];
  for (const l of lexemes) {
    const share = common.get(l);
    if (share !== undefined) {
      df.set(l, Math.max(1, Math.min(total, Math.round(share * total))));
      continue;
    }
    const hit = dfCache.get(`${base}|${l}`);
    if (hit && now - hit.at < DF_TTL_MS) df.set(l, hit.value);
    else missing.push(l);
  }
  if (missing.length === 0) return df;
  const rows = await database.rows<{ i: number; df: number | string }>(
    documentFrequencyQuery(source, scope, missing, bounded),
  );
  if (dfCache.size > 50_000) dfCache.clear();
  for (const r of rows) {
    const lexeme = missing[Number(r.i)] as string;
    df.set(lexeme, Number(r.df));
    dfCache.set(`${base}|${lexeme}`, { value: Number(r.df), at: now });
  }
  return df;
}

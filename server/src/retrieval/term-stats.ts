/**
 * Corpus statistics for BM25: documents in the scope and the document frequency of each query
 * lexeme. Counting a common lexeme means walking a long posting list and checking each row's scope,
 * the most expensive part of a query; PostgreSQL already keeps the frequencies of the most common
 * lexemes of each tsvector column (pg_stats.most_common_elems, refreshed by ANALYZE/autovacuum), so
 * those are estimated from there (table share x documents in the scope) and only the rarer lexemes,
 * whose posting lists are short, are counted. Small scopes are always counted exactly: the planner
 * reads them through the scope index, cheaply, and a table-wide share would misjudge a small tenant.
 * Without statistics (a fresh table, PGlite before its first ANALYZE) every lexeme is counted, capped
 * at DF_CAP.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { sourceTable } from './candidates.js';
import { quoteLexeme } from './query-terms.js';
import { type RetrievalScope, type Source, SOURCE_TABLE, scopeConditions, scopeKey, tsvectorOf } from './scope.js';

/** A term found in more documents than this is "common": its df is reported as the cap. */
export const DF_CAP = 500;

/** Brief caches: corpus statistics drift slowly, and a stale IDF only nudges a score. */
const TOTAL_TTL_MS = 5_000;
const DF_TTL_MS = 5_000;
const COMMON_TTL_MS = 60_000;
/** Scopes with fewer documents are counted exactly. */
const STATS_MIN_DOCUMENTS = 5_000;

const totals = new Map<string, { value: number; at: number }>();
const dfCache = new Map<string, { value: number; at: number }>();
const commonCache = new Map<string, { value: Map<string, number>; at: number }>();

/** Number of documents of a source in the scope; cached briefly (it only weighs IDF). */
export async function countDocuments(database: Database, source: Source, scope: RetrievalScope): Promise<number> {
  const key = scopeKey(source, scope);
  const hit = totals.get(key);
  if (hit && Date.now() - hit.at < TOTAL_TTL_MS) return hit.value;
  const [row] = await database.rows<{ n: number | string }>(
    sql`select count(*) as n from ${sourceTable(source)} where ${scopeConditions(source, scope)}`,
  );
  const value = Number(row?.n ?? 0);
  if (totals.size > 10_000) totals.clear();
  totals.set(key, { value, at: Date.now() });
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

/** Document frequency of each lexeme in the scope: estimated for common lexemes, counted (up to DF_CAP) for the rest. */
export async function documentFrequencies(
  database: Database,
  source: Source,
  scope: RetrievalScope,
  total: number,
  lexemes: string[],
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
  const values = sql.join(
    missing.map((l, i) => sql`(${i}, ${quoteLexeme(l)})`),
    sql`, `,
  );
  const rows = await database.rows<{ i: number; df: number | string }>(sql`
    select l.i, (
      select count(*) from (
        select 1 from ${sourceTable(source)}
        where ${scopeConditions(source, scope)} and ${tsvectorOf(source)} @@ l.q::tsquery
        limit ${DF_CAP}
      ) s
    ) as df
    from (values ${values}) as l(i, q)`);
  if (dfCache.size > 50_000) dfCache.clear();
  for (const r of rows) {
    const lexeme = missing[Number(r.i)] as string;
    df.set(lexeme, Number(r.df));
    dfCache.set(`${base}|${lexeme}`, { value: Number(r.df), at: now });
  }
  return df;
}

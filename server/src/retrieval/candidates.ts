/**
 * The SQL side of retrieval: document frequencies of the query's lexemes in the scope (capped, so a
 * very common term costs a bounded scan) and the candidate rows matching any informative lexeme,
 * fetched through the GIN full-text indexes, with their tsvector for BM25 and their neighbours' ids.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { quoteLexeme } from './query-terms.js';
import { type RetrievalScope, type Source, scopeConditions, scopeKey, SOURCE_TABLE, tsvectorOf } from './scope.js';

/** A term found in more documents than this is "common": its df is reported as the cap. */
export const DF_CAP = 500;

export interface TermStats {
  /** Documents in the scope (cached for a few seconds per scope). */
  total: number;
  df: Map<string, number>;
}

export interface CandidateRow {
  id: string;
  text: string;
  tsv: string;
  occurred_at: string | Date | null;
  session_id: string | null;
  kind: string;
  confidence: number;
  valid_from: string | Date | null;
  valid_to: string | Date | null;
  speaker: string | null;
  source_ids: string[] | null;
  evidence_count: number | null;
  mentions: number | null;
  updated_at: string | Date | null;
}

const totals = new Map<string, { value: number; at: number }>();
const TOTAL_TTL_MS = 5_000;
/** Document frequencies per scope and lexeme, kept briefly: corpus statistics drift slowly. */
const dfCache = new Map<string, { value: number; at: number }>();
const DF_TTL_MS = 5_000;

function table(source: Source): SQL {
  return sql.raw(`${SOURCE_TABLE[source].table} d`);
}

/** Number of documents of a source in the scope; cached briefly (it only weighs IDF). */
export async function countDocuments(database: Database, source: Source, scope: RetrievalScope): Promise<number> {
  const key = scopeKey(source, scope);
  const hit = totals.get(key);
  if (hit && Date.now() - hit.at < TOTAL_TTL_MS) return hit.value;
  const [row] = await database.rows<{ n: number | string }>(
    sql`select count(*) as n from ${table(source)} where ${scopeConditions(source, scope)}`,
  );
  const value = Number(row?.n ?? 0);
  if (totals.size > 10_000) totals.clear();
  totals.set(key, { value, at: Date.now() });
  return value;
}

/** Document frequency of each lexeme in the scope, counted through the GIN index up to DF_CAP. */
export async function documentFrequencies(
  database: Database,
  source: Source,
  scope: RetrievalScope,
  lexemes: string[],
): Promise<Map<string, number>> {
  const df = new Map<string, number>();
  const base = scopeKey(source, scope);
  const now = Date.now();
  const missing: string[] = [];
  for (const l of lexemes) {
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
        select 1 from ${table(source)}
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

function selectColumns(source: Source): SQL {
  const tsv = tsvectorOf(source);
  if (source === 'event')
    return sql`d.id, d.text, ${tsv}::text as tsv, d.occurred_at, d.session_id, d.type as kind,
      1.0::real as confidence, d.occurred_at as valid_from, null::timestamptz as valid_to,
      coalesce(d.metadata->>'speaker', d.metadata->>'speakerName', d.metadata->>'author', d.metadata->>'name') as speaker,
      null::text[] as source_ids, null::int as evidence_count, null::int as mentions, d.created_at as updated_at`;
  if (source === 'memory')
    return sql`d.id, d.content as text, ${tsv}::text as tsv, coalesce(d.occurred_at, d.valid_from) as occurred_at,
      d.session_id, d.kind, d.confidence, d.valid_from, d.valid_to, d.subject_id as speaker,
      d.source_event_ids as source_ids, d.mentions as evidence_count, d.mentions, d.updated_at`;
  return sql`d.id, d.markdown as text, ${tsv}::text as tsv, d.updated_at as occurred_at, d.session_id,
    d.type as kind, d.confidence, d.created_at as valid_from, null::timestamptz as valid_to, d.subject_id as speaker,
    d.source_events as source_ids, d.evidence_count, null::int as mentions, d.updated_at`;
}

/** Rows of the scope matching any of the lexemes (an OR tsquery), at most `limit`. */
export async function fetchCandidates(
  database: Database,
  source: Source,
  scope: RetrievalScope,
  lexemes: string[],
  limit: number,
): Promise<CandidateRow[]> {
  if (lexemes.length === 0) return [];
  const query = lexemes.map(quoteLexeme).join(' | ');
  return database.rows<CandidateRow>(sql`
    select ${selectColumns(source)}
    from ${table(source)}
    where ${scopeConditions(source, scope)} and ${tsvectorOf(source)} @@ ${query}::tsquery
    limit ${limit}`);
}

/** Rows of the scope by id (for neighbours and trigram hits), same columns as candidates. */
export async function fetchByIds(
  database: Database,
  source: Source,
  scope: RetrievalScope,
  ids: string[],
): Promise<CandidateRow[]> {
  if (ids.length === 0) return [];
  return database.rows<CandidateRow>(sql`
    select ${selectColumns(source)}
    from ${table(source)}
    where ${scopeConditions(source, scope)} and d.id in (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})`);
}

/** Rows whose text is trigram-similar to a word (names and rare words the stemmer misses). */
export async function fetchTrigramMatches(
  database: Database,
  source: Source,
  scope: RetrievalScope,
  word: string,
  limit: number,
): Promise<CandidateRow[]> {
  const column = sql.raw(`d.${SOURCE_TABLE[source].text}`);
  return database.rows<CandidateRow>(sql`
    select ${selectColumns(source)}
    from ${table(source)}
    where ${scopeConditions(source, scope)} and ${word} <% ${column}
    order by word_similarity(${word}, ${column}) desc
    limit ${limit}`);
}

/** The turns just before and after each anchor event in its session (conversation context), by id order. */
export async function fetchNeighbours(
  database: Database,
  scope: RetrievalScope,
  anchors: Array<{ id: string; sessionId: string }>,
): Promise<Array<CandidateRow & { anchor: string }>> {
  if (anchors.length === 0) return [];
  const values = sql.join(
    anchors.map((a) => sql`(${a.id}, ${a.sessionId})`),
    sql`, `,
  );
  const where = scopeConditions('event', scope);
  return database.rows<CandidateRow & { anchor: string }>(sql`
    select x.anchor, n.* from (values ${values}) as x(anchor, session)
    cross join lateral (
      (select ${selectColumns('event')} from events d
        where ${where} and d.session_id = x.session and d.id < x.anchor order by d.id desc limit 1)
      union all
      (select ${selectColumns('event')} from events d
        where ${where} and d.session_id = x.session and d.id > x.anchor order by d.id asc limit 1)
    ) n`);
}

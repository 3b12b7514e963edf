/**
 * The SQL side of retrieval: the candidate rows matching any informative lexeme, fetched through the
 * GIN full-text indexes with their tsvector for BM25, trigram look-ups and conversation neighbours.
 * Term statistics (document counts and frequencies) live in term-stats.ts.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { quoteLexeme } from './query-terms.js';
import { type RetrievalScope, type Source, scopeConditions, SOURCE_TABLE, tsvectorOf } from './scope.js';

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

/** A source's table, aliased `d` (the alias scopeConditions expects). */
export function sourceTable(source: Source): SQL {
  return sql.raw(`${SOURCE_TABLE[source].table} d`);
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
    from ${sourceTable(source)}
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
    from ${sourceTable(source)}
    where ${scopeConditions(source, scope)} and d.id in (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})`);
}

/**
 * Rows whose text is trigram-similar to each word (names and rare words the stemmer misses): the
 * best `limit` per word, with the word and its similarity, in one round trip for all the words.
 */
export async function fetchTrigramMatches(
  database: Database,
  source: Source,
  scope: RetrievalScope,
  words: string[],
  limit: number,
): Promise<Array<CandidateRow & { word: string; similarity: number }>> {
  if (words.length === 0) return [];
  const column = sql.raw(`d.${SOURCE_TABLE[source].text}`);
  const values = sql.join(
    words.map((w) => sql`(${w})`),
    sql`, `,
  );
  return database.rows<CandidateRow & { word: string; similarity: number }>(sql`
    select w.word, m.* from (values ${values}) as w(word)
    cross join lateral (
      select ${selectColumns(source)}, word_similarity(w.word, ${column}) as similarity
      from ${sourceTable(source)}
      where ${scopeConditions(source, scope)} and w.word <% ${column}
      order by similarity desc
      limit ${limit}
    ) m`);
}

/** The turns just before and after each anchor event in its session (conversation context), by id order. */
export async function fetchNeighbours(
  database: Database,
  scope: RetrievalScope,
  anchors: Array<{ id: string; sessionId: string }>,
): Promise<Array<CandidateRow & { anchor: string; after: boolean }>> {
  if (anchors.length === 0) return [];
  const values = sql.join(
    anchors.map((a) => sql`(${a.id}, ${a.sessionId})`),
    sql`, `,
  );
  const where = scopeConditions('event', scope);
  return database.rows<CandidateRow & { anchor: string; after: boolean }>(sql`
    select x.anchor, n.* from (values ${values}) as x(anchor, session)
    cross join lateral (
      (select false as after, ${selectColumns('event')} from events d
        where ${where} and d.session_id = x.session and d.id < x.anchor order by d.id desc limit 1)
      union all
      (select true as after, ${selectColumns('event')} from events d
        where ${where} and d.session_id = x.session and d.id > x.anchor order by d.id asc limit 1)
    ) n`);
}

/**
 * The turns entity memories were compiled from, for the entities of the given dedupe keys that are
 * not hubs (at most `maxSources` source events: a speaker's name links everything), at most `limit`.
 * One statement through the memories' dedupe-key index and the events' primary key.
 */
export async function fetchEntityTurns(
  database: Database,
  scope: RetrievalScope,
  keys: string[],
  maxSources: number,
  limit: number,
): Promise<Array<CandidateRow & { entity: string }>> {
  if (keys.length === 0) return [];
  // The entities first, then each source turn by its id. A plain join (or a lateral the planner
  // flattens; `offset 0` keeps it) let the planner walk the scope's events and probe the memories
  // once per event: 230 ms on 600 turns.
  return database.rows<CandidateRow & { entity: string }>(sql`
    select x.entity, e.*
    from (
      select d.dedupe_key as entity, unnest(d.source_event_ids) as event_id
      from memories d
      where ${scopeConditions('memory', scope)} and d.kind = 'entity'
        and d.dedupe_key = any(${sql.param(keys)}::text[])
        and cardinality(d.source_event_ids) <= ${maxSources}
    ) x
    cross join lateral (
      select ${selectColumns('event')} from events d
      where d.id = x.event_id and ${scopeConditions('event', scope)}
      offset 0
    ) e
    limit ${limit}`);
}

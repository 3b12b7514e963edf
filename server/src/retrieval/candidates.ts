/**
 * The SQL side of retrieval: the candidate rows matching any informative lexeme, fetched through the
 * GIN full-text indexes with their tsvector for BM25, trigram look-ups and conversation neighbours.
 * Term statistics (document counts and frequencies) live in term-stats.ts.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { orQuery, quoteLexeme } from './query-terms.js';
import { type RetrievalScope, SCOPE_COLUMNS, type Source, scopeConditions, SOURCE_TABLE, tsvectorOf } from './scope.js';

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
  /** Events only: whether learn has compiled it (an event it has not has no lineage yet). */
  compiled?: boolean;
  /** Events only: the subject the event was captured for (its user's turns are that subject's words). */
  subject?: string | null;
}

/** A source's table, aliased `d` (the alias scopeConditions expects). */
export function sourceTable(source: Source): SQL {
  return sql.raw(`${SOURCE_TABLE[source].table} d`);
}

/** An ISO time as Date.toISOString writes it (a PostgreSQL regular expression). */
const ISO_TIME = String.raw`^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$`;

/** The columns of a candidate row (CandidateRow), selected from `d`, the source's table. */
export function selectColumns(source: Source): SQL {
  const tsv = tsvectorOf(source);
  if (source === 'event')
    return sql`d.id, d.text, ${tsv}::text as tsv, d.occurred_at, d.session_id, d.type as kind,
      1.0::real as confidence, d.occurred_at as valid_from, null::timestamptz as valid_to,
      coalesce(d.metadata->>'speaker', d.metadata->>'speakerName', d.metadata->>'author', d.metadata->>'name') as speaker,
      null::text[] as source_ids, null::int as evidence_count, null::int as mentions, d.created_at as updated_at,
      d.compiled_at is not null as compiled, d.subject_id as subject`;
  if (source === 'memory')
    return sql`d.id, d.content as text, ${tsv}::text as tsv, coalesce(d.occurred_at, d.valid_from) as occurred_at,
      d.session_id, d.kind, d.confidence, d.valid_from, d.valid_to, d.subject_id as speaker,
      d.source_event_ids as source_ids, d.mentions as evidence_count, d.mentions, d.updated_at`;
  // An artifact is dated by the latest event or fact it holds (content.asOf, written by learn), not by
  // when it was compiled; artifacts compiled before asOf existed keep their update time (and a value
  // that is no ISO time, which learn never writes, could not fail every synthesize of the scope).
  return sql`d.id, d.markdown as text, ${tsv}::text as tsv,
    coalesce(case when d.content->>'asOf' ~ ${ISO_TIME} then (d.content->>'asOf')::timestamptz end,
      d.updated_at) as occurred_at, d.session_id,
    d.type as kind, d.confidence, d.created_at as valid_from, null::timestamptz as valid_to, d.subject_id as speaker,
    d.source_events as source_ids, d.evidence_count, null::int as mentions, d.updated_at`;
}

/**
 * A statement whose GIN index scans return at most about `limit` entries per scanned lexeme, a random
 * subset when its posting list is longer (PostgreSQL's gin_fuzzy_search_limit): the bitmap and the
 * heap pages visited then stay bounded however many rows hold a common word (without it, "any 300 rows
 * holding 'error'" built a lossy bitmap of 135,000 rows and rechecked 6,000 pages: 2.2 s). For counts
 * that only need to reach a cap and samples of common words, never for rare ones.
 *
 * The setting is made by set_config(..., is_local) in the statement itself (its own transaction: no
 * BEGIN, SET and COMMIT round trips), in a one-row subquery the body depends on laterally through
 * `guard`, which the body must put in its WHERE: so the setting is made before any of its scans starts.
 */
export function withGinLimit(limit: number, body: (guard: SQL) => SQL): SQL {
  const value = String(Math.max(1, Math.floor(limit)));
  return sql`select b.* from (select set_config('gin_fuzzy_search_limit', ${value}, true) as gin_limit) cfg
    cross join lateral (${body(sql`cfg.gin_limit is not null`)}) b`;
}

/**
 * The rows of a source's whole table matching `tsquery` (its id and the columns scopeConditions reads),
 * for a MATERIALIZED CTE that is the full-text index's fence: with the scope applied above it, no plan
 * can read the matches by walking the scope's btree index (the planner's choice when it misjudges a
 * scope or the words: issue 29's history soak), and a CTE is planned for all its rows, so no LIMIT
 * above it makes a sequential scan that stops early look cheap. Its cost is the words' posting lists
 * (bounded by withGinLimit where they may be long), not the scope's size.
 */
export function fullTextMatches(source: Source, tsquery: string): SQL {
  const columns = sql.raw(['id', ...SCOPE_COLUMNS[source]].map((c) => `d.${c}`).join(', '));
  return sql`select ${columns} from ${sourceTable(source)} where ${tsvectorOf(source)} @@ ${tsquery}::tsquery`;
}

/**
 * Rows of the scope matching any of the lexemes (an OR tsquery), at most `limit`. `fenced` (large
 * scopes): the matches are read through the full-text index alone (fullTextMatches), then the rows by
 * primary key.
 */
export function candidatesQuery(
  source: Source,
  scope: RetrievalScope,
  lexemes: string[],
  limit: number,
  guard: SQL = sql`true`,
  fenced = false,
): SQL {
  if (fenced)
    return sql`
      with m as materialized (${fullTextMatches(source, orQuery(lexemes))})
      select ${selectColumns(source)}
      from ${sourceTable(source)}
      where d.id = any(array(select d.id from m d where ${scopeConditions(source, scope)} and ${guard} limit ${limit}))`;
  return sql`
    select ${selectColumns(source)}
    from ${sourceTable(source)}
    where ${scopeConditions(source, scope)} and ${tsvectorOf(source)} @@ ${orQuery(lexemes)}::tsquery and ${guard}
    limit ${limit}`;
}

/**
 * The rows of `query`, read as one JSON array (json_agg, in the query's order). PGlite copies and
 * decodes each field of a result on its own: candidate rows are wide (14 columns, up to ~300 rows a
 * query), and that took 3 ms of a synthesize at 100,000 memories, with much of its garbage; one
 * field is decoded once and parsed natively. Dates come as ISO strings, which CandidateRow allows.
 */
export async function jsonRows<T>(database: Database, query: SQL): Promise<T[]> {
  const [row] = await database.rows<{ rows: string | null }>(sql`select json_agg(q)::text as rows from (${query}) q`);
  return row?.rows ? (JSON.parse(row.rows) as T[]) : [];
}

/**
 * Rows of the scope matching any of the lexemes; `ginLimit` bounds the index scan (withGinLimit),
 * `fenced` reads through the full-text index alone (candidatesQuery).
 */
export async function fetchCandidates(
  database: Database,
  source: Source,
  scope: RetrievalScope,
  lexemes: string[],
  limit: number,
  options: { ginLimit?: number; fenced?: boolean } = {},
): Promise<CandidateRow[]> {
  if (lexemes.length === 0) return [];
  const { ginLimit, fenced = false } = options;
  return jsonRows<CandidateRow>(
    database,
    ginLimit === undefined
      ? candidatesQuery(source, scope, lexemes, limit, sql`true`, fenced)
      : withGinLimit(ginLimit, (guard) => candidatesQuery(source, scope, lexemes, limit, guard, fenced)),
  );
}

/**
 * The scope's `window` most recent events (id and tsvector), newest first, read through an index in id
 * order (ids are time-ordered ULIDs): at most `window` index entries and rows per namespace, whatever
 * the tenant's size. With a session, through the session index. With no namespace named, the tenant's
 * namespaces are found by a skip scan of the scope index (one probe per namespace) and the newest of
 * each merged (PostgreSQL 15 cannot merge an index's ranges itself). The window is taken before the
 * rest of the scope's conditions (subject, agent, namespaces left out) are applied to its rows, so a
 * condition few events meet cannot make it walk further back: it bounds the work, not the answer.
 */
export function recentEvents(scope: RetrievalScope, window: number): SQL {
  const head = sql`d.tenant_id = ${scope.tenantId} and d.environment = ${scope.environment}`;
  // The namespace or session as a range of one value, ordered by it and then by id: the order only the
  // scope or session index gives (an equality would make the planner drop the column from the order, and
  // then the primary key, walked backwards and filtered, gives it too: with statistics that take the
  // tenant for the whole table, it walked every newer event of the other tenants, issue 29).
  const newest = (column: SQL, value: SQL) => sql`
    select d.id, d.search, (${scopeConditions('event', scope)}) as in_scope
    from events d where ${head} and ${column} >= ${value} and ${column} <= ${value}
    order by ${column} desc, d.id desc limit ${window}`;
  if (scope.sessionId !== undefined)
    return sql`select w.id, w.search from (${newest(sql`d.session_id`, sql`${scope.sessionId}::text`)}) w
      where w.in_scope`;
  const namespaces =
    scope.namespace !== undefined
      ? sql`select ${scope.namespace}::text as n`
      : // Each step the next namespace in the scope index's order (written as order by + limit, not
        // min(): without statistics the planner aggregated min() over a whole other index's range).
        sql`with recursive ns(n) as (
          (select d.namespace from events d where ${head} order by d.namespace limit 1)
          union all
          select (select d.namespace from events d where ${head} and d.namespace > ns.n order by d.namespace limit 1)
          from ns where ns.n is not null
        ) select n from ns where n is not null`;
  return sql`select w.id, w.search from (${namespaces}) ns
    cross join lateral (${newest(sql`d.namespace`, sql`ns.n`)}) w
    where w.in_scope
    order by w.id desc limit ${window}`;
}

/** The recent window's sample: its size, each lexeme's matches in it, and the newest matching events. */
export interface RecentSample {
  size: number;
  counts: Map<string, number>;
  rows: CandidateRow[];
  /** The rows of `alsoIds` (recentSampleQuery) in the scope. */
  also: CandidateRow[];
}

/**
 * One pass over the scope's recent window (recentEvents): how many of its events there are, how many
 * hold each lexeme, and the newest `limit` of them matching any lexeme, with the candidate columns.
 * Reads the window's rows once, newest first, whatever the tenant's size, plus the matches returned
 * (by primary key, from an array of their ids: a join let the planner scan the primary key for them).
 * `alsoIds`: events wanted beside the window's (older history's samples, older-samples.ts), read by
 * primary key under the scope's conditions in the same statement, marked `also`.
 */
export function recentSampleQuery(
  scope: RetrievalScope,
  lexemes: string[],
  window: number,
  limit: number,
  alsoIds: string[] = [],
): SQL {
  const found = sql.join(
    lexemes.map((l) => sql`count(*) filter (where w.search @@ ${quoteLexeme(l)}::tsquery)`),
    sql`, `,
  );
  const also =
    alsoIds.length === 0
      ? sql``
      : sql`union all
      select true as also, ${selectColumns('event')}
      from events d
      where d.id = any(${sql.param(alsoIds)}::text[]) and ${scopeConditions('event', scope)}`;
  return sql`
    with win as materialized (${recentEvents(scope, window)})
    select c.size, c.found, m.* from (
      select count(*) as size, array[${found}] as found from win w
    ) c
    left join lateral (
      (select false as also, ${selectColumns('event')}
      from events d
      where d.id = any(array(
        select w.id from win w where w.search @@ ${orQuery(lexemes)}::tsquery order by w.id desc limit ${limit}
      ))
      order by d.id desc)
      ${also}
    ) m on true`;
}

export async function sampleRecent(
  database: Database,
  scope: RetrievalScope,
  lexemes: string[],
  window: number,
  limit: number,
  alsoIds: string[] = [],
): Promise<RecentSample> {
  if (lexemes.length === 0) return { size: 0, counts: new Map(), rows: [], also: [] };
  const rows = await database.rows<
    CandidateRow & { size: number | string; found: Array<number | string> | null; id: string | null; also: boolean }
  >(recentSampleQuery(scope, lexemes, window, limit, alsoIds));
  const first = rows[0];
  const counts = new Map<string, number>();
  for (const [i, l] of lexemes.entries()) counts.set(l, Number(first?.found?.[i] ?? 0));
  const out: RecentSample = { size: Number(first?.size ?? 0), counts, rows: [], also: [] };
  // A window without a match still answers one row (its counts), with null columns.
  for (const { size: _size, found: _found, also, ...row } of rows)
    if (row.id !== null) (also ? out.also : out.rows).push(row as CandidateRow);
  return out;
}

/**
 * Events of the scope that happened in [from, to), newest first, at most `limit`: what a query that
 * names a time ("what did I do in March?") asks about, whatever its words. Turns of one time (a
 * session dated once) come latest captured first: by id, not by where the rows happen to lie. A
 * small scope is read whole through its index; on a large one (`recentOnly`) only the recent window
 * (recentEvents) is looked at, so the cost stays bounded by the window, not by the history.
 */
export function eventsBetweenQuery(
  scope: RetrievalScope,
  range: { from: Date; to: Date },
  limit: number,
  recentOnly: { window: number } | null,
): SQL {
  // The window has applied the scope's conditions to its rows: by primary key alone, the planner has
  // no index of the scope to walk instead (it did, filtering the whole namespace on PostgreSQL).
  const rows = recentOnly
    ? sql`d.id = any(array(select w.id from (${recentEvents(scope, recentOnly.window)}) w))`
    : scopeConditions('event', scope);
  return sql`
    select ${selectColumns('event')}
    from ${sourceTable('event')}
    where ${rows} and d.occurred_at >= ${range.from.toISOString()} and d.occurred_at < ${range.to.toISOString()}
    order by d.occurred_at desc, d.id desc
    limit ${limit}`;
}

export async function fetchEventsBetween(
  database: Database,
  ...args: Parameters<typeof eventsBetweenQuery>
): Promise<CandidateRow[]> {
  return database.rows<CandidateRow>(eventsBetweenQuery(...args));
}

/** Rows of the scope by id (for neighbours and trigram hits), same columns as candidates, as JSON (jsonRows). */
export async function fetchByIds(
  database: Database,
  source: Source,
  scope: RetrievalScope,
  ids: string[],
): Promise<CandidateRow[]> {
  if (ids.length === 0) return [];
  return jsonRows<CandidateRow>(
    database,
    sql`
    select ${selectColumns(source)}
    from ${sourceTable(source)}
    where ${scopeConditions(source, scope)} and d.id in (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})`,
  );
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
      order by similarity desc, d.id desc
      limit ${limit}
    ) m`);
}

/** A turn next to an anchor event: before it, or after it (`after`). */
export type NeighbourRow = CandidateRow & { anchor: string; after: boolean };

/**
 * The turn just before each anchor event in its session and the two after it (conversation context:
 * the second may answer a question the first asks), by id order.
 * One text whatever the number of anchors (two arrays), so it runs as a prepared statement with its
 * generic plan: every call is the same index probes by key, and planning them cost more than running
 * them (0.2 of 0.25 ms on 20 anchors).
 */
export async function fetchNeighbours(
  database: Database,
  scope: RetrievalScope,
  anchors: Array<{ id: string; sessionId: string }>,
): Promise<NeighbourRow[]> {
  if (anchors.length === 0) return [];
  const where = scopeConditions('event', scope);
  return database.preparedRows<NeighbourRow>(sql`
    select x.anchor, n.* from unnest(${sql.param(anchors.map((a) => a.id))}::text[],
      ${sql.param(anchors.map((a) => a.sessionId))}::text[]) as x(anchor, session)
    cross join lateral (
      (select false as after, ${selectColumns('event')} from events d
        where ${where} and d.session_id = x.session and d.id < x.anchor order by d.id desc limit 1)
      union all
      (select true as after, ${selectColumns('event')} from events d
        where ${where} and d.session_id = x.session and d.id > x.anchor order by d.id asc limit 2)
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
  return entitySourceTurns(
    database,
    scope,
    sql`select d.dedupe_key, d.source_event_ids from memories d
      where ${scopeConditions('memory', scope)} and d.kind = 'entity'
        and d.dedupe_key = any(${sql.param(keys)}::text[])
        and cardinality(d.source_event_ids) <= ${maxSources}`,
    limit,
  );
}

/**
 * The turns entity memories of one type were compiled from (`entity:<type>|...`), entities that are
 * not hubs (at most `maxSources` source events), the most mentioned first: at most `entities`
 * entities and `limit` turns. Found through the memories' full-text index by the type's word
 * ("Rome (place)" holds 'place'), then each turn by its id.
 */
export async function fetchEntityTypeTurns(
  database: Database,
  scope: RetrievalScope,
  type: string,
  maxSources: number,
  entities: number,
  limit: number,
): Promise<Array<CandidateRow & { entity: string }>> {
  return entitySourceTurns(
    database,
    scope,
    sql`select d.dedupe_key, d.source_event_ids from memories d
      where ${scopeConditions('memory', scope)} and d.kind = 'entity'
        and d.search @@ plainto_tsquery('english', ${type})
        and d.dedupe_key like ${`entity:${type}|%`}
        and cardinality(d.source_event_ids) <= ${maxSources}
      order by d.mentions desc, d.id
      limit ${entities}`,
    limit,
  );
}

/**
 * The source turns of the entity memories `entities` selects (their dedupe_key and source_event_ids),
 * at most `limit`: the entities first, then each turn by its id. A plain join (or a lateral the
 * planner flattens; `offset 0` keeps it) let the planner walk the scope's events and probe the
 * memories once per event: 230 ms on 600 turns.
 */
function entitySourceTurns(
  database: Database,
  scope: RetrievalScope,
  entities: SQL,
  limit: number,
): Promise<Array<CandidateRow & { entity: string }>> {
  return jsonRows<CandidateRow & { entity: string }>(
    database,
    sql`
    select x.entity, e.*
    from (select d.dedupe_key as entity, unnest(d.source_event_ids) as event_id from (${entities}) d) x
    cross join lateral (
      select ${selectColumns('event')} from events d
      where d.id = x.event_id and ${scopeConditions('event', scope)}
      offset 0
    ) e
    limit ${limit}`,
  );
}

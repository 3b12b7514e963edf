/**
 * The SQL side of embeddings: one table per source (`event_embeddings`, ...), keyed by the item's id
 * and deleted with it (foreign key, on delete cascade), created at start only when embeddings are
 * configured. PostgreSQL stores pgvector `vector`; PGlite, which has no pgvector package for its
 * version (docs/decisions/retrieval.md), stores `real[]` and is searched in JavaScript (exactly up to
 * EXACT_SCAN_MAX items a scope, by a sign-bit shortlist scored exactly beyond).
 */
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { type RetrievalScope, type Source, SOURCE_TABLE, scopeConditions, scopeKey } from '../retrieval/scope.js';

export const EMBEDDING_TABLE: Record<Source, string> = {
  event: 'event_embeddings',
  memory: 'memory_embeddings',
  artifact: 'artifact_embeddings',
};

export const EMBEDDED_SOURCES: Source[] = ['event', 'memory', 'artifact'];

export interface PendingText {
  id: string;
  text: string;
  hash: string;
}

/** A nearest-neighbour search: the `limit` items of a source in the scope nearest to `query`. */
export interface NearestSearch {
  source: Source;
  scope: RetrievalScope;
  model: string;
  /** The query's vector, normalised. */
  query: number[];
  limit: number;
}

export interface VectorHit {
  source: Source;
  id: string;
  similarity: number;
}

/** Creates the extension (PostgreSQL) and the tables; throws a start-up message when pgvector is missing. */
export async function ensureEmbeddingsSchema(database: Database): Promise<void> {
  const pg = database.driver === 'postgres';
  if (pg) {
    const available = await database.rows(sql`select 1 from pg_available_extensions where name = 'vector'`);
    if (available.length === 0) {
      throw new Error(
        'Embeddings are configured (EMBEDDINGS_URL or EMBEDDINGS_PROVIDER) but this PostgreSQL has no pgvector extension ' +
          '("vector"): install it (Debian/Ubuntu: apt-get install postgresql-15-pgvector; no restart needed) or unset them',
      );
    }
  }
  const column = pg ? 'vector' : 'real[]';
  await database.db.transaction(async (tx) => {
    // Replicas starting together: one creates, the others find it done.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('hx:embeddings-schema'))`);
    if (pg) {
      try {
        await tx.execute(sql`create extension if not exists vector`);
      } catch (err) {
        throw new Error(
          `Embeddings are configured but the pgvector extension could not be created (${(err as Error).message}): ` +
            'run `create extension vector` as a superuser once, or unset EMBEDDINGS_URL / EMBEDDINGS_PROVIDER',
        );
      }
    }
    for (const source of EMBEDDED_SOURCES) {
      await tx.execute(
        sql.raw(`create table if not exists ${EMBEDDING_TABLE[source]} (
          id text primary key references ${SOURCE_TABLE[source].table}(id) on delete cascade,
          model text not null,
          text_hash text not null,
          embedding ${column} not null,
          embedded_at timestamptz not null default now())`),
      );
    }
  });
}

/**
 * Items whose text has no embedding by this model yet, or changed since (memories are rewritten by
 * learn, text by redaction): the indexer's backlog, at most `limit`, newest first (ids are
 * time-ordered), so what was just captured is searchable before an old backlog is done.
 */
export async function pendingTexts(
  database: Database,
  source: Source,
  model: string,
  limit: number,
): Promise<PendingText[]> {
  const text = sql.raw(`d.${SOURCE_TABLE[source].text}`);
  return database.rows<PendingText>(sql`
    select d.id, ${text} as text, md5(${text}) as hash
    from ${sql.raw(SOURCE_TABLE[source].table)} d
    left join ${sql.raw(EMBEDDING_TABLE[source])} x on x.id = d.id
    where length(${text}) > 0 and (x.id is null or x.model <> ${model} or x.text_hash <> md5(${text}))
    order by d.id desc
    limit ${limit}`);
}

function vectorLiteral(database: Database, v: number[]): SQL {
  return database.driver === 'postgres' ? sql`${`[${v.join(',')}]`}::vector` : sql`${`{${v.join(',')}}`}::real[]`;
}

/** Upserts the vectors of `rows` (items deleted meanwhile are skipped). */
export async function storeEmbeddings(
  database: Database,
  source: Source,
  model: string,
  rows: PendingText[],
  vectors: number[][],
): Promise<void> {
  if (rows.length === 0) return;
  const values = sql.join(
    rows.map((r, i) => sql`(${r.id}, ${r.hash}, ${vectorLiteral(database, vectors[i] as number[])})`),
    sql`, `,
  );
  const table = sql.raw(EMBEDDING_TABLE[source]);
  await database.rows(sql`
    insert into ${table} (id, model, text_hash, embedding)
    select v.id, ${model}, v.hash, v.embedding from (values ${values}) as v(id, hash, embedding)
    where exists (select 1 from ${sql.raw(SOURCE_TABLE[source].table)} d where d.id = v.id)
    on conflict (id) do update set model = excluded.model, text_hash = excluded.text_hash,
      embedding = excluded.embedding, embedded_at = now()`);
}

/**
 * PGlite's vectors, kept in memory per scope as one Float32Array (a row per item, 2 KB at 512
 * dimensions) beside the items' ids and text hashes: a dot product over `unnest` in SQL cost about
 * 2 ms an item in PGlite's WASM, the same in JavaScript a few nanoseconds. Reading a scope's list of
 * embedded items costs more than searching it (100,000 memories: seconds in PGlite), so a scope's
 * vectors are served for 20 times what reading its list took (SCOPE_TTL_MS at least: 5 s for a few
 * thousand items, about a minute at 100,000), then read again in the background while the old ones
 * still answer (an item embedded meanwhile is found by its words until then; PGlite runs in this
 * thread, so there the read still holds the requests of its moment); only the first search of a
 * scope waits. Unchanged items keep their vectors across a refresh; only new or re-embedded ones are
 * read. At most VECTOR_ROWS_MAX rows in all scopes (the scope read first goes first).
 */
export interface ScopeVectors {
  at: number;
  /** Served this long before the list is read again: 20 times what reading it took, 5 s at least. */
  ttl: number;
  ids: string[];
  hashes: string[];
  matrix: Float32Array;
  dimensions: number;
  /** Each row's sign bits, CODE_WORDS(dimensions) words a row: the shortlist of large scopes. */
  codes: Uint32Array;
  refreshing?: boolean;
}
export interface VectorCache {
  scopes: Map<string, ScopeVectors>;
}
export const createVectorCache = (): VectorCache => ({ scopes: new Map() });
const VECTOR_ROWS_MAX = 200_000;
const SCOPE_TTL_MS = 5_000;
/**
 * Scopes up to this many rows are scanned exactly (about 10 ms in JavaScript at 512 dimensions);
 * larger ones are first narrowed by the Hamming distance of their sign bits to the query's (a
 * 512-dimension row is 16 words: xor and popcount instead of 512 multiply-adds), and only the
 * shortlist is scored exactly, so the similarities returned are exact and only the choice of
 * candidates is approximate (binary quantization with rescoring).
 */
const EXACT_SCAN_MAX = 20_000;
/** The shortlist's length: this many rows, or SHORTLIST_PER_HIT per hit asked for if more. */
const SHORTLIST_MIN = 2_000;
const SHORTLIST_PER_HIT = 40;

const codeWords = (dimensions: number) => Math.ceil(dimensions / 32);

/** Writes the sign bits of `vector` (from `offset`, `dimensions` long) into `codes` at word `at`. */
function writeSignCode(vector: ArrayLike<number>, offset: number, dimensions: number, codes: Uint32Array, at: number) {
  for (let w = 0, d = 0; w < codeWords(dimensions); w++) {
    let word = 0;
    for (let bit = 0; bit < 32 && d < dimensions; bit++, d++) if ((vector[offset + d] as number) > 0) word |= 1 << bit;
    codes[at + w] = word >>> 0;
  }
}

/** Every row's sign code of a matrix (`dimensions` floats a row). */
export function signCodes(matrix: Float32Array, dimensions: number): Uint32Array {
  const rows = matrix.length / dimensions;
  const codes = new Uint32Array(rows * codeWords(dimensions));
  for (let row = 0; row < rows; row++)
    writeSignCode(matrix, row * dimensions, dimensions, codes, row * codeWords(dimensions));
  return codes;
}

function popcount32(x: number): number {
  let v = x - ((x >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (Math.imul((v + (v >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24) as number;
}

async function readScopeVectors(
  database: Database,
  source: Source,
  scope: RetrievalScope,
  model: string,
  dimensions: number,
  previous: ScopeVectors | undefined,
): Promise<ScopeVectors> {
  const table = sql.raw(`${SOURCE_TABLE[source].table} d`);
  const embeddings = sql.raw(`${EMBEDDING_TABLE[source]} x`);
  const started = Date.now();
  const listed = await database.rows<{ id: string; hash: string }>(sql`
    select d.id, x.text_hash as hash
    from ${embeddings} join ${table} on d.id = x.id
    where ${scopeConditions(source, scope)} and x.model = ${model} and cardinality(x.embedding) = ${dimensions}`);
  const rows = listed.slice(0, VECTOR_ROWS_MAX);
  const matrix = new Float32Array(rows.length * dimensions);
  const words = codeWords(dimensions);
  const codes = new Uint32Array(rows.length * words);
  const before = new Map(previous?.ids.map((id, i) => [id, i]));
  const missing: number[] = [];
  for (const [i, r] of rows.entries()) {
    const j = before.get(r.id);
    if (previous && j !== undefined && previous.hashes[j] === r.hash) {
      matrix.set(previous.matrix.subarray(j * dimensions, (j + 1) * dimensions), i * dimensions);
      codes.set(previous.codes.subarray(j * words, (j + 1) * words), i * words);
    } else missing.push(i);
  }
  for (let k = 0; k < missing.length; k += 500) {
    const part = missing.slice(k, k + 500);
    const at = new Map(part.map((i) => [(rows[i] as { id: string }).id, i]));
    const read = await database.rows<{ id: string; embedding: number[] }>(sql`
      select x.id, x.embedding from ${embeddings}
      where x.id in (${sql.join(
        [...at.keys()].map((id) => sql`${id}`),
        sql`, `,
      )}) and x.model = ${model}`);
    for (const r of read) {
      const i = at.get(r.id);
      if (i === undefined || r.embedding.length !== dimensions) continue;
      matrix.set(r.embedding.map(Number), i * dimensions);
      writeSignCode(matrix, i * dimensions, dimensions, codes, i * words);
    }
  }
  const ttl = Math.max(SCOPE_TTL_MS, 20 * (Date.now() - started));
  return {
    at: Date.now(),
    ttl,
    ids: rows.map((r) => r.id),
    hashes: rows.map((r) => r.hash),
    matrix,
    dimensions,
    codes,
  };
}

/** Keeps a scope's vectors, dropping the scopes read first while all of them hold too many rows. */
function keep(cache: VectorCache, key: string, entry: ScopeVectors): void {
  cache.scopes.delete(key);
  cache.scopes.set(key, entry);
  let rows = 0;
  for (const e of cache.scopes.values()) rows += e.ids.length;
  for (const [k, e] of cache.scopes) {
    if (rows <= VECTOR_ROWS_MAX || k === key) break;
    cache.scopes.delete(k);
    rows -= e.ids.length;
  }
}

async function nearestInMemory(database: Database, search: NearestSearch, cache: VectorCache): Promise<VectorHit[]> {
  const { source, scope, model, query, limit } = search;
  const dimensions = query.length;
  const key = `${scopeKey(source, scope)}|${model}|${dimensions}`;
  let entry = cache.scopes.get(key);
  if (!entry) {
    entry = await readScopeVectors(database, source, scope, model, dimensions, undefined);
    keep(cache, key, entry);
  } else if (Date.now() - entry.at > entry.ttl && !entry.refreshing) {
    const stale = entry;
    stale.refreshing = true;
    readScopeVectors(database, source, scope, model, dimensions, stale)
      .then((fresh) => keep(cache, key, fresh))
      .catch(() => {
        stale.refreshing = false; // tried again by a later search
      });
  }
  return nearestRows(entry, Float32Array.from(query), limit).map(([i, similarity]) => ({
    source,
    id: entry.ids[i] as string,
    similarity,
  }));
}

/** The `limit` rows nearest to `q`, best first, as [row, dot product]: exact, or exact over a shortlist in large scopes. */
export function nearestRows(entry: ScopeVectors, q: Float32Array, limit: number): Array<[number, number]> {
  const count = entry.ids.length;
  if (count <= EXACT_SCAN_MAX) return topByDotProduct(entry, q, limit, undefined);
  return topByDotProduct(
    entry,
    q,
    limit,
    shortlistByCode(entry, q, Math.max(SHORTLIST_MIN, limit * SHORTLIST_PER_HIT)),
  );
}

/** The `want` rows whose sign bits differ least from the query's (ties at the cut broken by row order). */
function shortlistByCode(entry: ScopeVectors, q: Float32Array, want: number): Int32Array {
  const { codes, dimensions } = entry;
  const count = entry.ids.length;
  const words = codeWords(dimensions);
  const query = new Uint32Array(words);
  writeSignCode(q, 0, dimensions, query, 0);
  const distance = new Uint16Array(count);
  const histogram = new Uint32Array(dimensions + 1);
  for (let row = 0, at = 0; row < count; row++) {
    let d = 0;
    for (let w = 0; w < words; w++, at++) d += popcount32(((codes[at] as number) ^ (query[w] as number)) >>> 0);
    distance[row] = d;
    histogram[d] = (histogram[d] as number) + 1;
  }
  // The largest distance `cut` such that the rows at or under it first reach `want`.
  let cut = 0;
  for (let seen = 0; cut <= dimensions; cut++) {
    seen += histogram[cut] as number;
    if (seen >= want) break;
  }
  const out = new Int32Array(Math.min(want, count));
  let n = 0;
  for (let row = 0; row < count && n < out.length; row++) if ((distance[row] as number) < cut) out[n++] = row;
  for (let row = 0; row < count && n < out.length; row++) if (distance[row] === cut) out[n++] = row;
  return out.subarray(0, n);
}

/** The `limit` rows (of `rows`, or all) with the largest dot product with `q`, best first: [row, product]. */
function topByDotProduct(
  entry: ScopeVectors,
  q: Float32Array,
  limit: number,
  rows: Int32Array | undefined,
): Array<[number, number]> {
  const { matrix, dimensions } = entry;
  const best: Array<[number, number]> = [];
  let floor = Number.NEGATIVE_INFINITY;
  const count = rows ? rows.length : entry.ids.length;
  for (let k = 0; k < count; k++) {
    const row = rows ? (rows[k] as number) : k;
    const offset = row * dimensions;
    let dot = 0;
    for (let i = 0; i < dimensions; i++) dot += (matrix[offset + i] as number) * (q[i] as number);
    if (best.length >= limit && dot <= floor) continue;
    let at = best.length;
    while (at > 0 && (best[at - 1] as [number, number])[1] < dot) at--;
    best.splice(at, 0, [row, dot]);
    if (best.length > limit) best.pop();
    if (best.length >= limit) floor = (best[best.length - 1] as [number, number])[1];
  }
  return best;
}

/**
 * The `limit` items of the scope nearest to the (normalised) query vector, best first: pgvector's
 * distance on PostgreSQL (exact), a dot product over the cached vectors on PGlite (nearestRows).
 */
export async function nearestItems(
  database: Database,
  search: NearestSearch,
  cache: VectorCache = createVectorCache(),
): Promise<VectorHit[]> {
  if (database.driver !== 'postgres') return nearestInMemory(database, search, cache);
  const { source, scope, model, query, limit } = search;
  const table = sql.raw(`${SOURCE_TABLE[source].table} d`);
  const embeddings = sql.raw(`${EMBEDDING_TABLE[source]} x`);
  const q = vectorLiteral(database, query);
  const rows = await database.rows<{ id: string; similarity: number }>(sql`
    select d.id, 1 - (x.embedding <=> ${q}) as similarity
    from ${embeddings} join ${table} on d.id = x.id
    where ${scopeConditions(source, scope)} and x.model = ${model} and vector_dims(x.embedding) = ${query.length}
    order by x.embedding <=> ${q}
    limit ${limit}`);
  return rows.map((r) => ({ source, id: r.id, similarity: Number(r.similarity) }));
}

/**
 * A cheap fingerprint of what there is to embed: the newest id of each source (primary key look-ups)
 * and the rows written to the sources in place (learn rewrites memories and artifacts, redaction
 * and erasure events), from the table statistics. Unchanged, the backlog is very likely unchanged
 * and the indexer skips its sweep. PGlite's single backend reports its statistics only when asked
 * (it has no idle timer to flush them), so there they are flushed first.
 */
export async function backlogFingerprint(database: Database): Promise<string> {
  if (database.driver !== 'postgres') await database.rows(sql`select pg_stat_force_next_flush()`);
  const [row] = await database.rows<{ f: string }>(sql`
    select concat_ws('|', (select max(id) from events), (select max(id) from memories), (select max(id) from artifacts),
      (select sum(n_tup_upd + n_tup_del + case when relname = 'events' then 0 else n_tup_ins end)
        from pg_stat_user_tables where relname in ('events', 'memories', 'artifacts'))) as f`);
  return row?.f ?? '';
}

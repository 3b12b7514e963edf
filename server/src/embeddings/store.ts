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
      // PGlite's in-memory search reads what was embedded since its last read (readDelta).
      if (!pg)
        await tx.execute(
          sql.raw(`create index if not exists ${EMBEDDING_TABLE[source]}_embedded_at_idx
            on ${EMBEDDING_TABLE[source]} (embedded_at)`),
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
 * 2 ms an item in PGlite's WASM, the same in JavaScript a few nanoseconds. Reading a scope whole
 * costs far more than searching it (100,000 memories: 20 s for the vectors, 1.3 s for the list of
 * ids, in PGlite, which runs in this thread), so it is read whole once; after that a search reads
 * only what was embedded since the last read (readDelta, through an index on `embedded_at`, at most
 * once every DELTA_MS), and the whole list again every FULL_LIST_MS in the background (rows that left
 * the scope dropped; unchanged rows keep their vectors). A search waits for its scope's first read
 * FIRST_READ_WAIT_MS at most, then answers by words while the read goes on. At most VECTOR_ROWS_MAX
 * rows in all scopes (the scope read first goes first).
 */
export interface ScopeVectors {
  /** When the scope's list was last read whole (FULL_LIST_MS), and what that took. */
  listedAt: number;
  listMs: number;
  /** When rows embedded since `since` were last read (DELTA_MS). */
  at: number;
  /** The newest `embedded_at` of the source's table when it was last read (PostgreSQL's text form). */
  since: string | null;
  /** The row count in use (the matrix and codes have room for more). */
  ids: string[];
  hashes: string[];
  rowOf: Map<string, number>;
  matrix: Float32Array;
  dimensions: number;
  /** Each row's sign bits, codeWords(dimensions) words a row: the shortlist of large scopes. */
  codes: Uint32Array;
  refreshing?: boolean;
}
export interface VectorCache {
  scopes: Map<string, ScopeVectors>;
  /** Scopes whose first read is under way (a search waits for it at most FIRST_READ_WAIT_MS). */
  loading: Map<string, Promise<ScopeVectors>>;
}
export const createVectorCache = (): VectorCache => ({ scopes: new Map(), loading: new Map() });
const VECTOR_ROWS_MAX = 200_000;
/** Rows embedded since the last read are read by a search at most this often (an index range, cheap). */
const DELTA_MS = 1_000;
/** The whole list is read again (rows that left the scope dropped) this often, or 20 times what it took. */
const FULL_LIST_MS = 10 * 60_000;
/**
 * A search waits this long for its scope's first read (100,000 vectors take about 20 s to read from
 * PGlite); past it the query is answered by its words while the read goes on.
 */
const FIRST_READ_WAIT_MS = 1_000;
/** Rows read a statement (first read, delta). */
const READ_CHUNK = 500;
/**
 * Scopes up to this many rows are scanned exactly (about 10 ms in JavaScript at 512 dimensions);
 * larger ones are first narrowed by the Hamming distance of their sign bits to the query's (a
 * 512-dimension row is 16 words: xor and popcount instead of 512 multiply-adds), and only the
 * shortlist (SHORTLIST_SHARE) is scored exactly, so the similarities returned are exact and only the choice of
 * candidates is approximate (binary quantization with rescoring).
 */
const EXACT_SCAN_MAX = 20_000;
/**
 * The shortlist's length: 2 % of the scope's rows, at least 2,000 and 40 per hit asked for. Clear
 * neighbours are always in it (nearest-rows.test.ts). In a hard synthetic case (clustered vectors,
 * the 50th and the 2,000th neighbour 0.05 apart in cosine: many near-equal neighbours), at 50,000
 * rows it kept 54-72 % of the exact 50 nearest, what it returned within 1-2.5 % of their similarity;
 * 5 % kept 72-88 % but cost 4 ms more a search at 100,000 rows (11 against 7 ms).
 */
const SHORTLIST_SHARE = 0.02;
const SHORTLIST_MIN = 2_000;
const SHORTLIST_PER_HIT = 40;

const codeWords = (dimensions: number) => Math.ceil(dimensions / 32);

/** Writes the sign bits of `vector` (from `offset`, `dimensions` long) into `codes` at word `at`. */
function writeSignCode(vector: ArrayLike<number>, offset: number, dimensions: number, codes: Uint32Array, at: number) {
  const words = codeWords(dimensions);
  for (let w = 0, d = 0; w < words; w++) {
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

/** Writes row `row` of a scope's matrix and its sign code from an embedding as read from the database. */
function writeRow(
  matrix: Float32Array,
  codes: Uint32Array,
  dimensions: number,
  row: number,
  embedding: number[],
): void {
  matrix.set(embedding.map(Number), row * dimensions);
  writeSignCode(matrix, row * dimensions, dimensions, codes, row * codeWords(dimensions));
}

/** Set bits of every 16-bit value: a word's popcount is two look-ups (faster than bit arithmetic in V8). */
let pop16: Uint8Array | undefined;
function popcountTable(): Uint8Array {
  if (!pop16) {
    pop16 = new Uint8Array(1 << 16);
    for (let i = 1; i < pop16.length; i++) pop16[i] = (pop16[i >>> 1] as number) + (i & 1);
  }
  return pop16;
}

/** The dot product of row `offset` of `matrix` with `q` (four sums: independent additions pipeline). */
function dotAt(matrix: Float32Array, offset: number, q: Float32Array, dimensions: number): number {
  let a = 0;
  let b = 0;
  let c = 0;
  let d = 0;
  let i = 0;
  for (; i + 3 < dimensions; i += 4) {
    a += (matrix[offset + i] as number) * (q[i] as number);
    b += (matrix[offset + i + 1] as number) * (q[i + 1] as number);
    c += (matrix[offset + i + 2] as number) * (q[i + 2] as number);
    d += (matrix[offset + i + 3] as number) * (q[i + 3] as number);
  }
  for (; i < dimensions; i++) a += (matrix[offset + i] as number) * (q[i] as number);
  return a + b + c + d;
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
  // Taken before the list: what is embedded while it is read comes again in the next delta.
  const since = await newestEmbedding(database, source);
  const listed = await database.rows<{ id: string; hash: string }>(sql`
    select d.id, x.text_hash as hash
    from ${embeddings} join ${table} on d.id = x.id
    where ${scopeConditions(source, scope)} and x.model = ${model} and cardinality(x.embedding) = ${dimensions}`);
  const rows = listed.slice(0, VECTOR_ROWS_MAX);
  const matrix = new Float32Array(rows.length * dimensions);
  const words = codeWords(dimensions);
  const codes = new Uint32Array(rows.length * words);
  const missing: number[] = [];
  for (const [i, r] of rows.entries()) {
    const j = previous?.rowOf.get(r.id);
    if (previous && j !== undefined && previous.hashes[j] === r.hash) {
      matrix.set(previous.matrix.subarray(j * dimensions, (j + 1) * dimensions), i * dimensions);
      codes.set(previous.codes.subarray(j * words, (j + 1) * words), i * words);
    } else missing.push(i);
  }
  for (let k = 0; k < missing.length; k += READ_CHUNK) {
    const part = missing.slice(k, k + READ_CHUNK);
    const at = new Map(part.map((i) => [(rows[i] as { id: string }).id, i]));
    const read = await database.rows<{ id: string; embedding: number[] }>(sql`
      select x.id, x.embedding from ${embeddings}
      where x.id in (${sql.join(
        [...at.keys()].map((id) => sql`${id}`),
        sql`, `,
      )}) and x.model = ${model}`);
    for (const r of read) {
      const i = at.get(r.id);
      if (i !== undefined && r.embedding.length === dimensions) writeRow(matrix, codes, dimensions, i, r.embedding);
    }
  }
  const ids = rows.map((r) => r.id);
  return {
    listedAt: Date.now(),
    listMs: Date.now() - started,
    at: Date.now(),
    since,
    ids,
    hashes: rows.map((r) => r.hash),
    rowOf: new Map(ids.map((id, i) => [id, i])),
    matrix,
    dimensions,
    codes,
  };
}

async function newestEmbedding(database: Database, source: Source): Promise<string | null> {
  const [row] = await database.rows<{ at: string | null }>(
    sql`select max(embedded_at)::text as at from ${sql.raw(EMBEDDING_TABLE[source])}`,
  );
  return row?.at ?? null;
}

/**
 * Reads the scope's rows embedded after `entry.since` into the entry (rewritten rows replaced, new
 * ones added), through the `embedded_at` index: the cost of what changed, not of the scope. PGlite
 * runs one statement at a time, so every row of a time it has seen is already written. Rows that left
 * the scope stay until the next whole list (synthesize reads hits back within the scope: fuse.ts).
 */
async function readDelta(
  database: Database,
  source: Source,
  scope: RetrievalScope,
  model: string,
  entry: ScopeVectors,
) {
  const table = sql.raw(`${SOURCE_TABLE[source].table} d`);
  const embeddings = sql.raw(`${EMBEDDING_TABLE[source]} x`);
  // The table's newest first: rows of other scopes up to it are not read again by the next delta.
  const newest = await newestEmbedding(database, source);
  let after = entry.since;
  let inclusive = false;
  for (;;) {
    const from =
      after === null
        ? sql`true`
        : inclusive
          ? sql`x.embedded_at >= ${after}::timestamptz`
          : sql`x.embedded_at > ${after}::timestamptz`;
    const rows = await database.rows<{ id: string; hash: string; embedding: number[]; at: string }>(sql`
      select d.id, x.text_hash as hash, x.embedding, x.embedded_at::text as at
      from ${embeddings} join ${table} on d.id = x.id
      where ${from} and ${scopeConditions(source, scope)} and x.model = ${model}
        and cardinality(x.embedding) = ${entry.dimensions}
      order by x.embedded_at
      limit ${READ_CHUNK}`);
    for (const r of rows) putRow(entry, r.id, r.hash, r.embedding);
    const last = rows[rows.length - 1];
    if (rows.length < READ_CHUNK || !last) {
      // Text of one format and time zone: ordered as the times are.
      entry.since = last && (newest === null || last.at > newest) ? last.at : (newest ?? after);
      break;
    }
    // A full chunk may end inside one statement's rows (one time): the next starts at that time.
    if (inclusive && last.at === after) {
      entry.listedAt = 0; // more rows of one time than a chunk: the whole list next time
      break;
    }
    after = last.at;
    inclusive = true;
    entry.since = last.at;
  }
  entry.at = Date.now();
}

/** Writes one row into the entry: its vector and sign code, in place or added at the end. */
function putRow(entry: ScopeVectors, id: string, hash: string, embedding: number[]): void {
  const { dimensions } = entry;
  let row = entry.rowOf.get(id);
  if (row === undefined) {
    if (entry.ids.length >= VECTOR_ROWS_MAX) return;
    row = entry.ids.length;
    reserve(entry, row + 1);
    entry.ids.push(id);
    entry.hashes.push(hash);
    entry.rowOf.set(id, row);
  } else entry.hashes[row] = hash;
  writeRow(entry.matrix, entry.codes, dimensions, row, embedding);
}

/** Room for `rows` rows in the entry's matrix and codes (grown by half, copied). */
function reserve(entry: ScopeVectors, rows: number): void {
  const { dimensions } = entry;
  const capacity = entry.matrix.length / dimensions;
  if (capacity >= rows) return;
  const grown = Math.max(rows, Math.ceil(capacity * 1.5), 64);
  const matrix = new Float32Array(grown * dimensions);
  matrix.set(entry.matrix);
  const codes = new Uint32Array(grown * codeWords(dimensions));
  codes.set(entry.codes);
  entry.matrix = matrix;
  entry.codes = codes;
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
  const key = `${scopeKey(source, scope)}|${model}|${query.length}`;
  const entry = cache.scopes.get(key) ?? (await firstRead(database, search, key, cache));
  if (!entry) return [];
  const now = Date.now();
  if (!entry.refreshing && now - entry.listedAt > Math.max(FULL_LIST_MS, 20 * entry.listMs)) {
    // The whole list, in the background; the entry serves meanwhile.
    entry.refreshing = true;
    readScopeVectors(database, source, scope, model, query.length, entry)
      .then((fresh) => keep(cache, key, fresh))
      .catch(() => {
        // Tried again after the same interval; deltas go on meanwhile.
        entry.listedAt = Date.now();
        entry.refreshing = false;
      });
  } else if (!entry.refreshing && now - entry.at > DELTA_MS) {
    entry.refreshing = true;
    try {
      await readDelta(database, source, scope, model, entry);
    } catch {
      // Served as it is; a later search reads the delta again.
    } finally {
      entry.refreshing = false;
    }
  }
  return nearestRows(entry, Float32Array.from(query), limit).map(([i, similarity]) => ({
    source,
    id: entry.ids[i] as string,
    similarity,
  }));
}

/** The scope's first read, shared by the searches that come meanwhile, each waiting FIRST_READ_WAIT_MS at most. */
async function firstRead(
  database: Database,
  search: NearestSearch,
  key: string,
  cache: VectorCache,
): Promise<ScopeVectors | undefined> {
  let loading = cache.loading.get(key);
  if (!loading) {
    loading = readScopeVectors(database, search.source, search.scope, search.model, search.query.length, undefined)
      .then((entry) => {
        keep(cache, key, entry);
        return entry;
      })
      .finally(() => cache.loading.delete(key));
    // A failure after every search stopped waiting is dropped (the next search reads again).
    loading.catch(() => undefined);
    cache.loading.set(key, loading);
  }
  let timer: NodeJS.Timeout | undefined;
  const waited = new Promise<undefined>((resolve) => {
    timer = setTimeout(resolve, FIRST_READ_WAIT_MS, undefined);
  });
  try {
    return await Promise.race([loading, waited]);
  } finally {
    clearTimeout(timer);
  }
}

/** The `limit` rows nearest to `q`, best first, as [row, dot product]: exact, or exact over a shortlist in large scopes. */
export function nearestRows(entry: ScopeVectors, q: Float32Array, limit: number): Array<[number, number]> {
  const count = entry.ids.length;
  if (count <= EXACT_SCAN_MAX) return topByDotProduct(entry, q, limit, undefined);
  const want = Math.max(SHORTLIST_MIN, limit * SHORTLIST_PER_HIT, Math.ceil(count * SHORTLIST_SHARE));
  return topByDotProduct(entry, q, limit, shortlistByCode(entry, q, want));
}

/** The `want` rows whose sign bits differ least from the query's (ties at the cut broken by row order). */
function shortlistByCode(entry: ScopeVectors, q: Float32Array, want: number): Int32Array {
  const { codes, dimensions } = entry;
  const count = entry.ids.length;
  const words = codeWords(dimensions);
  const query = new Uint32Array(words);
  writeSignCode(q, 0, dimensions, query, 0);
  const pop = popcountTable();
  const distance = new Uint16Array(count);
  const histogram = new Uint32Array(dimensions + 1);
  for (let row = 0, at = 0; row < count; row++) {
    let d = 0;
    for (let w = 0; w < words; w++, at++) {
      const x = (codes[at] as number) ^ (query[w] as number);
      d += (pop[x & 0xffff] as number) + (pop[x >>> 16] as number);
    }
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
    const dot = dotAt(matrix, row * dimensions, q, dimensions);
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

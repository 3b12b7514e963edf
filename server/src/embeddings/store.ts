/**
 * The SQL side of embeddings: one table per source (`event_embeddings`, ...), keyed by the item's id
 * and deleted with it (foreign key, on delete cascade), created at start only when embeddings are
 * configured. PostgreSQL stores pgvector `vector`; PGlite, which has no pgvector package for its
 * version (docs/decisions/retrieval.md), stores `real[]` and is searched by an exact dot product.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { type RetrievalScope, type Source, SOURCE_TABLE, scopeConditions } from '../retrieval/scope.js';

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
 * PGlite's vectors, kept in memory by item (id, model and text hash), read from the table once: a dot
 * product over `unnest` in SQL cost about 2 ms an item in PGlite's WASM (seconds a query on a
 * 1,000-turn scope), the same in JavaScript microseconds. 2 KB an item at 512 dimensions; at most
 * VECTOR_CACHE_MAX items (then it starts over: embedded stores are small).
 */
export type VectorCache = Map<string, { model: string; hash: string; vector: Float32Array }>;
const VECTOR_CACHE_MAX = 100_000;

async function nearestInMemory(
  database: Database,
  source: Source,
  scope: RetrievalScope,
  model: string,
  query: number[],
  limit: number,
  cache: VectorCache,
): Promise<VectorHit[]> {
  const table = sql.raw(`${SOURCE_TABLE[source].table} d`);
  const embeddings = sql.raw(`${EMBEDDING_TABLE[source]} x`);
  const rows = await database.rows<{ id: string; hash: string }>(sql`
    select d.id, x.text_hash as hash
    from ${embeddings} join ${table} on d.id = x.id
    where ${scopeConditions(source, scope)} and x.model = ${model} and cardinality(x.embedding) = ${query.length}`);
  const missing = rows.filter((r) => {
    const hit = cache.get(`${source}:${r.id}`);
    return !hit || hit.model !== model || hit.hash !== r.hash;
  });
  if (cache.size + missing.length > VECTOR_CACHE_MAX) cache.clear();
  for (let i = 0; i < missing.length; i += 500) {
    const ids = missing.slice(i, i + 500).map((r) => r.id);
    const read = await database.rows<{ id: string; hash: string; embedding: number[] }>(sql`
      select x.id, x.text_hash as hash, x.embedding from ${embeddings}
      where x.id in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )}) and x.model = ${model}`);
    for (const r of read)
      cache.set(`${source}:${r.id}`, { model, hash: r.hash, vector: Float32Array.from(r.embedding.map(Number)) });
  }
  const hits: VectorHit[] = [];
  for (const r of rows) {
    const vector = cache.get(`${source}:${r.id}`)?.vector;
    if (!vector || vector.length !== query.length) continue;
    let similarity = 0;
    for (let i = 0; i < query.length; i++) similarity += (vector[i] as number) * (query[i] as number);
    hits.push({ source, id: r.id, similarity });
  }
  return hits.sort((a, b) => b.similarity - a.similarity).slice(0, limit);
}

/**
 * The `limit` items of the scope nearest to the (normalised) query vector, best first, exact search:
 * pgvector's distance on PostgreSQL, a dot product over the cached vectors on PGlite.
 */
export async function nearestItems(
  database: Database,
  source: Source,
  scope: RetrievalScope,
  model: string,
  query: number[],
  limit: number,
  cache: VectorCache = new Map(),
): Promise<VectorHit[]> {
  if (database.driver !== 'postgres') return nearestInMemory(database, source, scope, model, query, limit, cache);
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
 * A cheap fingerprint of what there is to embed (PostgreSQL): the newest id of each source (primary
 * key look-ups) and the rows written to memories and artifacts, which learn rewrites in place (table
 * statistics). Unchanged, the backlog is very likely unchanged and the indexer skips its sweep.
 * Undefined on PGlite, which keeps no table statistics: it always sweeps (embedded stores are small).
 */
export async function backlogFingerprint(database: Database): Promise<string | undefined> {
  if (database.driver !== 'postgres') return undefined;
  const [row] = await database.rows<{ f: string }>(sql`
    select concat_ws('|', (select max(id) from events), (select max(id) from memories), (select max(id) from artifacts),
      (select sum(n_tup_ins + n_tup_upd + n_tup_del) from pg_stat_user_tables
        where relname in ('memories', 'artifacts'))) as f`);
  return row?.f;
}

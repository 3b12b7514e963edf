/**
 * Opens the database: node-postgres (`pg`) when DATABASE_URL is set, embedded PGlite (persisted in
 * DATA_DIR, or in memory for `memory://`) otherwise. Both are typed as one drizzle PgDatabase, so
 * every query in the code base runs unchanged on either (docs/architecture.md).
 *
 * PostgreSQL may go away at any time (restart, failover, pooler restart, `pg_terminate_backend`):
 * every connection carries an error listener, so nothing the driver emits can crash the process
 * (docs/decisions/database-driver.md); connects and statements are bounded in time, and the pool
 * opens new connections on its own once the server is back.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fillPlaceholders, type SQL } from 'drizzle-orm';
import { type PgDatabase, PgDialect, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { Logger } from '../logger.js';
import * as schema from './schema/index.js';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** A database handle or a transaction: queries take either. */
export type Queryable = Db | Tx;

export interface Database {
  db: Db;
  driver: 'postgres' | 'pglite';
  /** Raw SQL that answers rows on both drivers. */
  rows<T = Record<string, unknown>>(query: SQL, on?: Queryable): Promise<T[]>;
  /**
   * Raw SQL run on every request of a hot path, outside a transaction: on PostgreSQL a named statement,
   * parsed and planned once per connection of a pool kept for them, with a generic plan (a statement
   * whose best plan does not depend on its values: index probes by key); on PGlite the same as `rows`.
   */
  preparedRows<T = Record<string, unknown>>(query: SQL): Promise<T[]>;
  /**
   * A hot statement whose text never changes, turned into text once: `template` names its values with
   * `sql.placeholder(name)` and each call fills them in, so a request pays no SQL building. Runs as
   * `preparedRows` does and answers what `rows` would.
   */
  statement<T = Record<string, unknown>>(template: SQL): (values: Record<string, unknown>) => Promise<T[]>;
  ping(): Promise<boolean>;
  /** Connections open to PostgreSQL (total, idle, callers waiting for one); undefined on PGlite. */
  poolStats(): { total: number; idle: number; waiting: number } | undefined;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  databaseUrl?: string;
  dataDir: string;
  /** Pool size for PostgreSQL. */
  max?: number;
  /** Bound on opening a connection, or on waiting for a free one in the pool. */
  connectTimeoutMs?: number;
  /** Server-side bound on one statement (PostgreSQL statement_timeout). */
  statementTimeoutMs?: number;
  /** Where dropped connections are reported; silent without one. */
  logger?: Logger;
}

/** `Database.rows` over a drizzle handle: both drivers answer `execute` with `{ rows }`. */
function rawRows(db: Db): Database['rows'] {
  return async <T>(query: SQL, on: Queryable = db) => {
    const res = (await on.execute(query)) as unknown as { rows: T[] };
    return res.rows;
  };
}

/** `Database.statement` on the hot pool: one name per template, values filled in per call. */
function statementsOn(hot: HotQuery, pgTypes: typeof import('pg').types): Database['statement'] {
  const types = textDates(pgTypes);
  let count = 0;
  return <T>(template: SQL) => {
    const { text, params } = compile(template);
    const name = `hx_stmt_${count++}`;
    return async (values: Record<string, unknown>) =>
      hot<T>({ name, text, values: fillPlaceholders(params, values), types });
  };
}

/** Distinct statement texts given a name; beyond it a text runs unnamed (a text built per input). */
const MAX_PREPARED_TEXTS = 100;

/**
 * Date, time and interval values (and their arrays) as PostgreSQL's text, as drizzle's node-postgres
 * session reads them for `execute`, so `preparedRows` answers exactly what `rows` does.
 */
const TEXT_AS_IS = new Set([1082, 1114, 1184, 1186, 1115, 1182, 1185, 1187, 1231]);

/** node-postgres type parsers that leave TEXT_AS_IS types as text. */
function textDates(pgTypes: typeof import('pg').types) {
  return {
    getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
      TEXT_AS_IS.has(oid)
        ? (value: string) => value
        : pgTypes.getTypeParser(oid, format)) as typeof pgTypes.getTypeParser,
  };
}

/** A query on the hot pool (see openPostgres), answering its rows. */
type HotQuery = <T>(config: import('pg').QueryConfig) => Promise<T[]>;

/**
 * Queries on the hot pool (see openPostgres), whose connections keep one generic plan per statement.
 * Any error releases the connection as broken, as `pool.query` does.
 */
function hotQueries(pool: import('pg').Pool): HotQuery {
  return async <T>(config: import('pg').QueryConfig) => {
    const client = await pool.connect();
    try {
      const res = await client.query<T & object>(config);
      client.release();
      return res.rows;
    } catch (err) {
      client.release(err as Error);
      throw err;
    }
  };
}

/**
 * Session settings made on each new connection before its first statement (pg-pool's `onConnect`,
 * awaited before the connection is handed out; a SET, not a startup `options` parameter, which
 * connection poolers such as PgBouncer refuse unless configured to ignore it). A SET that fails is
 * reported and the connection used as it is: the settings are for speed, not correctness.
 * - jit = off, on every connection: PostgreSQL JIT-compiles a statement whose estimated cost passes
 *   jit_above_cost, and retrieval's bounded statements (a LIMIT over lateral joins) are estimated far
 *   above what they read: compiling the recent-window statement took 30 ms (500 ms with inlining at a
 *   1M-event tenant) for 5 ms of work. Short OLTP statements gain nothing from JIT.
 * - plan_cache_mode = force_generic_plan, on the hot pool only (see openPostgres).
 */
function applySettings(settings: string, logger?: Logger) {
  return (client: import('pg').ClientBase) =>
    client
      .query(settings)
      .then(() => undefined)
      .catch((err: Error) => logger?.warn({ err: { message: err.message } }, 'connection settings failed'));
}

/** Turns SQL into text and parameters, for every database (as a drizzle handle keeps one dialect). */
const dialect = new PgDialect();

/** Names statement texts for node-postgres, which prepares a named statement once per connection. */
function preparedRowsOn(hot: HotQuery, pgTypes: typeof import('pg').types): Database['preparedRows'] {
  const types = textDates(pgTypes);
  const names = new Map<string, string>();
  return async <T>(query: SQL) => {
    const { sql: text, params } = dialect.sqlToQuery(query);
    let name = names.get(text);
    if (name === undefined && names.size < MAX_PREPARED_TEXTS) {
      name = `hx_prep_${names.size}`;
      names.set(text, name);
    }
    return hot<T>({ ...(name ? { name } : {}), text, values: params, types });
  };
}

/** Turns a statement template into its text and parameter list (placeholders left to fill). */
function compile(template: SQL): { text: string; params: unknown[] } {
  const { sql: text, params } = dialect.sqlToQuery(template);
  return { text, params };
}

export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  if (opts.databaseUrl) return openPostgres(opts.databaseUrl, opts);
  return openPglite(opts.dataDir);
}

async function openPostgres(url: string, opts: DatabaseOptions): Promise<Database> {
  const { default: pg } = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const connectTimeoutMs = opts.connectTimeoutMs ?? 5000;
  const base = {
    connectionString: url,
    connectionTimeoutMillis: connectTimeoutMs,
    statement_timeout: opts.statementTimeoutMs ?? 30_000,
    // A transaction left open by a stuck caller must not hold its locks for ever.
    idle_in_transaction_session_timeout: 60_000,
    keepAlive: true,
    idleTimeoutMillis: 30_000,
  };
  const pool = new pg.Pool({ ...base, max: opts.max ?? 10, onConnect: applySettings('set jit = off', opts.logger) });
  // Hot statements (`preparedRows`) on connections of their own that keep one generic plan per
  // statement: with the default plan_cache_mode PostgreSQL re-planned capture's statement on every
  // call (pg_stat_statements: plans = calls), as much CPU as running it. Not the main pool's default:
  // other parameterised statements rely on plans made for their values.
  const hotPool = new pg.Pool({
    ...base,
    max: Math.max(2, Math.ceil((opts.max ?? 10) / 2)),
    onConnect: applySettings('set plan_cache_mode = force_generic_plan; set jit = off', opts.logger),
  });
  const hot = hotQueries(hotPool);
  // /health probes on a connection of their own, so a saturated pool does not make a live database
  // look down (nor a probe wait behind a queue of batches).
  const probe = new pg.Pool({ ...base, max: 1, connectionTimeoutMillis: Math.min(connectTimeoutMs, 2000) });
  const dropped = (err: Error) =>
    opts.logger?.warn(
      { err: { message: err.message, code: (err as { code?: string }).code } },
      'database connection lost',
    );
  for (const p of [pool, hotPool, probe]) {
    // An idle connection that dies is reported on the pool, which drops it.
    p.on('error', dropped);
    // A connection checked out (drizzle transactions) has no pool listener: without one of its own, a
    // backend terminated between two statements emits 'error' on nothing, an uncaught exception.
    p.on('connect', (client) => client.on('error', dropped));
  }
  const db = drizzle(pool, { schema }) as unknown as Db;
  return {
    db,
    driver: 'postgres',
    rows: rawRows(db),
    preparedRows: preparedRowsOn(hot, pg.types),
    statement: statementsOn(hot, pg.types),
    async ping() {
      try {
        await probe.query('select 1');
        return true;
      } catch {
        return false;
      }
    },
    poolStats() {
      const pools = [pool, hotPool];
      const sum = (f: (p: import('pg').Pool) => number) => pools.reduce((n, p) => n + f(p), 0);
      return { total: sum((p) => p.totalCount), idle: sum((p) => p.idleCount), waiting: sum((p) => p.waitingCount) };
    },
    async close() {
      // Idempotent, as with PGlite: pg-pool throws when ended twice (a test closes, then shuts down).
      if (pool.ending) return;
      await Promise.all([pool.end(), hotPool.end(), probe.end()]);
    },
  };
}

async function openPglite(dataDir: string): Promise<Database> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const { drizzle } = await import('drizzle-orm/pglite');
  let location: string | undefined;
  if (dataDir.startsWith('memory://')) location = undefined;
  else {
    location = path.resolve(dataDir, 'pglite');
    mkdirSync(location, { recursive: true });
  }
  const client = await PGlite.create(location, { extensions: { pg_trgm } });
  const db = drizzle(client, { schema }) as unknown as Db;
  const rows = rawRows(db);
  let closed = false;
  return {
    db,
    driver: 'pglite',
    rows,
    // One connection in this thread, no plan cache to steer: the same as `rows`.
    preparedRows: rows,
    statement<T>(template: SQL) {
      const { text, params } = compile(template);
      // As drizzle's PGlite session runs `execute`: rows as objects, dates and intervals as text.
      const parsers = Object.fromEntries([...TEXT_AS_IS].map((oid) => [oid, (value: string) => value]));
      return async (values: Record<string, unknown>) =>
        (await client.query<T>(text, fillPlaceholders(params, values), { rowMode: 'object', parsers })).rows;
    },
    poolStats: () => undefined,
    async ping() {
      if (closed) return false;
      try {
        await client.query('select 1');
        return true;
      } catch {
        return false;
      }
    },
    async close() {
      if (closed) return;
      closed = true;
      await client.close();
    },
  };
}

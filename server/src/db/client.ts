/**
 * Opens the database: postgres.js when DATABASE_URL is set, embedded PGlite (persisted in DATA_DIR,
 * or in memory for `memory://`) otherwise. Both are typed as one drizzle PgDatabase, so every query
 * in the code base runs unchanged on either (DESIGN.md §3).
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema/index.js';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** A database handle or a transaction: queries take either. */
export type Queryable = Db | Tx;

export interface Database {
  db: Db;
  driver: 'postgres' | 'pglite';
  /** Raw SQL that answers rows on both drivers (postgres.js gives an array, PGlite `{ rows }`). */
  rows<T = Record<string, unknown>>(query: SQL, on?: Queryable): Promise<T[]>;
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  databaseUrl?: string;
  dataDir: string;
  /** Pool size for postgres.js. */
  max?: number;
}

export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  if (opts.databaseUrl) return openPostgres(opts.databaseUrl, opts.max ?? 10);
  return openPglite(opts.dataDir);
}

async function openPostgres(url: string, max: number): Promise<Database> {
  const { default: postgres } = await import('postgres');
  const { drizzle } = await import('drizzle-orm/postgres-js');
  const client = postgres(url, { max, onnotice: () => {}, prepare: true });
  const db = drizzle(client, { schema }) as unknown as Db;
  return {
    db,
    driver: 'postgres',
    async rows<T>(query: SQL, on: Queryable = db) {
      return (await on.execute(query)) as unknown as T[];
    },
    async ping() {
      try {
        await client`select 1`;
        return true;
      } catch {
        return false;
      }
    },
    async close() {
      await client.end({ timeout: 5 });
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
  let closed = false;
  return {
    db,
    driver: 'pglite',
    async rows<T>(query: SQL, on: Queryable = db) {
      const res = (await on.execute(query)) as unknown as { rows: T[] };
      return res.rows;
    },
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

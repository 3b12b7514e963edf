/**
 * Applies the drizzle-kit migrations in server/drizzle on either driver before the server listens.
 * Extensions are created first because drizzle-kit does not emit CREATE EXTENSION.
 *
 * On PostgreSQL every process of a deployment (API replicas, workers, `hx migrate`) runs this at start,
 * possibly at the same moment on an empty database: without a lock two of them create the same
 * extension or table at once and one fails (`duplicate key value violates unique constraint
 * "pg_type_typname_nsp_index"`). So the whole step runs on one connection holding a session-level
 * advisory lock: the first process migrates, the others wait for it, then find nothing left to apply.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { Database } from './client.js';

/**
 * The advisory lock's key (one bigint, shared by every version of Hx): the first 8 bytes of
 * sha256('hx:migrations') as a signed 64-bit integer, so it does not collide with another
 * application's small integer keys on a shared database.
 */
export const MIGRATION_LOCK_KEY = '-4975895920184288869';

/**
 * How long a process waits for another one's migrations before giving up (and exiting non-zero):
 * long enough for an index rebuild on a large `events` table (docs/self-hosting.md, Upgrading).
 */
export const MIGRATION_LOCK_WAIT_MS = 15 * 60 * 1000;

/** The migrations folder, found from this module (src/db or a bundled dist/) rather than the cwd. */
export function migrationsFolder(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 5; i++) {
    const candidate = path.join(dir, 'drizzle');
    if (existsSync(path.join(candidate, 'meta', '_journal.json'))) return candidate;
    dir = path.dirname(dir);
  }
  throw new Error('drizzle migrations folder not found');
}

export async function migrate(database: Database, opts: { lockWaitMs?: number } = {}): Promise<void> {
  const folder = migrationsFolder();
  if (database.driver === 'postgres') {
    await migratePostgres(database, folder, opts.lockWaitMs ?? MIGRATION_LOCK_WAIT_MS);
    return;
  }
  // PGlite lives in this process alone: nothing else can migrate it at the same time.
  await database.db.execute(sql`create extension if not exists pg_trgm`);
  const { migrate: run } = await import('drizzle-orm/pglite/migrator');
  await run(database.db as never, { migrationsFolder: folder });
}

async function migratePostgres(database: Database, folder: string, lockWaitMs: number): Promise<void> {
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const { migrate: run } = await import('drizzle-orm/node-postgres/migrator');
  // A session-level lock belongs to one connection: take one out of the pool for the whole step.
  const pool = (database.db as unknown as { $client: import('pg').Pool }).$client;
  const client = await pool.connect();
  try {
    // The pool's statement_timeout (DB_STATEMENT_TIMEOUT_MS) would cut a long index build or the wait
    // for another process's; the wait is bounded by lock_timeout instead. The connection is discarded
    // afterwards, so these settings never reach a request.
    await client.query(`set statement_timeout = 0; set lock_timeout = ${Math.max(1, Math.floor(lockWaitMs))}`);
    try {
      await client.query(`select pg_advisory_lock(${MIGRATION_LOCK_KEY})`);
    } catch (err) {
      if ((err as { code?: string }).code === '55P03') {
        throw new Error(
          `database migrations: another process has held the migration lock for more than ${Math.round(lockWaitMs / 1000)} s ` +
            `(pg_advisory_lock ${MIGRATION_LOCK_KEY}); is a migration stuck? See pg_locks where locktype = 'advisory'`,
        );
      }
      throw err;
    }
    await client.query('set lock_timeout = 0');
    await client.query('create extension if not exists pg_trgm');
    await run(drizzle(client) as never, { migrationsFolder: folder });
    await client.query(`select pg_advisory_unlock(${MIGRATION_LOCK_KEY})`);
  } finally {
    // Destroyed, not returned to the pool: it carries session settings of its own (and, after an
    // error, perhaps the lock, which PostgreSQL releases with the session).
    client.release(true);
  }
}

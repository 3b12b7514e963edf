/**
 * Applies the drizzle-kit migrations in server/drizzle on either driver before the server listens.
 * Extensions are created first because drizzle-kit does not emit CREATE EXTENSION.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { Database } from './client.js';

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

export async function migrate(database: Database): Promise<void> {
  await database.db.execute(sql`create extension if not exists pg_trgm`);
  const folder = migrationsFolder();
  if (database.driver === 'postgres') {
    const { migrate: run } = await import('drizzle-orm/node-postgres/migrator');
    await run(database.db as never, { migrationsFolder: folder });
  } else {
    const { migrate: run } = await import('drizzle-orm/pglite/migrator');
    await run(database.db as never, { migrationsFolder: folder });
  }
}

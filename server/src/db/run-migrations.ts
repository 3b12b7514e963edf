/**
 * `hx migrate`: applies the server's migrations to the configured database (DATABASE_URL, else the
 * embedded PGlite in DATA_DIR) without starting the server, and reports what it applied.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../config.js';
import { type Database, openDatabase } from './client.js';
import { migrate, migrationsFolder } from './migrate.js';

export interface MigrationReport {
  database: 'postgres' | 'pglite';
  /** Where: the PostgreSQL host and database, or the PGlite folder. */
  target: string;
  applied: number;
  total: number;
}

async function appliedCount(database: Database): Promise<number> {
  try {
    const rows = await database.rows<{ n: number | string }>(
      sql`select count(*) as n from drizzle.__drizzle_migrations`,
    );
    return Number(rows[0]?.n ?? 0);
  } catch {
    return 0; // no tracking table yet: a fresh database
  }
}

function describeTarget(databaseUrl: string | undefined, dataDir: string): string {
  if (!databaseUrl) return dataDir.startsWith('memory://') ? dataDir : path.resolve(dataDir, 'pglite');
  try {
    const url = new URL(databaseUrl);
    return `${url.hostname}${url.port ? `:${url.port}` : ''}${url.pathname}`;
  } catch {
    return 'DATABASE_URL';
  }
}

export async function runMigrations(overrides: Record<string, string | undefined> = {}): Promise<MigrationReport> {
  const config = loadConfig({ ...process.env, ...overrides });
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR, max: 1 });
  try {
    const before = await appliedCount(database);
    await migrate(database);
    const total = (
      JSON.parse(readFileSync(path.join(migrationsFolder(), 'meta', '_journal.json'), 'utf8')) as {
        entries: unknown[];
      }
    ).entries.length;
    return {
      database: database.driver,
      target: describeTarget(config.DATABASE_URL, config.DATA_DIR),
      applied: (await appliedCount(database)) - before,
      total,
    };
  } finally {
    await database.close();
  }
}

/**
 * A PostgreSQL database of its own on DATABASE_URL's server, for suites that must start from an empty
 * database (migrations racing, a process drained mid-load). Only where DATABASE_URL is set (CI's
 * PostgreSQL stage); the suites skip otherwise.
 */
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';

/** DATABASE_URL with another database name. */
export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/** Runs `sql` on DATABASE_URL's server (create or drop a database). */
export async function adminQuery(sql: string) {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/**
 * Creates `name` in beforeAll and drops it in afterAll (closing what is still connected), after
 * `beforeDrop` (stop the processes using it). Answers its URL, to read inside tests.
 */
export function useScratchDatabase(name: string, beforeDrop: () => unknown = () => {}): () => string {
  let url = '';
  beforeAll(async () => {
    await adminQuery(`create database ${name}`);
    url = withDatabase(process.env.DATABASE_URL as string, name);
  });
  afterAll(async () => {
    await beforeDrop();
    await adminQuery(`drop database if exists ${name} with (force)`);
  });
  return () => url;
}

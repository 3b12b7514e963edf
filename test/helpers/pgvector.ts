/**
 * Why a suite that needs vectors cannot run on this database, or undefined when it can: embedded
 * PGlite always can; PostgreSQL (DATABASE_URL) only with the pgvector extension installed.
 */
import pg from 'pg';

export async function pgvectorMissing(): Promise<string | undefined> {
  const url = process.env.DATABASE_URL;
  if (!url) return undefined;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const res = await client.query(`select 1 from pg_available_extensions where name = 'vector'`);
    return res.rowCount === 0
      ? 'PostgreSQL has no pgvector extension (apt-get install postgresql-15-pgvector)'
      : undefined;
  } finally {
    await client.end();
  }
}

/**
 * With DATABASE_URL set (CI's real-PostgreSQL run), migrate once before the suites start, so test
 * files that boot servers in parallel never race to create the schema. Embedded runs need nothing:
 * each test server gets its own in-memory PGlite.
 */
export default async function setup() {
  if (!process.env.DATABASE_URL) return;
  const { openDatabase } = await import('../server/src/db/client.js');
  const { migrate } = await import('../server/src/db/migrate.js');
  const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir: 'memory://' });
  try {
    await migrate(database);
  } finally {
    await database.close();
  }
}

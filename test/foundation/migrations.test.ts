/** The one migration folder applies on the configured driver, and applying it again changes nothing. */
import { migrate } from '../../server/src/db/migrate.js';
import { openDatabase } from '../../server/src/db/client.js';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';

describe('migrations', () => {
  it(`apply on ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'} and are idempotent`, async () => {
    const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir: 'memory://' });
    try {
      await migrate(database);
      await migrate(database);
      const tables = await database.rows<{ table_name: string }>(
        sql`select table_name from information_schema.tables where table_schema = 'public'`,
      );
      const names = tables.map((t) => t.table_name);
      for (const t of ['tenants', 'users', 'api_keys', 'events', 'memories', 'artifacts', 'audit_logs']) {
        expect(names).toContain(t);
      }
      const ext = await database.rows<{ extname: string }>(
        sql`select extname from pg_extension where extname = 'pg_trgm'`,
      );
      expect(ext).toHaveLength(1);
    } finally {
      await database.close();
    }
  });
});

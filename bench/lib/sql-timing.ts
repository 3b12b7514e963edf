/** Times every statement that goes through a server's `database.rows`, grouped by its first characters. */
import type { BenchClient } from './bench-server.js';

type Database = BenchClient['running']['ctx']['database'];

export function timeStatements(database: Database, labelLength = 60): Map<string, { n: number; ms: number }> {
  // drizzle's dialect renders a statement's text (bench does not depend on drizzle itself).
  const dialect = (database.db as unknown as { dialect: { sqlToQuery(q: unknown): { sql: string } } }).dialect;
  const sqlTime = new Map<string, { n: number; ms: number }>();
  const rows = database.rows.bind(database);
  database.rows = (async (query: Parameters<typeof rows>[0], on?: never) => {
    const t0 = performance.now();
    try {
      return await rows(query, on);
    } finally {
      const label = dialect.sqlToQuery(query).sql.replace(/\s+/g, ' ').trim().slice(0, labelLength);
      const s = sqlTime.get(label) ?? { n: 0, ms: 0 };
      s.n += 1;
      s.ms += performance.now() - t0;
      sqlTime.set(label, s);
    }
  }) as typeof database.rows;
  return sqlTime;
}

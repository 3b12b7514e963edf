import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../db/client.js';
import { textArrayLiteral } from './access-log.js';

// PostgreSQL when the suite runs against it (CI's second stage), else embedded PGlite.
let database: Database;
beforeAll(async () => {
  database = await openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir: 'memory://' });
});
afterAll(() => database.close());

describe('textArrayLiteral (the access log sends id lists as text[] literals)', () => {
  it('is read back by PostgreSQL as the same list, quotes, backslashes, commas and braces included', async () => {
    const lists = [[], ['mem_1'], ['a"b', 'c\\d', 'e,f', '{g}', ' h ', 'NULL', '']];
    for (const list of lists) {
      const [row] = await database.rows<{ v: string[] }>(sql`select ${textArrayLiteral(list)}::text[] as v`);
      expect(row!.v).toEqual(list);
    }
  });
});

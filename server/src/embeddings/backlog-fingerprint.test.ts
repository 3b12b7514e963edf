/**
 * The indexer's fingerprint of what there is to embed: unchanged while nothing is written, changed by
 * every insert and every rewrite in place, on the embedded PGlite too (whose single backend reports
 * its table statistics only when asked). Without it an idle PGlite server swept every table each
 * poll, an anti-join over every row holding the thread: 260 ms a second at 100,000 memories.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../db/client.js';
import { backlogFingerprint } from './store.js';

let database: Database;
beforeAll(async () => {
  // PGlite alone: the three tables the fingerprint reads, reduced to what it reads.
  database = await openDatabase({ dataDir: 'memory://' });
  for (const table of ['events', 'memories', 'artifacts'])
    await database.rows(sql.raw(`create table ${table} (id text primary key, text text not null)`));
});
afterAll(() => database.close());

describe('backlogFingerprint (PGlite)', () => {
  it('stays the same while nothing is written', async () => {
    await database.rows(sql`insert into events (id, text) values ('evt_1', 'first')`);
    const before = await backlogFingerprint(database);
    await database.rows(sql`select count(*) from memories`);
    expect(await backlogFingerprint(database)).toBe(before);
  });

  it('changes with each insert and each rewrite in place, of every source', async () => {
    const writes = [
      sql`insert into events (id, text) values ('evt_2', 'second')`,
      sql`insert into memories (id, text) values ('mem_1', 'lives in Lisbon')`,
      sql`update memories set text = 'lives in Porto' where id = 'mem_1'`,
      sql`insert into artifacts (id, text) values ('art_1', '# Profile')`,
      sql`update artifacts set text = '# Profile: user' where id = 'art_1'`,
      sql`update events set text = '[REDACTED]' where id = 'evt_1'`,
    ];
    let previous = await backlogFingerprint(database);
    for (const write of writes) {
      await database.rows(write);
      const now = await backlogFingerprint(database);
      expect(now, `after ${write.queryChunks.map((c) => JSON.stringify(c)).join('')}`).not.toBe(previous);
      previous = now;
    }
  });
});

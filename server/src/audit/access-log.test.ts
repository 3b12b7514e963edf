import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../db/client.js';
import type { Actor } from '../actor.js';
import type { Logger } from '../logger.js';
import { createAccessLog, textArrayLiteral } from './access-log.js';

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

describe('the access log written behind', () => {
  /** A database whose access-log insert is held until the test lets it finish; it keeps each batch's ids. */
  function heldDatabase() {
    const writes: { ids: string[]; done: () => void }[] = [];
    const db = {
      statement: () => (values: Record<string, unknown[]>) =>
        new Promise<unknown[]>((resolve) => writes.push({ ids: values.id as string[], done: () => resolve([]) })),
    } as unknown as Database;
    return { db, writes };
  }
  const actor = {
    kind: 'apiKey',
    tenantId: 'ten_1',
    apiKeyId: 'key_1',
    environment: 'live',
    requestId: 'req_1',
  } as Actor;
  const read = { operation: 'artifacts.list', memoryIds: [], artifactIds: ['art_1'] };
  const logger = { warn: () => {} } as unknown as Logger;
  const settle = () => new Promise((resolve) => setImmediate(resolve));

  it('writes the rows waiting when a write starts; rows read during it wait for the next flush', async () => {
    const { db, writes } = heldDatabase();
    const log = createAccessLog({ database: db, logger });
    for (let i = 0; i < 3; i++) log.record(actor, read);
    const first = log.flush();
    await settle();
    expect(writes.map((w) => w.ids.length)).toEqual([3]);
    for (let i = 0; i < 2; i++) log.record(actor, read);
    writes[0]!.done();
    await first;
    await settle();
    // Not a second insert straight away: a steady read load must not become one insert after another.
    expect(writes).toHaveLength(1);
    const second = log.flush();
    await settle();
    expect(writes.map((w) => w.ids.length)).toEqual([3, 2]);
    writes[1]!.done();
    await second;
  });

  it('a flush asked for during a write returns once the rows read before it are written', async () => {
    const { db, writes } = heldDatabase();
    const log = createAccessLog({ database: db, logger });
    log.record(actor, read);
    const first = log.flush();
    await settle();
    log.record(actor, read);
    let flushed = false;
    const second = log.flush().then(() => {
      flushed = true;
    });
    writes[0]!.done();
    await first;
    await settle();
    expect(flushed).toBe(false);
    expect(writes).toHaveLength(2);
    writes[1]!.done();
    await second;
    expect(flushed).toBe(true);
  });

  it('writes a full batch at once, once per batch', async () => {
    const { db, writes } = heldDatabase();
    const log = createAccessLog({ database: db, logger });
    for (let i = 0; i < 1000; i++) log.record(actor, read);
    await settle();
    expect(writes.map((w) => w.ids.length)).toEqual([1000]);
    for (let i = 0; i < 10; i++) log.record(actor, read);
    await settle();
    expect(writes).toHaveLength(1);
    writes[0]!.done();
  });
});

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from './client.js';

// Every warning the driver emits while this file runs (a query queued beside another on one connection
// is deprecated in node-postgres and fails in its next major version).
const warnings: string[] = [];
process.on('warning', (w) => warnings.push(`${w.name}: ${w.message}`));

// PostgreSQL when the suite runs against it (CI's second stage), else embedded PGlite.
let database: Database;
beforeAll(async () => {
  database = await openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir: 'memory://' });
});
afterAll(() => database.close());

/** The hot pool's connection that ran statements like `pattern` planned them generic only. */
async function expectGenericPlans(pattern: string) {
  const plans = await database.preparedRows<{ generic: number; custom: number }>(
    sql`select generic_plans::int as generic, custom_plans::int as custom from pg_prepared_statements
      where statement like ${pattern}`,
  );
  expect(plans.length).toBeGreaterThan(0);
  for (const p of plans) {
    expect(p.custom).toBe(0);
    expect(p.generic).toBeGreaterThan(0);
  }
}

describe('preparedRows', () => {
  it('answers what rows answers, dates and intervals as PostgreSQL text included', async () => {
    const query = sql`select ${'2026-11-25T10:00:00Z'}::timestamptz as at, '2026-11-25'::date as day,
      interval '90 minutes' as span, array[1.5, 2]::numeric[] as nums, 7::int as n, ${'x'} as s`;
    const viaPrepared = await database.preparedRows(query);
    expect(viaPrepared).toEqual(await database.rows(query));
    expect(typeof viaPrepared[0]!.at).toBe('string');
  });

  it.runIf(process.env.DATABASE_URL)('plans a hot statement once per connection, not on every call', async () => {
    // The plan a custom-plan choice would re-make on every call: an index probe whose estimate
    // depends on its array parameter (as capture's duplicate probe does).
    const hot = (n: number) =>
      sql`select count(*)::int as n from unnest(${sql.param(Array.from({ length: n }, (_, i) => `h${i}`))}::text[]) h
        cross join lateral (select 1 from pg_class where relname = h limit 1) c`;
    // Sequential calls reuse the pool's most recently released connection.
    for (let i = 0; i < 8; i++) await database.preparedRows(hot(1 + (i % 3)));
    await expectGenericPlans('%cross join lateral (select 1 from pg_class%');
  });
});

describe('statement', () => {
  it('fills its placeholders per call and answers what rows answers', async () => {
    const template = sql`select ${sql.placeholder('at')}::timestamptz as at, interval '90 minutes' as span,
      cardinality(${sql.placeholder('list')}::text[])::int as n, ${sql.placeholder('s')}::text as s,
      ${sql.placeholder('s')}::text || '!' as again`;
    const run = database.statement(template);
    const first = await run({ at: '2026-11-25T10:00:00Z', list: ['a', 'b', 'c'], s: 'x' });
    const second = await run({ at: '2026-11-26T10:00:00Z', list: [], s: 'y' });
    expect(first).toEqual(
      await database.rows(
        sql`select ${'2026-11-25T10:00:00Z'}::timestamptz as at, interval '90 minutes' as span, 3 as n, 'x' as s, 'x!' as again`,
      ),
    );
    expect(second[0]).toMatchObject({ n: 0, s: 'y', again: 'y!' });
    expect(typeof second[0]!.at).toBe('string');
  });

  it.runIf(process.env.DATABASE_URL)('is planned once per connection, generic', async () => {
    const run = database.statement<{ n: number }>(
      sql`select count(*)::int as n from unnest(${sql.placeholder('names')}::text[]) h
        cross join lateral (select 1 from pg_attribute where attname = h limit 1) c`,
    );
    for (let i = 0; i < 8; i++) await run({ names: Array.from({ length: 1 + (i % 3) }, (_, j) => `attr${j}`) });
    await expectGenericPlans('%from pg_attribute where attname = h%');
  });
});

describe('hot statements', () => {
  it.runIf(process.env.DATABASE_URL)(
    'set up each connection before its first statement, without a driver warning',
    async () => {
      // Several at once: each opens a connection of the hot pool of its own.
      const run = database.statement<{ mode: string }>(sql`select current_setting('plan_cache_mode') as mode`);
      const modes = await Promise.all(Array.from({ length: 4 }, () => run({})));
      expect(modes.flat().map((r) => r.mode)).toEqual(Array(4).fill('force_generic_plan'));
      expect(warnings.filter((w) => /already executing a query/.test(w))).toEqual([]);
    },
  );
});

describe('every connection', () => {
  // JIT compiled retrieval's bounded statements (estimated far above what they read) in 30-500 ms for
  // 5 ms of work (issue 29): no connection of the server's pools may run with it.
  it.runIf(process.env.DATABASE_URL)('runs without JIT compilation, on the main and the hot pools', async () => {
    const main = await Promise.all(
      Array.from({ length: 4 }, () => database.rows<{ jit: string }>(sql`select current_setting('jit') as jit`)),
    );
    const hot = database.statement<{ jit: string }>(sql`select current_setting('jit') as jit`);
    const hotRows = await Promise.all(Array.from({ length: 4 }, () => hot({})));
    expect([...main, ...hotRows].flat().map((r) => r.jit)).toEqual(Array(8).fill('off'));
    expect(warnings.filter((w) => /already executing a query/.test(w))).toEqual([]);
  });
});

/**
 * patches/pg@8.23.1.patch: node-postgres 8.23 copied every query's config with
 * Object.getOwnPropertyDescriptors before reading it (so as not to mutate the caller's object), which
 * cost more per query than the rest of building it. The patch reads through a new object that
 * inherits the config instead. These tests hold both halves: no copy, and still no mutation.
 */
import pg from 'pg';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

afterEach(() => vi.restoreAllMocks());

/** What a Query keeps of its config (fields node-postgres's types do not declare). */
interface Built {
  text?: string;
  name?: string;
  values?: unknown[];
  callback?: unknown;
}
const query = (...args: unknown[]) => new (pg.Query as unknown as new (...a: unknown[]) => Built)(...args);

describe('node-postgres query config (patched)', () => {
  it('is read without copying its property descriptors', () => {
    const copy = vi.spyOn(Object, 'getOwnPropertyDescriptors');
    copy.mockClear();
    const built = query({ name: 'q', text: 'select $1::int as n' }, [1]);
    // Counted before any expect(): vitest's assertions read descriptors themselves.
    const copies = copy.mock.calls.length;
    copy.mockRestore();
    expect(copies).toBe(0);
    expect(built.text).toBe('select $1::int as n');
    expect(built.name).toBe('q');
    expect(built.values).toEqual([1]);
  });

  it('leaves the caller’s config as it was when values and a callback are given apart', () => {
    const config = { text: 'select $1::int as n' };
    const callback = () => {};
    const built = query(config, [1], callback);
    expect(config).toEqual({ text: 'select $1::int as n' });
    expect(built.values).toEqual([1]);
    expect(built.callback).toBe(callback);
    // A config reused for a second query keeps answering with its own values.
    const again = query(config, [2]);
    expect(again.values).toEqual([2]);
  });

  it('reads inherited properties and getters of the config', () => {
    class Config {
      get text() {
        return 'select 1';
      }
    }
    expect(query(new Config(), []).text).toBe('select 1');
  });
});

/**
 * The same patch: a named statement's row description (and the parsers built from it) is asked for
 * once per connection, not on every execution. Needs a PostgreSQL server (CI's second stage).
 */
describe.skipIf(!process.env.DATABASE_URL)('node-postgres named statements (patched)', () => {
  let client: pg.Client;
  let describes: number;
  beforeAll(async () => {
    client = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await client.connect();
    const connection = (client as unknown as { connection: { describe: (...a: unknown[]) => void } }).connection;
    const describe = connection.describe.bind(connection);
    connection.describe = (...args: unknown[]) => {
      describes += 1;
      describe(...args);
    };
  });
  afterAll(() => client.end());
  beforeEach(() => {
    describes = 0;
  });

  const text = "select $1::int as n, 'x'::text as s, now() as at, array['a','b'] as list";

  it('describes the result once, then answers the same rows and fields without asking again', async () => {
    const first = await client.query({ name: 'hx_patch_same', text, values: [1] });
    const second = await client.query({ name: 'hx_patch_same', text, values: [2] });
    expect(describes).toBe(1);
    expect(second.fields.map((f) => [f.name, f.dataTypeID])).toEqual(first.fields.map((f) => [f.name, f.dataTypeID]));
    expect(first.rows[0]).toMatchObject({ n: 1, s: 'x', list: ['a', 'b'] });
    expect(second.rows[0]).toMatchObject({ n: 2, s: 'x', list: ['a', 'b'] });
    expect(second.rows[0].at).toBeInstanceOf(Date);
    const asArrays = await client.query({ name: 'hx_patch_same', text, values: [3], rowMode: 'array' });
    expect(asArrays.rows[0]!.slice(0, 2)).toEqual([3, 'x']);
    expect(describes).toBe(1);
  });

  it('parses with the parsers of each query’s own types, described again for other types', async () => {
    const asText = { getTypeParser: () => (value: string) => `text:${value}` };
    await client.query({ name: 'hx_patch_types', text, values: [1] });
    const custom = await client.query({ name: 'hx_patch_types', text, values: [1], types: asText as never });
    expect(custom.rows[0]).toMatchObject({ n: 'text:1', s: 'text:x' });
    const again = await client.query({ name: 'hx_patch_types', text, values: [1] });
    expect(again.rows[0]).toMatchObject({ n: 1, s: 'x' });
    expect(describes).toBe(3);
  });

  it('describes again after an execution fails, and the statement still answers', async () => {
    const divide = 'select 10 / $1::int as q';
    expect((await client.query({ name: 'hx_patch_fail', text: divide, values: [2] })).rows).toEqual([{ q: 5 }]);
    await expect(client.query({ name: 'hx_patch_fail', text: divide, values: [0] })).rejects.toThrow(
      /division by zero/,
    );
    expect((await client.query({ name: 'hx_patch_fail', text: divide, values: [5] })).rows).toEqual([{ q: 2 }]);
    expect(describes).toBe(2);
  });

  it('leaves statements without a result (no row description) as they were', async () => {
    await client.query('create temporary table hx_patch_t (v int)');
    for (const v of [1, 2])
      await client.query({ name: 'hx_patch_insert', text: 'insert into hx_patch_t values ($1)', values: [v] });
    expect((await client.query('select count(*)::int as c from hx_patch_t')).rows).toEqual([{ c: 2 }]);
  });
});

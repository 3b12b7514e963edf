/**
 * patches/pg@8.23.1.patch: node-postgres 8.23 copied every query's config with
 * Object.getOwnPropertyDescriptors before reading it (so as not to mutate the caller's object), which
 * cost more per query than the rest of building it. The patch reads through a new object that
 * inherits the config instead. These tests hold both halves: no copy, and still no mutation.
 */
import pg from 'pg';
import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => vi.restoreAllMocks());

describe('node-postgres query config (patched)', () => {
  it('is read without copying its property descriptors', () => {
    const copy = vi.spyOn(Object, 'getOwnPropertyDescriptors');
    copy.mockClear();
    const query = new pg.Query({ name: 'q', text: 'select $1::int as n', rowMode: 'array' }, [1]);
    // Counted before any expect(): vitest's assertions read descriptors themselves.
    const copies = copy.mock.calls.length;
    copy.mockRestore();
    expect(copies).toBe(0);
    expect(query.text).toBe('select $1::int as n');
    expect(query.name).toBe('q');
    expect(query.values).toEqual([1]);
  });

  it('leaves the caller’s config as it was when values and a callback are given apart', () => {
    const config = { text: 'select $1::int as n' };
    const callback = () => {};
    const query = new pg.Query(config, [1], callback);
    expect(config).toEqual({ text: 'select $1::int as n' });
    expect(query.values).toEqual([1]);
    expect(query.callback).toBe(callback);
    // A config reused for a second query keeps answering with its own values.
    const again = new pg.Query(config, [2]);
    expect(again.values).toEqual([2]);
  });

  it('reads inherited properties and getters of the config', () => {
    class Config {
      get text() {
        return 'select 1';
      }
    }
    const query = new pg.Query(new Config() as unknown as pg.QueryConfig, [], undefined);
    expect(query.text).toBe('select 1');
  });
});

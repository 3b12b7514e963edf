/**
 * patches/pg@8.23.1.patch: node-postgres 8.23 copied every query's config with
 * Object.getOwnPropertyDescriptors before reading it (so as not to mutate the caller's object), which
 * cost more per query than the rest of building it. The patch reads through a new object that
 * inherits the config instead. These tests hold both halves: no copy, and still no mutation.
 */
import pg from 'pg';
import { afterEach, describe, expect, it, vi } from 'vitest';

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

import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { createCountsBehind } from './counts-behind.js';

interface Row {
  key: string;
  hour: number;
  n: number;
}

function setup(write: (rows: Row[]) => Promise<unknown>) {
  return createCountsBehind<Row>({
    key: (r) => r.key,
    merge: (into, r) => {
      into.n += r.n;
    },
    write,
    logger: pino({ level: 'silent' }),
    what: 'test counts',
  });
}

describe('counts written behind', () => {
  it('adds rows up by key and writes them in one call, without touching the rows given', async () => {
    const writes: Row[][] = [];
    const counts = setup(async (rows) => void writes.push(rows.map((r) => ({ ...r }))));
    const first = { key: 'a', hour: 1, n: 1 };
    counts.add(first);
    counts.add({ key: 'a', hour: 1, n: 2 });
    counts.add({ key: 'b', hour: 1, n: 5 });
    await counts.flush();
    expect(writes).toEqual([
      [
        { key: 'a', hour: 1, n: 3 },
        { key: 'b', hour: 1, n: 5 },
      ],
    ]);
    expect(first.n).toBe(1);
    await counts.flush();
    expect(writes).toHaveLength(1);
  });

  it('a failed write puts its rows back as they were, added to what came in meanwhile', async () => {
    const writes: Row[][] = [];
    let fail = true;
    const counts = setup(async (rows) => {
      if (fail) throw new Error('database down');
      writes.push(rows.map((r) => ({ ...r })));
    });
    counts.add({ key: 'a', hour: 10, n: 4 });
    const failed = counts.flush();
    counts.add({ key: 'a', hour: 10, n: 1 });
    await failed;
    fail = false;
    await counts.flush();
    // The row keeps its own hour (not the hour of the retry).
    expect(writes).toEqual([[{ key: 'a', hour: 10, n: 5 }]]);
  });

  it("settle writes the key's pending counts, waits for a write that carries them, and is free otherwise", async () => {
    const writes: string[][] = [];
    let release: () => void = () => {};
    const counts = setup(async (rows) => {
      await new Promise<void>((r) => {
        release = r;
      });
      writes.push(rows.map((r) => r.key));
    });
    await counts.settle('none');
    expect(writes).toEqual([]);

    counts.add({ key: 'a', hour: 1, n: 1 });
    let settled = false;
    const settling = counts.settle('a').then(() => {
      settled = true;
    });
    await new Promise((r) => setTimeout(r, 10));
    expect(settled).toBe(false);
    // In flight now: a second settle waits for the same write; another key does not.
    let again = false;
    const second = counts.settle('a').then(() => {
      again = true;
    });
    await counts.settle('b');
    expect(again).toBe(false);
    release();
    await Promise.all([settling, second]);
    expect(writes).toEqual([['a']]);
  });
});

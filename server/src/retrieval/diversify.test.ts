/**
 * The lazy greedy MMR must pick exactly what the plain (eager) MMR loop picks, in the same order and
 * with the same values, on random candidate sets with overlapping vocabularies.
 */
import { describe, expect, it } from 'vitest';
import { diversify, MMR_LAMBDA } from './diversify.js';
import { docOf, type RankedItem } from './ranked-item.js';

function seeded(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

function items(rand: () => number, n: number): RankedItem[] {
  const out: RankedItem[] = [];
  for (let i = 0; i < n; i++) {
    const words = new Set<string>();
    const size = 2 + Math.floor(rand() * 10);
    // A small vocabulary, so near-copies are common.
    while (words.size < size) words.add(`w${Math.floor(rand() * 30)}`);
    const tsv = [...words].map((w, j) => `'${w}':${j + 1}`).join(' ');
    out.push({
      key: `memory:m${i}`,
      source: 'memory',
      row: { id: `m${i}` } as RankedItem['row'],
      section: 'facts',
      doc: docOf(tsv),
      score: rand(),
    });
  }
  return out.sort((a, b) => b.score - a.score);
}

/** The textbook loop: every remaining item re-scored against every pick. */
function eager(list: RankedItem[], limit: number, lambda = MMR_LAMBDA): Array<[string, number]> {
  const pool = list.slice(0, Math.ceil(limit * 1.5));
  const max = pool[0]?.score ?? 1;
  const sets = pool.map((i) => new Set(i.doc.terms().keys()));
  const sim = (a: Set<string>, b: Set<string>) => {
    if (a.size === 0 || b.size === 0) return 0;
    let shared = 0;
    for (const x of a) if (b.has(x)) shared += 1;
    return shared / (a.size + b.size - shared);
  };
  const picked: number[] = [];
  const out: Array<[string, number]> = [];
  while (picked.length < Math.min(limit, pool.length)) {
    let best = -1;
    let bestValue = Number.NEGATIVE_INFINITY;
    for (let i = 0; i < pool.length; i++) {
      if (picked.includes(i)) continue;
      let maxSim = 0;
      for (const p of picked) maxSim = Math.max(maxSim, sim(sets[p] as Set<string>, sets[i] as Set<string>));
      const value = lambda * ((pool[i] as RankedItem).score / max) - (1 - lambda) * maxSim;
      if (value > bestValue) {
        bestValue = value;
        best = i;
      }
    }
    picked.push(best);
    out.push([(pool[best] as RankedItem).key, bestValue]);
  }
  return out;
}

describe('diversify', () => {
  it('picks what the eager MMR loop picks, in order, with the same values', () => {
    const rand = seeded(42);
    for (let round = 0; round < 200; round++) {
      const list = items(rand, 1 + Math.floor(rand() * 150));
      const limit = 1 + Math.floor(rand() * 80);
      const expected = eager(list, limit);
      const got = diversify(list, limit).slice(0, expected.length);
      expect(got.map((i) => i.key)).toEqual(expected.map(([k]) => k));
      for (const [n, [, v]] of expected.entries()) expect(got[n]?.rankScore).toBeCloseTo(v, 12);
    }
  });

  it('never lets rankScore rise along the result, the unpicked rest included', () => {
    const rand = seeded(7);
    for (let round = 0; round < 50; round++) {
      const list = items(rand, 200);
      const scores = diversify(list, 40).map((i) => i.rankScore as number);
      for (let k = 1; k < scores.length; k++) expect(scores[k]).toBeLessThanOrEqual(scores[k - 1] as number);
    }
  });

  it('counts two turns of one session as alike when asked to (a list question), by their words otherwise', () => {
    const turn = (id: string, session: string, words: string, score: number): RankedItem => ({
      key: `event:${id}`,
      source: 'event',
      row: { id, session_id: session } as RankedItem['row'],
      section: 'context',
      doc: docOf(
        words
          .split(' ')
          .map((w, j) => `'${w}':${j + 1}`)
          .join(' '),
      ),
      score,
    });
    const list = [
      turn('a', 's1', 'beach kids', 1),
      turn('b', 's1', 'sandcastle water', 0.95),
      turn('c', 's2', 'museum', 0.9),
    ];
    expect(diversify(list, 3).map((i) => i.row.id)).toEqual(['a', 'b', 'c']);
    expect(diversify(list, 3, { sessionSimilarity: 0.6 }).map((i) => i.row.id)).toEqual(['a', 'c', 'b']);
  });
});

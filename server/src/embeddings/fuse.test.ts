import { describe, expect, it } from 'vitest';
import { FUSION_HEAD, fusedScores, WHEN_GATE } from './fuse.js';
import type { VectorHit } from './store.js';

const hit = (id: string, similarity: number): VectorHit => ({ source: 'event', id, similarity }) as VectorHit;
const order = (scores: Map<string, number>) => [...scores.entries()].sort((a, b) => b[1] - a[1]).map(([k]) => k);

describe('fusedScores: the gate', () => {
  it('keeps the confident lexical head in its order; a vector neighbour cannot pass it', () => {
    const lexical = [
      { key: 'event:a', score: 10 },
      { key: 'event:b', score: 9 },
      { key: 'event:c', score: 8.9 },
    ];
    // c is the nearest vector, b the farthest; d is found by its vector only.
    const hits = [hit('c', 0.9), hit('d', 0.88), hit('b', 0.1)];
    expect(order(fusedScores(lexical, hits, 0.15))).toEqual(['event:a', 'event:b', 'event:c', 'event:d']);
  });

  it('lets near vectors lead where lexical matches are weak, and order by vector with none', () => {
    const lexical = [
      { key: 'event:a', score: 10 },
      { key: 'event:weak', score: 1 },
    ];
    const hits = [hit('near', 0.95), hit('weak', 0.2), hit('far', 0.1)];
    expect(order(fusedScores(lexical, hits, 0.15))).toEqual(['event:a', 'event:near', 'event:weak', 'event:far']);
    expect(order(fusedScores([], [hit('x', 0.2), hit('y', 0.9)], 0.15))).toEqual(['event:y', 'event:x']);
  });

  it('protects at most FUSION_HEAD items; below them the weighted sum orders', () => {
    const lexical = Array.from({ length: FUSION_HEAD + 2 }, (_, i) => ({ key: `event:l${i}`, score: 100 - i }));
    const hits = [hit(`l${FUSION_HEAD + 1}`, 1), hit(`l${FUSION_HEAD}`, 0)];
    const ranked = order(fusedScores(lexical, hits, 0.15));
    expect(ranked.slice(0, FUSION_HEAD)).toEqual(lexical.slice(0, FUSION_HEAD).map((l) => l.key));
    expect(ranked.slice(FUSION_HEAD)).toEqual([`event:l${FUSION_HEAD + 1}`, `event:l${FUSION_HEAD}`]);
  });

  it('for a question asking when, the first FUSION_HEAD keep their places however far the best is ahead', () => {
    // The best is ten times the rest (a boosted answer): under the default gate only it is protected.
    const lexical = [
      { key: 'event:best', score: 100 },
      ...[1, 2, 3].map((i) => ({ key: `event:l${i}`, score: 10 - i })),
    ];
    const hits = [hit('l3', 1), hit('only-vector', 0.95), hit('l1', 0)];
    expect(order(fusedScores(lexical, hits, 0.15)).slice(0, 2)).toEqual(['event:best', 'event:l3']);
    expect(order(fusedScores(lexical, hits, 0.15, WHEN_GATE))).toEqual([
      'event:best',
      'event:l1',
      'event:l2',
      'event:l3',
      'event:only-vector',
    ]);
  });
});

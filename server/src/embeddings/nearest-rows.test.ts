/**
 * The in-memory search of large scopes (PGlite): a shortlist by sign bits, then exact scores. What it
 * returns must be what an exact scan returns for neighbours that are near, with exact similarities.
 */
import { describe, expect, it } from 'vitest';
import { nearestRows, type ScopeVectors, signCodes } from './store.js';

const DIMENSIONS = 512;

/** A deterministic generator (mulberry32), so a failure reproduces. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function unit(values: number[]): number[] {
  const norm = Math.hypot(...values);
  return values.map((v) => v / norm);
}

/** `count` random unit rows, with `planted` rows at similarities spread over 0.3-0.95 to `query` at random places. */
function scope(count: number, planted: number, query: number[], rand: () => number): ScopeVectors {
  const matrix = new Float32Array(count * DIMENSIONS);
  const gauss = () => Math.sqrt(-2 * Math.log(rand() + 1e-12)) * Math.cos(2 * Math.PI * rand());
  const places = new Set<number>();
  while (places.size < planted) places.add(Math.floor(rand() * count));
  let k = 0;
  for (let row = 0; row < count; row++) {
    const noise = unit(Array.from({ length: DIMENSIONS }, gauss));
    let v = noise;
    if (places.has(row)) {
      const target = 0.3 + (0.65 * k++) / planted;
      v = unit(query.map((q, i) => target * q + Math.sqrt(1 - target * target) * (noise[i] as number)));
    }
    matrix.set(v, row * DIMENSIONS);
  }
  const ids = Array.from({ length: count }, (_, i) => `mem_${i}`);
  return {
    listedAt: 0,
    listMs: 0,
    at: 0,
    since: null,
    ids,
    hashes: [],
    rowOf: new Map(ids.map((id, i) => [id, i])),
    matrix,
    dimensions: DIMENSIONS,
    codes: signCodes(matrix, DIMENSIONS),
  };
}

function exactTop(entry: ScopeVectors, q: number[], limit: number): Array<[number, number]> {
  const all: Array<[number, number]> = [];
  for (let row = 0; row < entry.ids.length; row++) {
    let dot = 0;
    for (let i = 0; i < DIMENSIONS; i++) dot += (entry.matrix[row * DIMENSIONS + i] as number) * (q[i] as number);
    all.push([row, dot]);
  }
  return all.sort((a, b) => b[1] - a[1]).slice(0, limit);
}

describe('nearestRows', () => {
  it('finds in a large scope (shortlist by sign bits) the same near neighbours as an exact scan, with exact scores', () => {
    const rand = random(28);
    const query = unit(Array.from({ length: DIMENSIONS }, () => rand() - 0.5));
    const entry = scope(30_000, 50, query, rand);
    const got = nearestRows(entry, Float32Array.from(query), 50);
    const want = exactTop(entry, query, 50);
    expect(got.map(([row]) => row)).toEqual(want.map(([row]) => row));
    for (const [i, [, similarity]] of got.entries())
      expect(similarity).toBeCloseTo((want[i] as [number, number])[1], 5);
  });

  it('scans a small scope exactly, best first', () => {
    const rand = random(7);
    const query = unit(Array.from({ length: DIMENSIONS }, () => rand() - 0.5));
    const entry = scope(2_000, 10, query, rand);
    const got = nearestRows(entry, Float32Array.from(query), 25);
    expect(got).toEqual(exactTop(entry, query, 25).map(([row, dot]) => [row, expect.closeTo(dot, 5)]));
  });
});

import { describe, expect, it } from 'vitest';
import { factKey } from './pack-context.js';

describe('factKey', () => {
  it('reads a fact the same in the forms learn and the context write it', () => {
    const key = factKey('john: Last Friday, I had a milestone moment at the gym.');
    expect(factKey('- [episode] john: Last Friday (2023-12-15), I had a milestone moment at the gym.')).toBe(key);
    expect(factKey('- 2023-12-15: john: Last Friday, I had a milestone moment at the gym. ("Last Friday")')).toBe(key);
    expect(factKey('- [episode] john: Last week (the week of 2023-12-04), I had a milestone moment at the gym.')).toBe(
      factKey('john: Last week, I had a milestone moment at the gym.'),
    );
    expect(factKey('- dana lives in Porto (since 2026-01-20, confidence 0.9)')).toBe('dana lives in porto');
  });

  it('keeps a date that is the fact itself', () => {
    expect(factKey('dana was born on 1990-04-02')).toContain('1990 04 02');
    expect(factKey('v2 ships (2024-05-01)')).not.toBe(factKey('v2 ships (2024-06-01)'));
  });
});

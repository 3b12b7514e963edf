import { describe, expect, it } from 'vitest';
import { newId } from './ids.js';

describe('newId', () => {
  it('answers distinct, well-formed ids that sort in the order they were made', () => {
    const ids = Array.from({ length: 20_000 }, () => newId('evt'));
    for (const id of ids.slice(0, 100)) expect(id).toMatch(/^evt_[0-9A-HJKMNP-TV-Z]{26}$/);
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual(ids);
  });

  it('draws a fresh random part every millisecond, spread over the whole alphabet', () => {
    const firstRandomChars = new Set<string>();
    for (let i = 0; i < 300; i++) {
      // Within one millisecond ulid increments the last id; a new one draws new randomness.
      const ms = Date.now();
      while (Date.now() === ms) {}
      firstRandomChars.add(newId('req').slice(4 + 10, 4 + 11));
    }
    expect(firstRandomChars.size).toBeGreaterThan(24);
  });
});

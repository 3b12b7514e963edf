/**
 * The ranking order (byScore) decides between equal scores by key, so the same candidates rank the
 * same way whatever order the database returned them in: LoCoMo's contexts changed from run to run
 * where two turns tied (a share lent to both, a session's turns of one date) and learn had rewritten
 * the rows in between.
 */
import { describe, expect, it } from 'vitest';
import { byScore } from './ranked-item.js';

const item = (key: string, score: number) => ({ key, score });

describe('byScore', () => {
  it('ranks the higher score first, and equal scores by key, earlier first, in any input order', () => {
    const items = [
      item('event:01HB', 2),
      item('event:01HA', 2),
      item('memory:01HC', 5),
      item('event:01HD', 1),
      item('event:01H9', 2),
    ];
    const expected = ['memory:01HC', 'event:01H9', 'event:01HA', 'event:01HB', 'event:01HD'];
    for (let shift = 0; shift < items.length; shift++) {
      const rotated = [...items.slice(shift), ...items.slice(0, shift)];
      expect([...rotated].sort(byScore).map((i) => i.key)).toEqual(expected);
      expect(
        [...rotated]
          .reverse()
          .sort(byScore)
          .map((i) => i.key),
      ).toEqual(expected);
    }
  });
});

import { describe, expect, it } from 'vitest';
import { scoreSessions } from './sessions.js';

const turn = (sessionId: string | null, terms: Record<string, number>) => ({
  sessionId,
  tfOf: (l: string) => terms[l] ?? 0,
});

describe('scoreSessions', () => {
  const query = new Map([
    ['screenplay', 1],
    ['joanna', 1],
  ]);
  const idf = new Map([
    ['screenplay', 3],
    ['joanna', 0.5],
  ]);

  it('scores a session from all its matching turns, so words spread over turns add up', () => {
    const scores = scoreSessions(
      [turn('a', { screenplay: 1 }), turn('a', { joanna: 1 }), turn('b', { screenplay: 1 })],
      query,
      idf,
    );
    expect(scores.get('a')).toBeGreaterThan(scores.get('b') as number);
    expect(scores.get('b')).toBeCloseTo(3 * ((1 * 2.2) / (1 + 1.2)));
  });

  it('saturates repeated occurrences and weighs rare terms above common ones', () => {
    const scores = scoreSessions(
      [turn('many', { joanna: 10 }), turn('rare', { screenplay: 1 }), turn('one', { joanna: 1 })],
      query,
      idf,
    );
    expect(scores.get('many')).toBeLessThan(2.2 * 0.5);
    expect(scores.get('many')).toBeGreaterThan(scores.get('one') as number);
    expect(scores.get('rare')).toBeGreaterThan(scores.get('many') as number);
  });

  it('leaves out turns without a session and sessions without a match', () => {
    const scores = scoreSessions([turn(null, { screenplay: 2 }), turn('c', { other: 1 })], query, idf);
    expect(scores.size).toBe(0);
  });
});

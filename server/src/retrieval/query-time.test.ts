import { describe, expect, it } from 'vitest';
import { inRange, queryTimeRange, withoutDateNumbers } from './query-time.js';

const now = new Date('2026-11-24T12:00:00Z');
const iso = (r: ReturnType<typeof queryTimeRange>) => r && [r.from.toISOString(), r.to.toISOString()];
/** Each question reads as [from, to), both at midnight UTC. */
const expectRanges = (cases: Array<[question: string, from: string, to: string]>) => {
  for (const [question, from, to] of cases) {
    expect(iso(queryTimeRange(question, now)), question).toEqual([`${from}T00:00:00.000Z`, `${to}T00:00:00.000Z`]);
  }
};

describe('queryTimeRange', () => {
  it('reads a day with a day of slack either side', () => {
    expectRanges([
      ['What did Caroline share with Melanie on October 13, 2023?', '2023-10-12', '2023-10-15'],
      ['What did Gina find for her store on 1 February, 2023?', '2023-01-31', '2023-02-03'],
    ]);
  });

  it('reads a month, a year and a relative year against the reference time', () => {
    expectRanges([
      ['What did John do in May 2023?', '2023-05-01', '2023-06-01'],
      ['Which book did Tim read in 2022?', '2022-01-01', '2023-01-01'],
      ['What did she start last year?', '2025-01-01', '2026-01-01'],
    ]);
  });

  it('reads early, mid and late in a month as the part of it they name', () => {
    // "late May" was the whole of May: a turn of May 4 outranked the one of May 22 asked about.
    expectRanges([
      ['What did John do in early May 2023?', '2023-05-01', '2023-05-14'],
      ['What happened mid-May 2023?', '2023-05-08', '2023-05-24'],
      ['What did I do in late May 2023?', '2023-05-18', '2023-06-01'],
    ]);
  });

  it('finds no time in a question that names none', () => {
    expect(queryTimeRange('When did Caroline go to the LGBTQ support group?', now)).toBeNull();
  });

  it('includes the start and excludes the end', () => {
    const range = { from: new Date('2023-05-01T00:00:00Z'), to: new Date('2023-06-01T00:00:00Z'), phrase: 'in May' };
    expect(inRange(range, new Date('2023-05-01T00:00:00Z'))).toBe(true);
    expect(inRange(range, new Date('2023-06-01T00:00:00Z'))).toBe(false);
  });

  it('takes the numbers of the date out of the words to match, and leaves the others', () => {
    const range = queryTimeRange('What happened on April 1 at gate 12?', now);
    const terms = {
      lexemes: new Map([
        ['happen', 1],
        ['april', 1],
        ['1', 1],
        ['gate', 1],
        ['12', 1],
      ]),
    };
    expect([...withoutDateNumbers(terms, range).lexemes.keys()]).toEqual(['happen', 'april', 'gate', '12']);
    expect(withoutDateNumbers(terms, null)).toBe(terms);
  });
});

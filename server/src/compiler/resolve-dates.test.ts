import { describe, expect, it } from 'vitest';
import { formatResolved, resolveDate } from './resolve-dates.js';

const resolved = (text: string, at: string, past = true) => {
  const r = resolveDate(text, new Date(at), past);
  return r ? formatResolved(r) : null;
};

describe('resolveDate', () => {
  it('reads a past weekday as the one before the statement, never a year back', () => {
    // Said on Monday 2024-05-06: chrono's nearest Tuesday is the next day.
    expect(resolved('the release slipped on Tuesday', '2024-05-06T09:00:00Z')).toBe('2024-04-30');
    expect(resolved('I went to a concert on Friday', '2023-07-06T13:00:00Z')).toBe('2023-06-30');
    expect(resolved('I went to a concert on Monday', '2023-07-06T13:00:00Z')).toBe('2023-07-03');
  });

  it('reads a weekday of what is to come forward, and a past month a year back', () => {
    expect(resolved('we will ship on Tuesday', '2024-05-06T09:00:00Z', false)).toBe('2024-05-07');
    expect(resolved('I went to a pride parade in June', '2023-05-10T09:00:00Z')).toBe('2022-06');
  });

  it('is not put off by a name or word that starts like a month (Maria, Maybe, Mark, Junior)', () => {
    // The month gate took "Maria" for "Mar", and chrono, shown only the words around the name, found no date.
    expect(
      resolved(
        'What community service did Maria mention that she was involved in on 31 July, 2023?',
        '2024-01-01T00:00:00Z',
      ),
    ).toBe('2023-07-31');
    expect(
      resolved('Maybe we should all go for a long hike together next weekend', '2023-07-06T13:00:00Z', false),
    ).toBe('2023-07-15');
    expect(
      resolved('Mark and Junior from the marketing team met the investors on 3 June 2023', '2023-07-06T13:00:00Z'),
    ).toBe('2023-06-03');
    expect(resolved('Maria and Mark are on a marketing course', '2023-07-06T13:00:00Z')).toBeNull();
  });

  it('takes a month\'s name said alone for a name when another time is named ("April told me ... yesterday")', () => {
    expect(resolved('I saw April yesterday', '2023-07-06T13:00:00Z')).toBe('2023-07-05');
    expect(resolved('April told me about her trip to the lake with her kids yesterday', '2023-07-06T13:00:00Z')).toBe(
      '2023-07-05',
    );
    // A month after a word of time, or the only time named, is still the month.
    expect(resolved('I went to a parade in June, yesterday I rested', '2023-07-06T13:00:00Z')).toBe('2023-06');
    expect(resolved('June was hot', '2023-07-06T13:00:00Z')).toBe('2023-06');
  });
});

/**
 * The time a query asks about ("on 13 October, 2023", "in May 2023", "last year"), resolved against
 * the time of the read (asOf or now) to a half-open interval, so results dated inside it can be
 * boosted. Uses the same resolver learn applies to statements (chrono-node behind a keyword gate).
 */
import { resolveDate } from '../compiler/resolve-dates.js';

export interface TimeRange {
  from: Date;
  to: Date;
  /** The words that named it ("on April 1"). */
  phrase: string;
}

const DAY_MS = 86_400_000;

const MONTHS = 'january|february|march|april|may|june|july|august|september|october|november|december';
/** A part of a month a query names, and the days it reads (`first` to `end`, exclusive; past the month's end: to it). */
const PART_OF_MONTH: Array<{ re: RegExp; first: number; end: number }> = [
  {
    re: new RegExp(String.raw`\b(?:early|(?:the\s+)?(?:start|beginning)\s+of)[-\s]+(?:${MONTHS})\b`, 'i'),
    first: 1,
    end: 14,
  },
  { re: new RegExp(String.raw`\b(?:mid|(?:the\s+)?middle\s+of)[-\s]+(?:${MONTHS})\b`, 'i'), first: 8, end: 24 },
  { re: new RegExp(String.raw`\b(?:late|(?:the\s+)?end\s+of)[-\s]+(?:${MONTHS})\b`, 'i'), first: 18, end: 32 },
];

/** The interval a query's time expression names, or null when it names none. */
export function queryTimeRange(query: string, reference: Date): TimeRange | null {
  const resolved = resolveDate(query, reference, true);
  if (!resolved) return null;
  const d = resolved.date;
  const y = d.getUTCFullYear();
  const m = d.getUTCMonth();
  const { phrase } = resolved;
  switch (resolved.granularity) {
    case 'day': {
      // A day is read with a day's slack either side: time zones, and "yesterday" told the day after.
      const start = Date.UTC(y, m, d.getUTCDate());
      return { from: new Date(start - DAY_MS), to: new Date(start + 2 * DAY_MS), phrase };
    }
    case 'week':
      return { from: new Date(d.getTime() - 4 * DAY_MS), to: new Date(d.getTime() + 4 * DAY_MS), phrase };
    case 'month': {
      // "early May", "mid-May", "late May", "the end of May": a third of the month, with a few days' slack.
      const part = PART_OF_MONTH.find(({ re }) => re.test(query)) ?? { first: 1, end: 32 };
      const end = Math.min(Date.UTC(y, m, part.end), Date.UTC(y, m + 1, 1));
      return { from: new Date(Date.UTC(y, m, part.first)), to: new Date(end), phrase };
    }
    default:
      return { from: new Date(Date.UTC(y, 0, 1)), to: new Date(Date.UTC(y + 1, 0, 1)), phrase };
  }
}

/**
 * The query's terms without the numbers of its date ("on April 1": the 1 is no word to match; it found
 * every "1 event" of the session summaries).
 */
export function withoutDateNumbers<T extends { lexemes: Map<string, number> }>(terms: T, range: TimeRange | null): T {
  if (!range) return terms;
  const numbers = new Set(range.phrase.match(/\d+/g) ?? []);
  if (![...terms.lexemes.keys()].some((l) => numbers.has(l))) return terms;
  return { ...terms, lexemes: new Map([...terms.lexemes].filter(([l]) => !numbers.has(l))) };
}

/** A row's date column as a Date (null when absent or unreadable). */
export function toDate(v: string | Date | null): Date | null {
  if (!v) return null;
  const d = v instanceof Date ? v : new Date(v);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** A row's date column as milliseconds (null when absent or unreadable). */
export function timeOf(v: string | Date | null): number | null {
  return toDate(v)?.getTime() ?? null;
}

export function inRange(range: TimeRange, when: Date): boolean {
  return when.getTime() >= range.from.getTime() && when.getTime() < range.to.getTime();
}

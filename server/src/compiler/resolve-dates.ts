/**
 * Resolves the time a statement talks about ("yesterday", "last week", "in May", "two days ago",
 * "in 2019") to a calendar date, against the event's occurredAt, using chrono-node. A cheap
 * keyword gate keeps chrono off the many sentences that name no time at all.
 */
import * as chrono from 'chrono-node';

export type Granularity = 'day' | 'week' | 'month' | 'year';

export interface ResolvedDate {
  date: Date;
  /** The phrase that named it, as written. */
  phrase: string;
  granularity: Granularity;
}

/** The months' names (a hint of time, and what a month said alone is read against). */
const MONTHS = 'January|February|March|April|May|June|July|August|September|October|November|December';

const TEMPORAL_HINT = new RegExp(
  String.raw`\b(?:[Yy]esterday|[Tt]oday|[Tt]onight|[Tt]omorrow|ago|[Ll]ast (?:\w+ )?(?:week|weekend|month|year|night|time|summer|winter|spring|fall|autumn|[A-Z]\w+)|[Nn]ext (?:\w+ )?(?:week|weekend|month|year|[A-Z]\w+)|[Tt]his (?:morning|afternoon|evening|week|weekend|month|year|past)|(?:${MONTHS}|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sept?|Oct|Nov|Dec)|(?:Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day|Tues|Weds|(?:19|20)\d\d|\d{1,2}[/.-]\d{1,2}|the \d{1,2}(?:st|nd|rd|th)|earlier this \w+|the other day|(?:a|one|two|three|few|couple of) (?:days|weeks|months|years))\b`,
  'g',
);

/**
 * A sentence telling what was done: a person and a verb in the past ("I got great news", "we finally
 * made it"). Its weekday is the one before, even when the turn's next sentence looks ahead.
 */
export const DONE =
  /\b(?:I|we|he|she|they)\s+(?:\w+ly\s+|just\s+|also\s+)?(?:was|were|did|had|got|went|came|made|won|took|saw|met|found|felt|gave|left|ran|bought|told|said|began|wrote|read|heard|\w+[^e\W]ed)\b/i;

/** Weekday abbreviations chrono does not read, with the names it does. */
const ABBREVIATED = /\b(?:Tues|Weds)\b/i;
const FULL_NAME: Record<string, string> = { tues: 'Tuesday', weds: 'Wednesday' };

const YEAR_ONLY = /\b(?:in|since|during|back in|around|from)\s+((?:19|20)\d\d)\b/i;

/**
 * A day of the month named alone ("on the 15th", "since the 3rd"), which chrono does not read; not a
 * rank ("on the 2nd floor", "the 3rd time").
 */
const DAY_ONLY =
  /\b(?:on|since|by|until|till|from|before|after) the ([1-9]|[12]\d|3[01])(?:st|nd|rd|th)\b(?!\s+(?:of\b|place|time|floor|grade|century|round|row|day|week|year|anniversary|birthday|attempt|try|game|inning|quarter|period|lap|level|book|season|episode|chapter|edition|generation|child|kid|baby|step|stage|leg|set|match|race|lesson|class))/i;

/** The day `day` of the month of `reference`, or of the month before (past) or after (to come) when that side of it. */
function dayOfMonth(day: number, reference: Date, pastTense: boolean): Date {
  const y = reference.getUTCFullYear();
  const m = reference.getUTCMonth();
  const today = reference.getUTCDate();
  const shift = pastTense && day > today ? -1 : !pastTense && day < today ? 1 : 0;
  return new Date(Date.UTC(y, m + shift, day));
}

export const DAY_MS = 86_400_000;

/** Hints tried in one text at most: each costs a chrono parse of its window. */
const MAX_HINTS = 4;

/** Date phrases in a sentence, resolved; null when the sentence names no time. */
export function resolveDate(text: string, reference: Date, pastTense: boolean): ResolvedDate | null {
  // A hint is only a hint ("May I ask", a month's abbreviation): the words around each are read in
  // turn until one names a time. A month's name alone ("April told me", "June and I") may be a
  // person's: kept only when no other time is named.
  let tried = 0;
  let bareMonth: ResolvedDate | null = null;
  for (const hint of text.matchAll(TEMPORAL_HINT)) {
    const resolved = resolveAround(text, hint.index, hint[0].length, reference, pastTense);
    if (resolved && !resolved.bareMonth) return resolved.date;
    bareMonth ??= resolved?.date ?? null;
    if (++tried >= MAX_HINTS) break;
  }
  return bareMonth;
}

const MONTH_NAME = new RegExp(`^(?:${MONTHS})[,.]?$`);
/** Words before a month's name that make it a time ("in June", "since March", "early May"). */
const BEFORE_A_MONTH =
  /\b(?:in|on|since|during|until|till|by|from|of|early|late|mid|last|next|this|every|through|around|before|after|to)\s+$/i;

/** A month's name said alone, without a word of time before it: perhaps a name ("April told me"). */
function isBareMonth(text: string, phrase: string, at: number): boolean {
  return MONTH_NAME.test(phrase) && !BEFORE_A_MONTH.test(text.slice(Math.max(0, at - 12), at));
}

function resolveAround(
  text: string,
  at: number,
  length: number,
  reference: Date,
  pastTense: boolean,
): { date: ResolvedDate; bareMonth: boolean } | null {
  // chrono's cost grows with the text: give it only the words around the time phrase.
  const from = Math.max(0, text.lastIndexOf(' ', Math.max(0, at - 24)));
  const to = text.indexOf(' ', Math.min(text.length, at + length + 24));
  const window = text.slice(from, to === -1 ? text.length : to);
  // chrono knows "Tue" and "Thurs" but not "Tues" or "Weds": read them as the full names, and say the
  // phrase as written.
  const written = ABBREVIATED.exec(window)?.[0];
  const fullName = written ? (FULL_NAME[written.toLowerCase()] as string) : undefined;
  const readable = written && fullName ? window.replace(written, fullName) : window;
  const results = chrono
    .parse(readable, { instant: reference, timezone: 0 })
    .filter(
      (x) =>
        x.start.isCertain('day') ||
        x.start.isCertain('month') ||
        x.start.isCertain('year') ||
        x.start.isCertain('weekday'),
    );
  // A month's name alone comes after any other time the words name ("June and I went hiking last week").
  const named = results.find((x) => !isBareMonth(readable, x.text, x.index));
  const r = named ?? results[0];
  if (!r) {
    const day = DAY_ONLY.exec(window);
    if (day)
      return {
        date: { date: dayOfMonth(Number(day[1]), reference, pastTense), phrase: day[0], granularity: 'day' },
        bareMonth: false,
      };
    const y = YEAR_ONLY.exec(window);
    if (!y) return null;
    return {
      date: { date: new Date(Date.UTC(Number(y[1]), 0, 1)), phrase: y[0], granularity: 'year' },
      bareMonth: false,
    };
  }
  let date = r.start.date();
  const phrase = written && fullName ? r.text.replace(fullName, written) : r.text;
  let granularity: Granularity;
  if (/\bweeks?\b|\bweekend\b/i.test(phrase)) granularity = 'week';
  else if (r.start.isCertain('day') || r.start.isCertain('weekday')) granularity = 'day';
  else if (r.start.isCertain('month')) granularity = 'month';
  else granularity = 'year';
  const dayOf = (d: Date) => d.toISOString().slice(0, 10);
  const weekdayOnly = r.start.isCertain('weekday') && !r.start.isCertain('day');
  // A word before the phrase that looks back ("last January"; chrono leaves it out of a month's phrase).
  const saidBack =
    /\b(?:last|past|previous)\s+$/i.test(readable.slice(Math.max(0, r.index - 10), r.index)) || /\bago\b/i.test(phrase);
  // "on Tuesday" about something that already happened is the Tuesday before (chrono reads the nearest,
  // which may be days ahead): a week back, never a year (that read "Tuesday" said on a Monday as a
  // Sunday of the year before).
  // Not "this weekend" in a sentence that says nothing was done ("I'm hiking this weekend", read as past
  // for want of a word looking ahead): this week's, as chrono reads it.
  if (pastTense && weekdayOnly) {
    const ahead = /\bthis\b/i.test(phrase) && !DONE.test(text);
    if (dayOf(date) > dayOf(reference) && !ahead) date = new Date(date.getTime() - 7 * DAY_MS);
  }
  // ...and about something to come ("I have an interview on Monday", said on a Thursday), the one after,
  // unless the phrase itself looks back ("last Friday" in a turn that also says what will be).
  else if (!pastTense && weekdayOnly && dayOf(date) < dayOf(reference) && !/\b(?:last|past|previous)\b/i.test(phrase))
    date = new Date(date.getTime() + 7 * DAY_MS);
  // "in June" said in May about something that already happened means last June; said in June, it is
  // this June whatever the tense ("at the end of June", said on the 2nd, is four weeks ahead). "last
  // January" is the one gone by whatever the tense (chrono reads the month's name alone: the nearer).
  else if (
    (pastTense || saidBack) &&
    date.getTime() > reference.getTime() + DAY_MS &&
    !r.start.isCertain('year') &&
    !sameMonth(date, reference)
  )
    date = yearsOn(date, -1);
  // ...and about something to come ("training for the marathon in September", said in March), the next
  // one, when chrono's nearer one is gone by.
  else if (
    !pastTense &&
    !saidBack &&
    date.getTime() < reference.getTime() - DAY_MS &&
    r.start.isCertain('month') &&
    !r.start.isCertain('year') &&
    !sameMonth(date, reference)
  )
    date = yearsOn(date, 1);
  return { date: { date, phrase, granularity }, bareMonth: named === undefined };
}

/** The same day `years` years on (back, when negative). */
function yearsOn(date: Date, years: number): Date {
  const d = new Date(date);
  d.setUTCFullYear(d.getUTCFullYear() + years);
  return d;
}

const sameMonth = (a: Date, b: Date) =>
  a.getUTCFullYear() === b.getUTCFullYear() && a.getUTCMonth() === b.getUTCMonth();

/** ISO date at the phrase's granularity: 2023-05-07, 2023-05 (month), 2023 (year), week as its Monday's date. */
export function formatResolved(r: ResolvedDate): string {
  const iso = r.date.toISOString();
  if (r.granularity === 'year') return iso.slice(0, 4);
  if (r.granularity === 'month') return iso.slice(0, 7);
  return iso.slice(0, 10);
}

/** A date phrase without the comma, stop or space it may end with (what a note is written after). */
export function phraseWords(phrase: string): string {
  return phrase.replace(/[\s,.;:!?]+$/, '');
}

/** `text` with `note` written after the first `phrase` (before the comma or stop the phrase may end with). */
export function noteAfter(text: string, phrase: string, note: string): string {
  const words = phraseWords(phrase);
  const at = text.indexOf(words);
  if (at < 0 || words.length === 0) return text;
  const end = at + words.length;
  return `${text.slice(0, end)} ${note}${text.slice(end)}`;
}

/** The Monday of a date's week (a week is named by its Monday). */
export function mondayOf(date: Date): Date {
  return new Date(date.getTime() - ((date.getUTCDay() + 6) % 7) * DAY_MS);
}

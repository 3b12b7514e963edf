/**
 * The date a raw turn's relative time phrase names, written beside it in the context: "Yesterday I
 * took the kids to the museum", said on 2023-07-06, reads "Yesterday (2023-07-05) I took ...". The
 * line's own date is when the turn was said; a question asks when the thing happened, and a model
 * reading the context does date arithmetic badly (the LoCoMo and LongMemEval temporal questions).
 * Learn resolves the same phrases for the episodes it compiles (compiler/resolve-dates.ts); this is
 * the raw turn's share. Only phrases relative to the turn are annotated ("in May 2023" says its
 * date already), and only when they name another day than the turn's.
 */
import { DAY_MS, DONE, formatResolved, mondayOf, noteAfter, resolveDate } from '../compiler/resolve-dates.js';
import { seasonNote } from './seasons.js';

/** A phrase that names a time relative to when it was said. */
const RELATIVE =
  /\b(?:yesterday|tomorrow|ago|last|next|past|this (?:weekend|summer|winter|spring|fall|autumn)|earlier|coming|the other day|the \d{1,2}(?:st|nd|rd|th)|in (?:a|an|one|two|three|four|five|six|a few|a couple of) (?:days?|weeks?|months?)|(?:mon|tues|wednes|thurs|fri|satur|sun)day|tues|weds|january|february|march|april|may|june|july|august|september|october|november|december)\b/i;
/** A weekday named alone ("on Monday", "Tuesday"), no "last" or "next" to it. */
const WEEKDAY_ONLY = /^(?:on\s+)?(?:(?:mon|tues|wednes|thurs|fri|satur|sun)day|tues|weds)$/i;
/** A sentence about what is done again and again. */
const HABIT =
  /\b(?:every|each|usually|normally|typically|always|often|generally|weekly|times? a week|a week|per week|on (?:mon|tues|wednes|thurs|fri|satur|sun)days)\b/i;
/** A phrase that carries its year already. */
const HAS_YEAR = /\b(?:19|20)\d\d\b/;
/**
 * Present progressives that arrange a day to come ("my sister is getting married on June 12", "we're
 * flying to Lisbon in May"): said of a date, they look ahead.
 */
const ARRANGED =
  '(?:getting married|getting engaged|flying|moving|leaving|heading|travel(?:l)?ing|visiting|hosting|throwing|attending|graduating|retiring|starting|meeting|having a (?:party|baby|wedding|surgery))';

/**
 * A turn about what is to come: "in June" is this June, not last June. A state said to hold until a
 * time ("the budget is frozen until April", "I'm off until May") looks ahead too, and so does
 * something arranged for a day ("has a dentist appointment on Friday", "remind me", "my birthday is
 * on March 14"); a thing done until a time ("I worked there until March") or had ("I had an
 * appointment on Monday") does not. A date set or moved ("our launch date is March 15", "the launch got
 * pushed to April 2", "planned for May") is one to come.
 */
const FUTURE = new RegExp(
  String.raw`\b(?:(?:is|are|am)\s+(?:\w+\s+){0,2}until|next|tomorrow|coming|upcoming|will|going to|gonna|plan(?:ning)? to|soon|looking forward|can['’]?t wait|cannot wait|excited (?:for|about)|training for|preparing for|getting ready|(?:want|hope|hoping|intend|aim) to|(?:goal|aim|target|plan|dream|resolution)\s+(?:is|was)\s+to|scheduled|booked|remind(?:er)?|due|planned\s+for|renews|expires|starts|begins|kicks\s+off|(?:pushed(?:\s+back)?|postponed|rescheduled|delayed)\s+(?:to|until)|moved\s+(?:[\w'’]+\s+){0,3}?to\s+(?:(?:early|mid|late|next)\s+)?(?:january|february|march|april|may|june|july|august|september|october|november|december|(?:mon|tues|wednes|thurs|fri|satur|sun)day)|(?:launch|release|go-live|due)(?:\s+date)?\s+is|deadline\s+is|(?:is|are)\s+on|(?:have|has)\s+(?:got\s+)?(?:a|an|my|his|her|our|their|the)\s+(?:[\w-]+\s+){0,2}(?:appointment|meeting|interview|call|exam|test|flight|class|lesson|party|date|deadline|surgery|check-?up|game|match|concert|show))\b|'ll\b|['’](?:s|re|m)\s+(?:\w+\s+){0,2}until\b|['’]s\s+on\b|(?:\b(?:is|are|am)|['’](?:s|re|m))\s+(?:\w+\s+)?${ARRANGED}\b`,
  'i',
);

/** `text` with the date each sentence's first resolvable relative time phrase names after the phrase, or `text` unchanged. */
export function withSaidDates(text: string, saidAt: Date): string {
  // Most turns name no relative time: one regular expression, and chrono (tens of µs) never runs.
  if (!RELATIVE.test(text)) return text;
  const key = `${saidAt.getTime()} ${text}`;
  const known = annotated.get(key);
  if (known !== undefined) return known;
  if (annotated.size >= CACHE_MAX) annotated.clear();
  const out = annotate(text, saidAt);
  annotated.set(key, out);
  return out;
}

/** The same turns come back query after query: their annotation is kept (bounded, then started over). */
const annotated = new Map<string, string>();
const CACHE_MAX = 5_000;

/**
 * Each sentence whose relative phrase resolves gets its date: the turn's first time word may name none
 * ("been a few days since we chatted. I donated my car yesterday" dates the "yesterday"), and a turn
 * may tell of two times ("On Friday I got great news. Next month I'm off to Ireland": both dated).
 */
function annotate(text: string, saidAt: Date): string {
  const turnPast = !FUTURE.test(text);
  // Sentences with the spaces after them, so joining them again gives the text back unchanged.
  const parts = text.split(/(?<=[.!?])(\s+)/);
  for (const [i, part] of parts.entries()) {
    if (i % 2 === 1 || !RELATIVE.test(part)) continue;
    // A sentence's own tense first: what it looks ahead to, or what it says was done; else the turn's.
    const past = FUTURE.test(part) ? false : DONE.test(part) || turnPast;
    parts[i] = annotateSentence(part, saidAt, past);
  }
  return parts.join('');
}

function annotateSentence(text: string, saidAt: Date, past: boolean): string {
  const resolved = resolveDate(text, saidAt, past);
  if (!resolved) {
    // chrono reads no seasons: "last summer" (said 2023-08-11) is the summer of 2022.
    const season = seasonNote(text, saidAt);
    return season ? noteAfter(text, season.phrase, season.note) : text;
  }
  if (!RELATIVE.test(resolved.phrase) || HAS_YEAR.test(resolved.phrase)) return text;
  // A weekday of a habit ("every Tuesday", "three times a week: Monday, ...") names no one day.
  if (WEEKDAY_ONLY.test(resolved.phrase.replace(/[\s,.;:!?]+$/, '').trim()) && HABIT.test(text)) return text;
  // A week is named by its Monday, a weekend by its Saturday.
  const weekend = /weekend/i.test(resolved.phrase);
  if (resolved.granularity === 'week') {
    const monday = mondayOf(resolved.date).getTime();
    resolved.date = new Date(weekend ? monday + 5 * DAY_MS : monday);
  }
  const date = formatResolved(resolved);
  if (date === saidAt.toISOString().slice(0, 10)) return text;
  const note =
    resolved.granularity !== 'week' ? `(${date})` : weekend ? `(the weekend of ${date})` : `(the week of ${date})`;
  return noteAfter(text, resolved.phrase, note);
}

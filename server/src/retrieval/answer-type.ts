/**
 * Answer types (question answering's "predictive annotation", Prager et al. 2000): a question
 * asking when, where, who or how many is answered by a passage holding a time, a place, a person or
 * a number, whether or not it repeats the question's words. Retrieval gives such passages a small
 * boost among the candidates the question's words found.
 */
export type AnswerType = 'time' | 'place' | 'person' | 'number';

const TIME_Q = /^\s*(?:when\b|what (?:year|month|date|day|time)\b|how long ago\b|since when\b)/i;
const PLACE_Q =
  /^\s*(?:where\b|(?:what|which|in what|in which) (?:city|cities|country|countries|place|places|state|town|location)\b)/i;
const PERSON_Q = /^\s*(?:who\b|whom\b|whose\b)/i;
const NUMBER_Q = /^\s*how (?:many|much|old|often|long)\b/i;

const MONTHS = 'january|february|march|april|may|june|july|august|september|october|november|december';
const DAYS = 'monday|tuesday|wednesday|thursday|friday|saturday|sunday';
const TIME_TEXT = new RegExp(
  `\\b(?:yesterday|today|tonight|tomorrow|ago|last (?:week|weekend|month|year|night|time|${DAYS})|` +
    `(?:this|next|past) (?:week|weekend|month|year|summer|winter|spring|fall|autumn)|${MONTHS}|${DAYS}|(?:19|20)\\d\\d)\\b`,
  'i',
);
const NUMBER_TEXT =
  /\b(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|thirty|hundred|dozen|once|twice|several|few)\b/i;
/** Words before a place name ("in Paris", "trip to Rome", "visited Sweden"). */
const PLACE_CUES = new Set(['in', 'to', 'from', 'at', 'near', 'around', 'visit', 'visited', 'visiting', 'the']);
/** Quick rejections before the word loop: no capital after a place cue, no capital inside a sentence. */
const MAYBE_PLACE = /\b(?:in|to|from|at|near|around|visit|visited|visiting|the) [A-Z]/;
const MAYBE_NAME = /[^.!?:"“\s] [A-Z]/;
const KIN =
  /\b(?:mom|mother|dad|father|sister|brother|wife|husband|son|daughter|cousin|aunt|uncle|grandma|grandmother|grandpa|grandfather|friend|friends|boss|colleague|coworker|partner|mentor|neighbor|neighbour|teacher)\b/i;

/**
 * A question answered by several turns: one asking for several things, a plural after "what" or
 * "which" ("What books has Tim read?", "Which US cities ...?", "What types of pottery ...?"), "how
 * many", or "both" ("What do both Joanna and Nate like?"); and one asking what would or might be,
 * whose answer no turn states but several bear on ("Would Caroline pursue writing as a career
 * option?", "What might John's political leaning be?"). Not "What is", "What does", "What has":
 * verbs ending in s.
 */
const SEVERAL_Q = /^\s*(?:what|which)\s+(?:\w+\s+)?\w+s\b(?<!\b(?:is|was|does|has))|^\s*how many\b|\bboth\b/i;
const INFERENCE_Q = /^\s*(?:would|could)\b|\b(?:likely|might)\b/i;

/** A question asking for several things (a list, "how many", "both"). */
export function asksForSeveral(question: string): boolean {
  return SEVERAL_Q.test(question);
}

export function answeredBySeveral(question: string): boolean {
  return asksForSeveral(question) || INFERENCE_Q.test(question);
}

/** The kind of answer a question asks for, if its form says. */
export function answerTypeOf(question: string): AnswerType | null {
  if (TIME_Q.test(question)) return 'time';
  if (PLACE_Q.test(question)) return 'place';
  if (PERSON_Q.test(question)) return 'person';
  if (NUMBER_Q.test(question)) return 'number';
  return null;
}

/** Whether a passage holds an answer of the type (names the question already holds do not count). */
export function holdsAnswer(text: string, type: AnswerType, questionNames: string[]): boolean {
  if (type === 'time') return TIME_TEXT.test(text);
  if (type === 'number') return NUMBER_TEXT.test(text);
  if (type === 'person' && KIN.test(text)) return true;
  // Cheap cues rather than the compiler's entity spotter: this runs over every candidate of a query.
  // A name is a capitalised word inside a sentence; a place name, one after a place cue.
  if (!(type === 'place' ? MAYBE_PLACE : MAYBE_NAME).test(text)) return false;
  const words = text.split(' ');
  for (let i = 1; i < words.length; i++) {
    const word = words[i] as string;
    const c = word.charCodeAt(0);
    if (c < 65 || c > 90) continue;
    const before = words[i - 1] as string;
    if (before === '' || /[.!?:"“]$/.test(before)) continue;
    if (type === 'place' && !PLACE_CUES.has(before)) continue;
    const name = word.replace(/[^A-Za-z].*$/, '').toLowerCase();
    if (name.length > 1 && !questionNames.some((n) => n.toLowerCase() === name)) return true;
  }
  return false;
}

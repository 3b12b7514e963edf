/**
 * "Answer in context" (issue 28): whether the gold answer of a question is in what the agent reads.
 * An answer is in a text when at least 80 % of its content words (lower-cased, stop words left out,
 * a plural or -ed/-ing ending set aside) occur in it. Measured on the first ~500 tokens of a
 * 2,000-token context (what a small prompt would keep) and on the whole of it. The share depends on
 * how answers are worded (a relative "the Sunday before 25 May" is rarely written so in the turns):
 * it compares versions of the packer, it is not an accuracy. A date in the text is read in either
 * form: the context dates its lines `[2023-05-08]` and gold answers write "8 May 2023"; the same date
 * in another notation is the answer, present (counted so since 2026-11-28; strict before), and so is a
 * month written `2023-09` (since the context writes a turn's "next month" so, 2026-11-28 night). A number
 * word is its digits ("ten" is "10", since 2026-11-29).
 */
import { truncateToTokens } from '../../server/src/retrieval/token-count.js';

const STOP = new Set(
  (
    'a an the and or of to in on at for with by from as is are was were be been it its this that these those ' +
    'he she they them his her their i you we my your our me us do does did not no yes so but if than then ' +
    'there here what which who whom when where why how about into over after before also just very'
  ).split(' '),
);

const stem = (w: string) => (w.length > 4 ? w.replace(/(?:ing|ed|es|s)$/, '') : w);

/** Number words read as their digits: "ten years ago" holds the answer "10 years ago". */
const NUMBER = new Map(
  (
    'zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen ' +
    'seventeen eighteen nineteen twenty'
  )
    .split(' ')
    .map((w, i): [string, string] => [w, String(i)])
    .concat(
      'thirty forty fifty sixty seventy eighty ninety'
        .split(' ')
        .map((w, i): [string, string] => [w, String(30 + 10 * i)]),
    ),
);

export function contentWords(text: string): string[] {
  const words = (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).filter((w) => !STOP.has(w));
  return [...new Set(words.map((w) => NUMBER.get(w) ?? stem(w)))];
}

const MONTHS = 'january february march april may june july august september october november december'.split(' ');

/**
 * Each ISO date of `text` followed by its words: "2023-05-08" also says "8 may 2023", a month
 * "2023-09" (the context's `next month (2023-09)`) "september 2023".
 */
export function withDateWords(text: string): string {
  return text.replace(/\b(\d{4})-(\d{2})(?:-(\d{2}))?\b(?!-)/g, (iso, y: string, m: string, d?: string) => {
    const month = MONTHS[Number(m) - 1];
    if (!month) return iso;
    return d === undefined ? `${iso} ${month} ${y}` : `${iso} ${Number(d)} ${month} ${y}`;
  });
}

/** Whether >= 80 % of the answer's content words occur in the text (an answer of no content word: false). */
export function answerIn(answer: string, text: string): boolean {
  const wanted = contentWords(answer);
  if (wanted.length === 0) return false;
  const have = new Set(contentWords(withDateWords(text)));
  const found = wanted.filter((w) => have.has(w)).length;
  return found / wanted.length >= 0.8;
}

/** The first `tokens` tokens of a context (o200k_base, as the budget counts). */
export function head(context: string, tokens: number): string {
  return truncateToTokens(context, tokens);
}

/**
 * Phatic talk: the words of acknowledgement, thanks and greeting that keep a conversation going and
 * say nothing about anyone ("Noted, thanks for telling me.", "Got it!", "Sounds good.", "How can I
 * help today?"). An assistant says one after most turns; in a context it holds a line that no
 * question is answered by, and as a session's topic ("thanks", "good") it names none. A yes or a no
 * is not phatic: it answers the question before it ("Shall I book the vegetarian menu?" "Yes."),
 * but for an assistant's "Okay, noted.".
 */
import { words } from './normalise.js';

export const PHATIC_WORDS = new Set(
  (
    "a an the and or so to for of in with me you your yours i i’m i'm i'll i’ll we we'll it it's it’s that that's " +
    'that’s this is are am was be will do can let know if any anything else more need just all right alright ' +
    'noted note got get understood understand see course ' +
    'thanks thank thankyou thx cheers appreciate appreciated telling sharing letting share tell glad happy hear ' +
    'great good nice cool awesome perfect excellent wonderful fantastic amazing lovely sounds sound ' +
    'welcome back hi hey hello bye goodbye take care meet ' +
    'how help today there here again too well oh wow haha lol mind keep remember noting much very really lot'
  ).split(/\s+/),
);

const MAX_PHATIC_CHARS = 160;

/**
 * A yes or an okay from the assistant acknowledges ("Okay, noted."): the assistant asks, the user
 * answers, and a user's "Okay." may be the answer.
 */
const ASSISTANT_AFFIRMATIONS = new Set([
  'ok',
  'okay',
  'sure',
  'yes',
  'yeah',
  'yep',
  'alright',
  'absolutely',
  'certainly',
  'definitely',
]);

/**
 * Words only an assistant's small talk is made of ("What can I do for you?", "What would you like to
 * do today?", "Congrats, Sam!"): a user's "What would you like?" or "I would like that" asks or answers.
 */
const ASSISTANT_PHATIC = new Set(['what', 'would', 'like', 'from', 'congrats', 'congratulations']);

/** Whether a text is phatic only: every word of it is one of acknowledgement, thanks or greeting. */
export function saysNothing(text: string): boolean {
  // Thanks and greetings are short: a long text holds something else (and is not split into words here).
  if (text.length > MAX_PHATIC_CHARS) return false;
  // A speaker's label ("assistant: ") is not what was said.
  const label = /^([^:\n]{1,40}):\s/.exec(text);
  const assistant = label?.[1]?.trim().toLowerCase() === 'assistant';
  const said = label ? text.slice(label[0].length) : text;
  // "Good morning" opening it greets; elsewhere a morning is a time ("I'll do it in the morning").
  const rest = said.replace(/^\s*(?:good\s+)?(?:morning|afternoon|evening)\b/i, '');
  const ws = words(rest);
  if (ws.length === 0) return rest !== said && words(said).length > 0;
  const named = assistant || !label ? addressed(said) : new Set<string>();
  return ws.every(
    (w) =>
      PHATIC_WORDS.has(w) || named.has(w) || (assistant && (ASSISTANT_AFFIRMATIONS.has(w) || ASSISTANT_PHATIC.has(w))),
  );
}

/**
 * The names a greeting addresses someone by ("Nice to meet you, Priya!", "Hi Mel, welcome back"): a
 * capitalised word after a comma or a greeting word, before the end of the sentence. The name is no
 * news; the greeting found by it said nothing.
 */
function addressed(text: string): Set<string> {
  const out = new Set<string>();
  for (const m of text.matchAll(
    /(?:,\s*|\b(?:(?:[Hh]i|[Hh]ey|[Hh]ello)(?:\s+there|\s+again)?|[Tt]hanks|[Bb]ye|[Dd]ear|you|[Ww]elcome(?:\s+back)?|[Gg]ood\s+(?:morning|afternoon|evening)|[Mm]orning|[Ee]vening)\s+)(\p{Lu}\p{Ll}+)(?=\s*[!.?,]|$)/gu,
  ))
    out.add((m[1] as string).toLowerCase());
  return out;
}

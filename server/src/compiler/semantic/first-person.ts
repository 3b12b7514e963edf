/**
 * The speaker's first person: the words that say it ("I", "I'm", "my", "we"...), the words a pattern's
 * "I" or "I'm" may carry before its verb ("I really", "I'm now"), the hedges that lower a statement's
 * confidence, and a first-person value said of the subject ("my" -> "their", "her" -> "my mom"), as a
 * memory is in the third person.
 */

export const FIRST_PERSON = /\b(?:I|I'm|I've|I'd|I'll|I’m|I’ve|my|me|we|we're|we've|our|us)\b/;
export const HEDGE = /\b(?:maybe|might|perhaps|probably|possibly|i think|i guess|not sure|kind of|sort of)\b/i;
export const I = String.raw`\bI(?:\s+(?:really|absolutely|just|also|still|totally|truly|genuinely|honestly|do|actually|now|currently|definitely|kinda|kind of|sort of|always|usually))*`;
export const IM = String.raw`\b(?:I\s+am|I['’]m)(?:\s+(?:really|absolutely|just|also|still|totally|truly|now|currently|actually|definitely|so))*`;

/** The people a "her" or a "him" stands for, by the word that names them. */
const HER_WORDS = 'mom|mother|mum|sister|daughter|wife|girlfriend|aunt|grandma|grandmother|niece|fiancée|fiancee';
const HIM_WORDS = 'dad|father|brother|son|husband|boyfriend|uncle|grandpa|grandfather|nephew|fiancé|fiance';
const MY_HER = new RegExp(String.raw`\bmy\s+(?:(?:little|older|younger|big|baby|step)\s+)?(${HER_WORDS})\b`, 'gi');
const MY_HIM = new RegExp(String.raw`\bmy\s+(?:(?:little|older|younger|big|baby|step)\s+)?(${HIM_WORDS})\b`, 'gi');

/**
 * A value's "her" or "him" said as the relative the sentence names ("My mom's birthday is May 3, I
 * want to get her a scarf" -> "get my mom a scarf"): a profile line is read without the sentence. Only
 * when the sentence names one such relative of the pronoun's gender; "her" before a noun is theirs
 * ("her car" -> "my mom's car").
 */
export function withRelativeNamed(value: string, sentence: string): string {
  if (!/\b(?:her|him|his)\b/i.test(value)) return value;
  const one = (re: RegExp) => {
    const found = [...new Set([...sentence.matchAll(re)].map((m) => (m[1] as string).toLowerCase()))];
    return found.length === 1 ? `my ${found[0]}` : null;
  };
  const her = one(MY_HER);
  const him = one(MY_HIM);
  let out = value;
  if (her)
    out = out.replace(
      /\bher\b(\s+(?!(?:a|an|the|some|something|to|for|on|at|in|with|and|or|up|out|back|off|over)\b)[\p{L}]+)?/giu,
      (_m, noun?: string) => (noun ? `${her}'s${noun}` : her),
    );
  if (him) out = out.replace(/\bhim\b/gi, him).replace(/\bhis\b/gi, `${him}'s`);
  return out;
}

/**
 * A thing said by the subject, said of them: "for my family" is "for their family", "our main
 * database" "their main database", "me" -> "them" (a memory is in the third person; the speaker's
 * words stay in `attributes.sentence`). These are stop words, so dedupe keys do not change.
 */
export function ofTheSubject(object: string): string {
  return object
    .replace(/\b(?:my|our)\b/g, 'their')
    .replace(/\b(?:My|Our)\b/g, 'Their')
    .replace(/\bours\b/gi, 'theirs')
    .replace(/\bmyself\b/gi, 'themselves')
    .replace(/\bmine\b/gi, 'theirs')
    .replace(/\bme\b/g, 'them');
}

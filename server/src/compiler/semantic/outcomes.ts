/**
 * What a customer asks a service for (a refund, a replacement, an invoice) and its arrival: "I want a
 * refund" is a want until "The refund arrived" or the support agent's "Refund ... issued". Both are
 * keyed by the outcome (`<subject>:want:<stem>`), so the arrival supersedes the want and a context
 * no longer says the customer is waiting for what they have.
 */
import { contentStems } from '../normalise.js';

/** The outcomes a service gives, by the words that name them. */
export const OUTCOME =
  'refund|replacement|reimbursement|exchange|store credit|credit note|discount|upgrade|invoice|receipt|quote|estimate|callback|password reset|new card|new password';

const OUTCOME_IN = new RegExp(String.raw`\b(?:${OUTCOME})\b`, 'i');

/** The slot of a want of an outcome ("a refund for order 1234": `dana:want:refund`), or null for any other want. */
export function wantSlot(subjKey: string, object: string): string | null {
  const outcome = OUTCOME_IN.exec(object)?.[0];
  return outcome ? `${subjKey}:want:${contentStems(outcome).join('-')}` : null;
}

/** An outcome and the word after it that says which ("replacement charger"). */
const THING = String.raw`(?<thing>(?:${OUTCOME})(?:\s+(?!(?:of|for|has|have|was|were|is|will|to|from|not|never|yet|still)\b)[a-z]+)?)`;

/** Said given or arrived: "The refund arrived", "Refund of $49.99 for #A-10087 issued", "my refund has been processed". */
const ARRIVED = new RegExp(
  String.raw`(?:^|\b(?:[Mm]y|[Tt]he|[Yy]our|[Oo]ur)\s+)${THING}(?:\s+(?:of|for)\s+[^,;!?]{1,60}?)?\s+` +
    String.raw`(?<verb>(?:has|have)\s+(?:now\s+|finally\s+|just\s+)?(?:been\s+(?:issued|processed|approved|sent|credited|completed)|arrived|come\s+through|gone\s+through)|(?:was|were)\s+(?:issued|processed|approved|sent|credited|completed)|(?:(?:finally|just)\s+)?(?:arrived|came(?:\s+through)?|went\s+through|issued|processed|approved|credited))\b`,
  'i',
);
/** Said received by the customer: "I finally got my refund", "I've received the replacement". */
const RECEIVED = new RegExp(
  String.raw`\bI(?:\s+have|['’]ve)?\s+(?:(?:finally|just|already|now)\s+)*(?:got|gotten|received)\s+(?:my|the|a|an|our)\s+${THING}\b`,
  'i',
);
/** Said given by the agent: "I've issued a refund", "I have processed your refund". */
const GIVEN = new RegExp(
  String.raw`\bI(?:\s+have|['’]ve)\s+(?:(?:just|now|already)\s+)*(?<verb>issued|processed|sent|approved)\s+(?:you\s+)?(?:a|an|the|your)\s+${THING}\b`,
  'i',
);

export interface OutcomeReceived {
  /** The outcome as said, lower case ("refund", "replacement charger"). */
  thing: string;
  /** The memory's sentence with `S` for the subject ("S's refund was issued"). */
  phrase: string;
}

const PAST: Record<string, string> = { come: 'came', gone: 'went' };

/**
 * An outcome said received in a statement (not a question, not one to come: "will be issued", "once
 * the refund is processed" say none), or null.
 */
export function detectOutcomeReceived(text: string): OutcomeReceived | null {
  const received = RECEIVED.exec(text);
  if (received?.groups?.thing) {
    const thing = received.groups.thing.toLowerCase();
    return { thing, phrase: `S received the ${thing}` };
  }
  const given = GIVEN.exec(text);
  if (given?.groups?.thing && given.groups.verb) {
    const thing = given.groups.thing.toLowerCase();
    return { thing, phrase: `S's ${thing} was ${given.groups.verb.toLowerCase()}` };
  }
  const arrived = ARRIVED.exec(text);
  if (!arrived?.groups?.thing || !arrived.groups.verb) return null;
  // "once / when / after the refund is processed": a condition, not an arrival.
  if (/\b(?:once|when|after|until|if|unless|as soon as)\s*$/i.test(text.slice(0, arrived.index))) return null;
  const thing = arrived.groups.thing.toLowerCase();
  const verb = arrived.groups.verb
    .toLowerCase()
    .replace(/^(?:has|have)\s+(?:(?:now|finally|just)\s+)?(?:been\s+)?/, '')
    .replace(/^(?:was|were)\s+/, '')
    .replace(/^(?:finally|just)\s+/, '')
    .replace(/^(come|gone)\b/, (w) => PAST[w] as string);
  const passive = /^(?:issued|processed|approved|sent|credited|completed)$/.test(verb);
  return { thing, phrase: passive ? `S's ${thing} was ${verb}` : `S's ${thing} ${verb}` };
}

/**
 * What kind of answer a query asks for, read from its wording: how to do something (procedures and
 * failure playbooks answer it), what went wrong (failure playbooks, causes and effects), or what to
 * choose (decisions). Compiled knowledge of those sections is then ranked up and its sections come
 * first in the context: an agent asking "how do I fix a terraform state lock" needs the playbook
 * that says it, not the raw turns where the lock happened (issue 28).
 */
import type { SynthesizeSection } from '@hx-memory/contract';
import {
  outdoorsAsked,
  pastimeKindOf,
  pastimeKindsAsked,
  pastimeOutdoors,
  pastimeSubjectOf,
} from '../compiler/activities.js';
import { PARTNER_WORD, RELATIVES } from '../compiler/semantic/attribute-vocabulary.js';
import type { QueryTerms } from './query-terms.js';
import { byScore, type RankedItem } from './ranked-item.js';
import { SPEAKER_BOOST, speakerMatches } from './speaker.js';

const HOW_TO =
  /\bhow\s+(?:do|can|could|should|would|to|did)\b|\bsteps?\b|\bprocedure\b|\bset\s*up\b|\binstall\b|\bconfigure\b|\bdeploy\b|\bfix(?:es|ed|ing)?\b|\bresolve\b|\bworkaround\b|\brecover\b/i;
const WENT_WRONG =
  /\berrors?\b|\bfail(?:s|ed|ing|ure|ures)?\b|\bbroke(?:n)?\b|\bcrash(?:es|ed)?\b|\bwent\s+wrong\b|\bbug\b|\bexception\b|\block(?:ed)?\b|\btime[sd]?\s*out\b|\bstuck\b|\bnot\s+working\b|\bwhy\s+(?:does|did|is)\b/i;
const CHOOSE =
  /\bshould\s+(?:i|we)\b|\bwhich\s+(?:one|option|tool|library|approach)\b|\bdecid|\bchoose\b|\bchose\b|\bpolicy\b/i;

/** Sections that answer the query's kind of question, best first; empty for other queries. */
export function answeringSections(query: string): SynthesizeSection[] {
  const out: SynthesizeSection[] = [];
  const add = (...sections: SynthesizeSection[]) => {
    for (const s of sections) if (!out.includes(s)) out.push(s);
  };
  const howTo = HOW_TO.test(query);
  const wrong = WENT_WRONG.test(query);
  if (wrong) add('failures');
  if (howTo) add('procedures', 'failures');
  if (wrong) add('causal');
  if (CHOOSE.test(query)) add('decisions');
  return out;
}

/**
 * Score factor of compiled knowledge (an artifact, or a procedure memory) in a section that answers
 * the query. Large enough to lift a playbook above the raw turns it was mined from, which share all
 * its words; small enough that an unrelated playbook (BM25 near zero) stays below a matching turn.
 */
export const COMPILED_ANSWER_BOOST = 3;

/** Multiplies each item's score by its factor (1: unchanged), in place, and re-sorts when one changed. */
function raiseBy(items: RankedItem[], factorOf: (item: RankedItem) => number): void {
  let changed = false;
  for (const item of items) {
    const factor = factorOf(item);
    if (factor === 1) continue;
    item.score *= factor;
    changed = true;
  }
  if (changed) items.sort(byScore);
}

/**
 * Raises compiled knowledge of the answering sections, in place, and re-sorts; then places such an
 * artifact above the raw events it was compiled from. The failing command's output holds more of a
 * question's words than the playbook does ("how do I fix npm EACCES permission denied": the event
 * repeats npm, EACCES, permission, denied; the playbook's error line says `npm ERR! code EACCES`), so
 * the factor alone left the event first, taking the first entry's share of a small budget and the
 * playbook cut before its fix. The playbook says what the run taught; its own events are its evidence.
 */
export function raiseCompiledAnswers(items: RankedItem[], sections: readonly SynthesizeSection[]): void {
  if (sections.length === 0) return;
  const wanted = new Set(sections);
  // Events are never raised here, so their scores can be read before the pass.
  const eventScore = new Map<string, number>();
  for (const item of items) if (item.source === 'event') eventScore.set(item.row.id, item.score);
  raiseBy(items, (item) => {
    const compiled = item.source === 'artifact' || (item.source === 'memory' && item.row.kind === 'procedure');
    if (!compiled || !wanted.has(item.section)) return 1;
    const raised = item.score * COMPILED_ANSWER_BOOST;
    if (item.source !== 'artifact' || raised <= 0) return COMPILED_ANSWER_BOOST;
    let best = 0;
    for (const id of item.row.source_ids ?? []) best = Math.max(best, eventScore.get(id) ?? 0);
    // Just above the best of its own events (a hair, so the sort puts it first), never lowered.
    return best >= raised ? (best * (1 + 1e-6)) / item.score : COMPILED_ANSWER_BOOST;
  });
}

/**
 * Raises the pastime memories of the kinds the query asks for by their kind's word ("What activities
 * does Melanie partake in?": learn's "Melanie's hobbies and activities include camping"), in place, by
 * the compiled answers' factor: each names a pastime the turns say without the kind's word. When the
 * query names people, only theirs, and by the weight of a turn they speak too (the turns it competes
 * with have it); another person's pastimes are not what was asked. Asked for those done outdoors
 * ("What outdoor activities ..."), only those.
 */
export function raisePastimes(items: RankedItem[], query: string, terms: QueryTerms): void {
  const kinds = pastimeKindsAsked(query);
  if (kinds.size === 0) return;
  const outdoors = outdoorsAsked(query);
  raiseBy(items, (item) => {
    if (item.source !== 'memory' || item.row.kind !== 'fact') return 1;
    const kind = pastimeKindOf(item.row.text);
    if (!kind || !kinds.has(kind) || (outdoors && !pastimeOutdoors(item.row.text))) return 1;
    if (terms.names.length === 0) return COMPILED_ANSWER_BOOST;
    const theirs = speakerMatches(item.row.speaker ?? pastimeSubjectOf(item.row.text), terms);
    return theirs ? COMPILED_ANSWER_BOOST * (1 + SPEAKER_BOOST) : 1;
  });
}

/** A question about someone's family ("Who is in noor's family?", "How are her kids?"). */
const ASKS_FAMILY = /\b(?:family|families|relatives|household|kids|children|parents|siblings|in-laws)\b/i;
/**
 * A fact learn wrote of a relative of the subject's, or of the children counted ("noor's sister is Ana",
 * "noor's mum lives in Leeds", "noor has three children").
 */
const FAMILY_FACT = new RegExp(
  String.raw`['’]s\s+(?:${PARTNER_WORD}|${RELATIVES})\b|\bhas\s+\S+\s+(?:kids|children|sons|daughters)\b`,
  'i',
);

/**
 * Raises the facts about the subject's relatives when the query asks about a family, in place, by the
 * compiled answers' factor: none says the word "family", so the name alone ranked them with the job,
 * the car and the gym. When the query names people, only facts that name one of them.
 */
export function raiseFamily(items: RankedItem[], query: string, terms: QueryTerms): void {
  if (!ASKS_FAMILY.test(query)) return;
  const names = terms.names.map((n) => n.toLowerCase());
  raiseBy(items, (item) => {
    if (item.source !== 'memory' || item.row.kind !== 'fact' || !FAMILY_FACT.test(item.row.text)) return 1;
    const text = item.row.text.toLowerCase();
    return names.length === 0 || names.some((n) => text.includes(n)) ? COMPILED_ANSWER_BOOST : 1;
  });
}

/**
 * Multi-hop through learn's entity memories: the names a question holds and the names its best turns
 * mention are looked up as entity memories, and the other turns those entities were compiled from
 * (their source events) become candidates with a share of the score of the passage that named them.
 * "Which city have both Jean and John visited?" finds one speaker's turn about Rome; the entity
 * "Rome" leads to the other's ("Took a short trip last week to Rome"), which shares no word with it.
 */

/** Entity types learn stores (`entity:<type>|<name>` dedupe keys); a name's type in a turn is not known here. */
const ENTITY_TYPES = ['person', 'pet', 'place', 'organization', 'product', 'work', 'other'] as const;

/**
 * Capitalised runs ("Grand Canyon", "Rome", "Lord of the Rings": "of" / "of the" inside, as the compiler
 * joins them); cheap, unlike the compiler's spotter (this runs per query).
 */
const CAPITALISED_RUN = /\p{Lu}[\p{L}\p{N}'’-]*(?:\s+(?:of\s+(?:the\s+)?)?\p{Lu}[\p{L}\p{N}'’-]*)*/gu;

/** Candidate names of a text: each capitalised run and each of its words, possessives dropped. */
export function namesIn(text: string): string[] {
  const out = new Set<string>();
  for (const m of text.matchAll(CAPITALISED_RUN)) {
    const run = m[0].replace(/['’]s\b/g, '');
    out.add(run);
    const words = run.split(/\s+/).filter((w) => /^\p{Lu}/u.test(w));
    if (words.length > 1) for (const w of words) out.add(w);
  }
  return [...out].filter((n) => n.length >= 2);
}

/** The entity memories' dedupe keys a name may have (every type: the compiler chose one from context). */
export function entityKeysOf(name: string): string[] {
  const lower = name.toLowerCase().slice(0, 140);
  return ENTITY_TYPES.map((type) => `entity:${type}|${lower}`);
}

/**
 * Entity keys to look up, each with the score of the best passage naming it (the question's own
 * names count as the best item's score), at most `maxNames` names in order of that score.
 */
export function entityAnchors(
  anchors: Array<{ id: string; text: string; score: number }>,
  queryNames: string[],
  topScore: number,
  maxNames: number,
): Map<string, EntityAnchor> {
  const best = new Map<string, EntityAnchor>();
  const note = (name: string, anchor: EntityAnchor) => {
    const key = name.toLowerCase();
    if (anchor.score > (best.get(key)?.score ?? 0)) best.set(key, anchor);
  };
  for (const name of queryNames) note(name, { score: topScore });
  for (const a of anchors) for (const name of namesIn(a.text)) note(name, { score: a.score, from: a.id });
  const out = new Map<string, EntityAnchor>();
  for (const [name, anchor] of [...best.entries()].sort((a, b) => b[1].score - a[1].score).slice(0, maxNames))
    for (const key of entityKeysOf(name)) out.set(key, anchor);
  return out;
}

/** The score an entity lends and the turn that named it (none for the question's own names). */
export interface EntityAnchor {
  score: number;
  from?: string;
}

/**
 * Words a question asks for things of one entity type by, in order: a kind in the plural asks for a
 * list ("Which cities has Jon visited?"), before one thing asked for by its kind ("Which country was
 * Tim visiting in November?").
 */
const TYPE_WORDS: Array<[RegExp, (typeof ENTITY_TYPES)[number]]> = [
  [/\b(?:cities|countries|states|places|locations|destinations|towns|parks|beaches)\b/i, 'place'],
  [/\b(?:books|novels|movies|films|shows|series|songs|albums|plays|games)\b/i, 'work'],
  [/\b(?:artists|bands|musicians|authors|writers|athletes|names)\b/i, 'person'],
  [/\b(?:pets|animals)\b/i, 'pet'],
  [/\b(?:which|what)\s+(?:\w+\s+)?(?:city|country|state|place|town|destination)\b/i, 'place'],
  [/\b(?:which|what)\s+(?:\w+\s+)?(?:book|novel|movie|film|show|song|album)\b/i, 'work'],
];

/**
 * The entity type whose things a question asks for by their kind ("Which cities has Jon visited?" ->
 * place, "What books has Melanie read?" -> work), or null. The turns that name an entity of that type
 * are what it asks, though they share no word with it ("Took a short trip last week to Rome").
 */
export function listedEntityType(query: string): (typeof ENTITY_TYPES)[number] | null {
  for (const [re, type] of TYPE_WORDS) if (re.test(query)) return type;
  return null;
}

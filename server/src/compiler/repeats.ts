/**
 * Whether an episode only repeats facts learned from the same statement ("I moved to Porto last
 * month, I live in Porto now" beside "dana lives in Porto"): its content words, leaving out the
 * words of time the episode's date already says, are mostly the facts' words. An episode that tells
 * more ("... and adopted a dog") is not a repeat. Used by the digest (compiler) and the context
 * packer (retrieval), so both leave out the same lines.
 */
import { contentStems, stem } from './normalise.js';

/** Share of an episode's words the facts must say for the episode to be a repeat. */
const SAID = 0.6;

const TIME_WORDS = new Set(
  (
    'yesterday today tonight tomorrow ago last next past previous recent recently earlier later week weekend ' +
    'month year night day morning evening afternoon summer winter spring fall autumn january february march ' +
    'april may june july august september october november december monday tuesday wednesday thursday ' +
    'friday saturday sunday'
  )
    .split(' ')
    .map(stem),
);

/** Content stems of a text without a leading `speaker:`, numbers and words of time. */
function stems(text: string): Set<string> {
  const body = text.replace(/^[^:\n]{1,40}:\s/, '');
  return new Set(contentStems(body).filter((s) => !TIME_WORDS.has(s) && !/^\d+$/.test(s)));
}

export function episodeRepeats(episode: string, facts: string[]): boolean {
  if (facts.length === 0) return false;
  const own = stems(episode);
  if (own.size === 0) return true;
  const theirs = new Set(facts.flatMap((f) => [...stems(f)]));
  let shared = 0;
  for (const s of own) if (theirs.has(s)) shared += 1;
  return shared >= SAID * own.size;
}

/** What the repeat check reads of a memory (a stored memory, or a candidate row of a pack). */
export interface Learned {
  kind: string;
  content: string;
  sourceEventIds: readonly string[];
}

/**
 * Each episode among `items` that only repeats facts or preferences among them learned from the same
 * events, with those facts in the order of `items` (the best-placed first, for a ranked list).
 */
export function repeatedEpisodes<T>(items: readonly T[], read: (item: T) => Learned | null): Map<T, T[]> {
  const factsOfEvent = new Map<string, T[]>();
  for (const item of items) {
    const m = read(item);
    if (!m || (m.kind !== 'fact' && m.kind !== 'preference')) continue;
    for (const id of m.sourceEventIds) factsOfEvent.set(id, [...(factsOfEvent.get(id) ?? []), item]);
  }
  const out = new Map<T, T[]>();
  if (factsOfEvent.size === 0) return out;
  const order = new Map(items.map((item, i) => [item, i]));
  for (const item of items) {
    const m = read(item);
    if (m?.kind !== 'episode' || m.sourceEventIds.length === 0) continue;
    if (!m.sourceEventIds.every((id) => factsOfEvent.has(id))) continue;
    const facts = [...new Set(m.sourceEventIds.flatMap((id) => factsOfEvent.get(id) ?? []))].sort(
      (a, b) => (order.get(a) as number) - (order.get(b) as number),
    );
    if (
      episodeRepeats(
        m.content,
        facts.map((f) => (read(f) as Learned).content),
      )
    )
      out.set(item, facts);
  }
  return out;
}

/**
 * The memories less the episodes that only repeat a fact or preference among them learned from the
 * same events (what a session summary's highlights, a digest's recent episodes and a timeline list).
 */
export function withoutRepeatedEpisodes<M extends Learned>(memories: M[]): M[] {
  const repeats = repeatedEpisodes(memories, (m) => m);
  return repeats.size === 0 ? memories : memories.filter((m) => !repeats.has(m));
}

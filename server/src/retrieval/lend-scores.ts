/**
 * Score lending after the first ranking: turns next to a strong turn in its session (a question and
 * its answer), and the other turns of the entities the question and its best turns name (learn's
 * entity memories: multi-hop), get a share of the score of the passage that leads to them; and the
 * turns of the entities of the type a list question asks for ("Which cities ...?") a share of the best
 * item's. Each fetches first (in parallel with the others) and lends when the returned function is
 * called.
 */
import type { SynthesizeSection } from '@hx-memory/contract';
import { saysNothing } from '../compiler/phatic.js';
import type { Database } from '../db/client.js';
import {
  type CandidateRow,
  fetchEntityTurns,
  fetchEntityTypeTurns,
  fetchNeighbours,
  type NeighbourRow,
} from './candidates.js';
import { entityAnchors, listedEntityType } from './entity-hops.js';
import type { QueryTerms } from './query-terms.js';
import { inRange, type TimeRange, toDate } from './query-time.js';
import { byScore, docOf, type RankedItem } from './ranked-item.js';
import type { RetrievalScope } from './scope.js';
import { SPEAKER_BOOST, speakerMatches } from './speaker.js';

/** Share of a turn's score lent to the turns just before and after it (questions and their answers). */
const NEIGHBOUR_SHARE = 0.3;
/**
 * Share lent to the reply that follows a turn asking a question (an adjacency pair: the reply is
 * the answer, and rarely repeats the question's words), when the reply is spoken by a person the query
 * names or the query names none of the turns' speakers: the whole score, as if question and reply
 * were one passage.
 */
const ANSWER_SHARE = 1;
/**
 * A turn that asks, in any of its sentences: the question is often followed by an afterthought or a
 * caption ("What concert was it? The advocacy event was a cool experience!"), and the reply still
 * answers it ("It was Matt Patterson").
 */
const ASKS = /\?/;
/** Best events whose neighbours are looked up. */
const NEIGHBOUR_ANCHORS = 20;
/** Share of a passage's score lent to the other turns of the (non-hub) entities it names: multi-hop. */
const ENTITY_SHARE = 0.2;
/** Best events whose names are looked up as entities. */
const ENTITY_ANCHORS = 10;
/** Names looked up at most (each under every entity type). */
const ENTITY_NAMES = 30;
/** Entities with more source turns than this are hubs (speakers) and lead nowhere in particular. */
const ENTITY_MAX_SOURCES = 20;
/** Turns reached through entities at most. */
const ENTITY_TURNS = 100;

const NOTHING = (): void => {};

/** Whether a turn holds one of the query's own words (not a frame word or another form of one). */
function sharesQueryWord(tsv: string, terms: QueryTerms): boolean {
  const doc = docOf(tsv);
  for (const [lexeme, weight] of terms.lexemes) if (weight >= 1 && doc.tfOf(lexeme) > 0) return true;
  return false;
}

/**
 * Turns next to a strong turn in its session get a share of its score (added as items when not
 * candidates). Fetches now; the returned function lends.
 */
export async function lendToNeighbours(
  database: Database,
  scope: RetrievalScope,
  items: RankedItem[],
  sections: Set<SynthesizeSection>,
  terms: QueryTerms,
  /**
   * The items are fused by score (a question asking for one thing): the reply two turns on also gets
   * the question's own match. Under rank fusion a score is a place, and two places do not add up.
   */
  byScores = false,
): Promise<() => void> {
  if (NEIGHBOUR_SHARE <= 0 || !sections.has('context')) return NOTHING;
  const anchors = items.filter((i) => i.source === 'event' && i.row.session_id).slice(0, NEIGHBOUR_ANCHORS);
  if (anchors.length === 0) return NOTHING;
  const anchorScore = new Map(anchors.map((a) => [a.row.id, a.score]));
  const asks = new Set(anchors.filter((a) => ASKS.test(a.row.text)).map((a) => a.row.id));
  const rows = await fetchNeighbours(
    database,
    scope,
    anchors.map((a) => ({ id: a.row.id, sessionId: a.row.session_id as string })),
  );
  // Whether the query is about one of the people speaking here ("What did Caroline ...?").
  const aboutSpeaker = [...anchors.map((a) => a.row), ...rows].some((r) => speakerMatches(r.speaker, terms));
  // The turns after an anchor, by id: the first is its neighbour; the second may answer the first.
  const firstAfter = new Map<string, NeighbourRow>();
  for (const row of rows)
    if (row.after && (firstAfter.get(row.anchor)?.id ?? '\uffff') > row.id) firstAfter.set(row.anchor, row);
  const shareOf = (row: NeighbourRow, asked: boolean): number => {
    const named = speakerMatches(row.speaker, terms);
    const speaker = named ? 1 + SPEAKER_BOOST : 1;
    const answers = row.after && asked && (named || !aboutSpeaker);
    return (answers ? ANSWER_SHARE : NEIGHBOUR_SHARE) * speaker * (anchorScore.get(row.anchor) ?? 0);
  };
  return () =>
    lend(items, rows, (row, scoreBefore) => {
      const first = row.after ? firstAfter.get(row.anchor) : undefined;
      if (!first || first.id === row.id) return shareOf(row, asks.has(row.anchor));
      // Two turns on: the reply to a question its neighbour asks in the query's words ("Is taking care of
      // them tough?" after the turn about the turtles), as if question and reply were one passage.
      // A greeting's "How can I help?" asks nothing the reply answers.
      if (!ASKS.test(first.text) || saysNothing(first.text) || !sharesQueryWord(first.tsv, terms)) return 0;
      if (!speakerMatches(row.speaker, terms) && aboutSpeaker) return 0;
      return ANSWER_SHARE * (shareOf(first, false) + (byScores ? scoreBefore(first.id) : 0));
    });
}

/**
 * The other turns of the entities the question and its best turns name (learn's entity memories,
 * hubs left out) get a share of the naming passage's score: multi-hop. Fetches now; the returned
 * function lends.
 */
export async function lendThroughEntities(
  database: Database,
  scope: RetrievalScope,
  items: RankedItem[],
  sections: Set<SynthesizeSection>,
  terms: QueryTerms,
  /** The time the query names: a hop reaches only the turns of that time ("What did I do in March?"). */
  timeRange: TimeRange | null = null,
): Promise<() => void> {
  if (ENTITY_SHARE <= 0 || !sections.has('context')) return NOTHING;
  const anchors = items
    .filter((i) => i.source === 'event')
    .slice(0, ENTITY_ANCHORS)
    .map((i) => ({ id: i.row.id, text: i.row.text, score: i.score }));
  // No turn found at all (a scope of memories only): no turn to hop from, and no round trip.
  if (anchors.length === 0) return NOTHING;
  const byKey = entityAnchors(anchors, terms.names, items[0]?.score ?? 0, ENTITY_NAMES);
  const rows = await fetchEntityTurns(database, scope, [...byKey.keys()], ENTITY_MAX_SOURCES, ENTITY_TURNS);
  return () =>
    lend(items, rows, (row) => {
      const anchor = byKey.get(row.entity);
      // A turn lends nothing to itself.
      if (!anchor || anchor.from === row.id) return 0;
      const when = timeRange ? toDate(row.occurred_at) : null;
      if (timeRange && when && !inRange(timeRange, when)) return 0;
      return ENTITY_SHARE * anchor.score;
    });
}

/** Share of the best item's score lent to a turn naming an entity of the type a list question asks for. */
const TYPE_SHARE = 0.5;
/** Entities of the asked type looked up at most, the most mentioned first. */
const TYPE_ENTITIES = 40;

/**
 * A question asking for a list of things of one entity type ("Which cities has Jon visited?"): the
 * turns learn's entities of that type were compiled from ("Took a short trip last week to Rome") get
 * a share of the best item's score; a turn spoken by another person than the one the query names gets
 * half of it. Within the time the query names, if any. Fetches now; the returned function lends.
 */
export async function lendThroughEntityType(
  database: Database,
  scope: RetrievalScope,
  items: RankedItem[],
  sections: Set<SynthesizeSection>,
  terms: QueryTerms,
  query: string,
  timeRange: TimeRange | null = null,
): Promise<() => void> {
  const type = listedEntityType(query);
  if (!type || !sections.has('context')) return NOTHING;
  const rows = await fetchEntityTypeTurns(database, scope, type, ENTITY_MAX_SOURCES, TYPE_ENTITIES, ENTITY_TURNS);
  if (rows.length === 0) return NOTHING;
  return () => {
    // Nothing found by the words: the turns the type leads to are all there is (any positive score).
    const top = items[0]?.score || 1;
    lend(items, rows, (row) => {
      const when = timeRange ? toDate(row.occurred_at) : null;
      if (timeRange && when && !inRange(timeRange, when)) return 0;
      const other = terms.names.length > 0 && !speakerMatches(row.speaker, terms);
      return TYPE_SHARE * top * (other ? 0.5 : 1);
    });
  };
}

/**
 * Adds to each row's item the best share offered to it (new turns become items), then re-sorts.
 * `shareOf` may read a turn's score before this lending (0 when it was no item).
 */
function lend<R extends CandidateRow>(
  items: RankedItem[],
  rows: R[],
  shareOf: (row: R, scoreBefore: (eventId: string) => number) => number,
): void {
  const byKey = new Map(items.map((i) => [i.key, i]));
  // Scores change only after every share is known, so an item's score is still the one before.
  const scoreBefore = (eventId: string) => byKey.get(`event:${eventId}`)?.score ?? 0;
  const lent = new Map<string, number>();
  for (const row of rows) {
    const share = shareOf(row, scoreBefore);
    if (share <= 0) continue;
    if (share > (lent.get(row.id) ?? 0)) lent.set(row.id, share);
    const key = `event:${row.id}`;
    if (!byKey.has(key)) {
      const item: RankedItem = { key, source: 'event', row, section: 'context', doc: docOf(row.tsv), score: 0 };
      byKey.set(key, item);
      items.push(item);
    }
  }
  for (const [id, share] of lent) {
    const item = byKey.get(`event:${id}`);
    if (item) item.score += share;
  }
  items.sort(byScore);
}

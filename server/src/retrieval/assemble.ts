/**
 * Between ranking and packing: what each candidate adds, read from lineage (lineage.ts).
 * - A raw event learned into a memory that is a candidate too says the same fact twice: the memory
 *   takes the better of the two places and cites the event first in its provenance; the event is
 *   left out (a duplicate).
 * - A raw event learned into a memory that was since superseded ("I live in Lisbon." after "I moved
 *   to Porto") is left out, as superseded memories are; with `includeSuperseded` the superseded
 *   memory is shown in its place instead, marked with its dates. What else such a turn says that the
 *   query asks about, and no current memory says, stays with the old fact cut out (withoutStale).
 * - The assistant's turn that said such a fact again before it changed ("Nice, three bikes!") is left
 *   out with it (marked with its date under `includeSuperseded`).
 * - An artifact keeps listing a superseded fact only until learn rewrites it: such lines are marked
 *   stale for the packer to leave out.
 * - An episode learned from the same statement as a fact or preference that is a candidate too, and
 *   saying nothing more than it but its date ("I moved to Porto last month, I live in Porto now"
 *   beside "dana lives in Porto"), is left out and the fact takes its place; unless the question asks
 *   when, where the episode's date is what it adds.
 * - A raw event that stays carries the fact keys of the current memories learned from it: the packer
 *   leaves it out when a block packed before (a digest, a summary) lists them all, and leaves their
 *   lines out of the blocks packed after it.
 * - A procedure memory, causal pattern or decision policy whose runs a how-to or failure playbook
 *   candidate was compiled from says its steps again: the artifact takes its place (the better of the
 *   two) and it is left out.
 * Text repeats (a memory a profile lists, a summary repeating a memory) are the packer's part.
 */
import { repeatedEpisodes } from '../compiler/repeats.js';
import { ASSISTANT_ROLES, splitSentences } from '../compiler/segment.js';
import { type HoldsQuery, holdsQuery } from './holds-query.js';
import type { RankedItem } from './ranked-item.js';
import type { LearnedMemory, PackLineage } from './lineage.js';
import { factKey } from './pack-context.js';
import { timeOf } from './query-time.js';
import { sectionOf } from './sections.js';

export interface Assembled {
  /** Items in pack order; `cite` lists events to cite first (the duplicates it stands for). */
  items: Array<{
    item: RankedItem;
    cite: string[];
    mark?: string;
    staleLines?: string[];
    alsoSays?: string[];
    learned?: string[];
  }>;
  duplicates: number;
  superseded: number;
}

/**
 * Share of a raw event's words its memories must say for a memory to stand for it. Below it the
 * event adds a detail the memories dropped ("I am looking into adoption agencies" learned as "wants
 * to adopt"): the event stays, and stands for its memories instead.
 */
const EVENT_SAID = 0.6;
const STOP = new Set(
  'the and for that this with have has had was were are you your our they them their his her she him not but just very really about from what when where which who will would could should been being into over than then there here also some any much more most can did does doing'.split(
    ' ',
  ),
);

/** Content words of a text, a plural or third-person `s` set aside; a leading `speaker:` left out. */
function words(text: string): Set<string> {
  const body = text.replace(/^[^:\n]{1,40}:\s/, '').toLowerCase();
  const out = new Set<string>();
  for (const w of body.match(/[\p{L}\p{N}]+/gu) ?? []) {
    if (w.length < 3 || STOP.has(w)) continue;
    out.add(w.length > 3 ? w.replace(/s$/, '') : w);
  }
  return out;
}

function day(v: string | Date | null): string | null {
  if (!v) return null;
  const d = v instanceof Date ? v : new Date(v);
  return Number.isNaN(d.getTime()) ? null : d.toISOString().slice(0, 10);
}

/** The superseded memory shown in place of its event (includeSuperseded), as a candidate row. */
function supersededItem(event: RankedItem, memory: LearnedMemory): RankedItem {
  return {
    key: `memory:${memory.id}`,
    source: 'memory',
    section: sectionOf('memory', memory.kind),
    doc: event.doc,
    score: event.score,
    rankScore: event.rankScore,
    row: {
      ...event.row,
      id: memory.id,
      text: memory.content,
      kind: memory.kind,
      occurred_at: memory.validFrom,
      valid_from: memory.validFrom,
      valid_to: memory.validTo,
      source_ids: [event.row.id],
      session_id: event.row.session_id,
    },
  };
}

/** Source events of an entity looked at, at most (a hub entity names current facts too). */
export const ENTITY_SOURCES_CHECKED = 20;

/**
 * An entity memory every one of whose events was learned into a memory superseded since ("Lisbon
 * (place)" of "I live in Lisbon", after "I moved to Porto"): such events are left out as
 * superseded, and the name stands for nothing current. Its events' lineage is read with the
 * candidates' (the caller adds them to the look-up).
 */
function namesOnlySuperseded(item: RankedItem, lineage: PackLineage): boolean {
  const sources = item.row.source_ids ?? [];
  if (sources.length === 0 || sources.length > ENTITY_SOURCES_CHECKED) return false;
  return sources.every((id) => (lineage.memoriesOfEvent.get(id) ?? []).some((m) => m.superseded));
}

/**
 * Episode id -> the best-placed fact or preference candidate it only repeats (learned from the same
 * events, its words said by theirs: compiler/repeats.ts).
 */
function repeatedFacts(ordered: RankedItem[]): Map<string, RankedItem> {
  const repeats = repeatedEpisodes(ordered, (item) =>
    item.source === 'memory'
      ? { kind: item.row.kind, content: item.row.text, sourceEventIds: item.row.source_ids ?? [] }
      : null,
  );
  return new Map([...repeats].map(([episode, facts]) => [episode.row.id, facts[0] as RankedItem]));
}

/** A turn the assistant said: capture writes a message as `<role>: <content>`. */
const ASSISTANT_TURN = new RegExp(`^(?:${ASSISTANT_ROLES.join('|')}):\\s`, 'i');

/**
 * The assistant's turns that say again a fact of a user turn of their session that was superseded
 * since ("Nice, three bikes is quite a collection!" after "That makes three bikes I own now", before
 * "I am down to two bikes"): learn learns nothing from the assistant's turns, so no lineage ends
 * them. An echo is said after the user's turn and before the fact changed, and holds every word the
 * fact shares with that turn (at least two: the subject, which the user says as "I", set aside).
 * Event id -> the superseded memory it echoes.
 */
function echoesOfSuperseded(ordered: RankedItem[], lineage: PackLineage): Map<string, LearnedMemory> {
  const out = new Map<string, LearnedMemory>();
  const stale: Array<{ session: string; from: number; memory: LearnedMemory; words: string[] }> = [];
  for (const item of ordered) {
    if (item.source !== 'event' || !item.row.session_id) continue;
    const said = timeOf(item.row.occurred_at);
    if (said === null) continue;
    const turn = words(item.row.text);
    for (const memory of lineage.memoriesOfEvent.get(item.row.id) ?? []) {
      if (!memory.superseded) continue;
      const shared = [...words(memory.content)].filter((w) => turn.has(w));
      if (shared.length >= 2) stale.push({ session: item.row.session_id, from: said, memory, words: shared });
    }
  }
  if (stale.length === 0) return out;
  for (const item of ordered) {
    if (item.source !== 'event' || !ASSISTANT_TURN.test(item.row.text)) continue;
    const at = timeOf(item.row.occurred_at);
    if (at === null) continue;
    const own = words(item.row.text);
    const echoed = stale.find(
      (s) =>
        s.session === item.row.session_id &&
        at >= s.from &&
        at < (timeOf(s.memory.validTo) ?? Number.POSITIVE_INFINITY) &&
        s.words.every((w) => own.has(w)),
    );
    if (echoed) out.set(item.row.id, echoed.memory);
  }
  return out;
}

export interface AssembleOptions {
  /** Superseded memories shown marked, in place of their events. */
  includeSuperseded: boolean;
  /** The question asks when: an episode's date is what it adds beside a fact. */
  asksWhen: boolean;
  /** The query's lexemes and weights: of an event's memories, the one saying most of them stands for it. */
  lexemes?: Map<string, number>;
}

/** The weight of the query's lexemes an item holds. */
function queryWeight(item: RankedItem, lexemes: Map<string, number> | undefined): number {
  let sum = 0;
  for (const [lexeme, weight] of lexemes ?? []) if (item.doc.tfOf(lexeme) > 0) sum += weight;
  return sum;
}

/**
 * Whether a raw event says more than these memories learned from it: less than EVENT_SAID of its words
 * in theirs, or a sentence holding a query word that none of them was learned from (saysMoreOfQuery).
 */
function saysMore(eventText: string, memories: Array<{ content: string }>, holds: HoldsQuery | undefined): boolean {
  const own = words(eventText);
  const theirs = new Set(memories.flatMap((m) => [...words(m.content)]));
  let shared = 0;
  for (const w of own) if (theirs.has(w)) shared += 1;
  return shared < EVENT_SAID * own.size || saysMoreOfQuery(eventText, memories, holds);
}

/** Content words of a raw event its memories do not say, from which it says much more than they do. */
const MUCH_MORE_WORDS = 12;

function saysMuchMore(eventText: string, memories: Array<{ content: string }>): boolean {
  const theirs = new Set(memories.flatMap((m) => [...words(m.content)]));
  let more = 0;
  for (const w of words(eventText)) if (!theirs.has(w)) more += 1;
  return more >= MUCH_MORE_WORDS;
}

/** Whether a memory was learned from a part of a turn: most of its words (EVENT_SAID) are the part's. */
function saidIn(memory: Set<string>, part: Set<string>): boolean {
  let shared = 0;
  for (const w of memory) if (part.has(w)) shared += 1;
  return shared >= EVENT_SAID * memory.size;
}

/**
 * An event's text without the parts its superseded memories were learned from (a sentence, or a
 * clause of one: "We're on the Pro plan and SSO login fails ..."), `…` in their place; null when no
 * part could be told apart (a fact said in other words) or nothing else is left.
 */
export function withoutStale(eventText: string, stale: Array<{ content: string }>): string | null {
  const label = /^[^:\n]{1,40}:\s/.exec(eventText)?.[0] ?? '';
  const theirs = stale.map((m) => words(m.content)).filter((w) => w.size > 0);
  const learnedFrom = (part: string) => {
    const own = words(part);
    return theirs.some((memory) => saidIn(memory, own));
  };
  const kept: string[] = [];
  let cut = false;
  for (const sentence of splitSentences(eventText.slice(label.length))) {
    if (!learnedFrom(sentence)) {
      kept.push(sentence);
      continue;
    }
    cut = true;
    // The clauses of the sentence that say something else stay ("... and SSO login fails with ...").
    const clauses = sentence.split(/,\s+|;\s+|\s+(?:and|but|so)\s+/);
    const left = clauses.filter((c) => !learnedFrom(c) && words(c).size >= 2);
    if (left.length > 0 && left.length < clauses.length) kept.push(`… ${left.join(', ')}`);
    else kept.push('…');
  }
  const text = kept
    .join(' ')
    .replace(/(?:…\s*)+/g, '… ')
    .trim();
  if (!cut || words(text).size < 2) return null;
  return `${label}${text}`;
}

/**
 * Whether a sentence of an event that holds a query word is the source of none of the memories
 * learned from it (a memory's words are mostly in the sentence it was learned from): that sentence is
 * what was asked, and learn left it out ("It weighs only 8 kilos" after the bought bike's episode;
 * "The kettle from #A-10087 arrived broken." before "I want a refund", learned alone).
 */
function saysMoreOfQuery(
  eventText: string,
  memories: Array<{ content: string }>,
  holds: HoldsQuery | undefined,
): boolean {
  if (!holds) return false;
  const theirs = memories.map((m) => words(m.content));
  for (const sentence of splitSentences(eventText)) {
    if (!holds(sentence)) continue;
    const own = words(sentence);
    if (!theirs.some((memory) => saidIn(memory, own))) return true;
  }
  return false;
}

/** Artifacts that lay out the steps of the procedure memories they were compiled from. */
const STEP_ARTIFACTS = new Set(['task_schema', 'failure_playbook']);
/** Artifacts that say one step of those again: which action works after which, which one is chosen. */
const STEP_RESTATEMENTS = new Set(['causal_pattern', 'decision_policy']);

/** Whether an item says steps a how-to or playbook of the same runs lays out. */
function restatesSteps(item: RankedItem): boolean {
  if (item.source === 'memory') return item.row.kind === 'procedure';
  return item.source === 'artifact' && STEP_RESTATEMENTS.has(item.row.kind);
}

/**
 * Procedure memory, causal pattern or decision policy id -> the best-placed how-to or playbook
 * candidate compiled from the same runs (its source events hold at least half of the item's): the
 * artifact says the steps, with their evidence.
 */
function stepsCovered(ordered: RankedItem[]): Map<string, RankedItem> {
  const artifacts = ordered.filter((i) => i.source === 'artifact' && STEP_ARTIFACTS.has(i.row.kind));
  const out = new Map<string, RankedItem>();
  if (artifacts.length === 0) return out;
  const sources = artifacts.map((a) => new Set(a.row.source_ids ?? []));
  for (const item of ordered) {
    if (!restatesSteps(item)) continue;
    const own = item.row.source_ids ?? [];
    if (own.length === 0) continue;
    // Most of its runs' events, not all: the memory also cites the request that started the run.
    const at = sources.findIndex((set) => own.filter((id) => set.has(id)).length * 2 >= own.length);
    if (at >= 0) out.set(item.row.id, artifacts[at] as RankedItem);
  }
  return out;
}

export function assemble(ordered: RankedItem[], lineage: PackLineage, opts: AssembleOptions): Assembled {
  const { includeSuperseded } = opts;
  const out: Assembled = { items: [], duplicates: 0, superseded: 0 };
  const position = new Map<string, number>();
  for (const [i, item] of ordered.entries()) if (item.source === 'memory') position.set(item.row.id, i);
  const repeats = opts.asksWhen ? new Map<string, RankedItem>() : repeatedFacts(ordered);
  const placed = new Set<string>();
  const shownSuperseded = new Set<string>();
  const covered = stepsCovered(ordered);
  const holds = opts.lexemes && opts.lexemes.size > 0 ? holdsQuery(opts.lexemes.keys()) : undefined;
  // What a how-to or playbook says besides its own lines: the procedures it covers (a session summary
  // listing one as a highlight after it repeats it).
  const coveredSays = new Map<string, string[]>();
  for (const [id, artifact] of covered) {
    const at = position.get(id);
    if (at === undefined) continue; // a causal pattern or policy: a block, left out whole
    const memory = ordered[at] as RankedItem;
    coveredSays.set(artifact.row.id, [...(coveredSays.get(artifact.row.id) ?? []), factKey(memory.row.text)]);
  }
  const pushArtifact = (artifact: RankedItem) => {
    const stale = lineage.supersededInArtifact.get(artifact.row.id);
    out.items.push({
      item: artifact,
      cite: [],
      staleLines: stale?.map(factKey),
      alsoSays: coveredSays.get(artifact.row.id),
    });
  };
  /**
   * An item placed at `rankScore`: a procedure, causal pattern or policy whose how-to or playbook is a
   * candidate places that instead.
   */
  const placeItem = (candidate: RankedItem, rankScore: number | undefined, cite: string[]) => {
    const artifact = covered.get(candidate.row.id);
    if (!artifact) {
      if (candidate.source === 'artifact') pushArtifact({ ...candidate, rankScore });
      else out.items.push({ item: { ...candidate, rankScore }, cite });
      return;
    }
    out.duplicates += 1;
    if (placed.has(artifact.row.id)) return;
    placed.add(artifact.row.id);
    pushArtifact({ ...artifact, rankScore });
  };

  const echoes = echoesOfSuperseded(ordered, lineage);
  // Sessions with a candidate turn left out as superseded: a summary that only counts their turns
  // points at what is no longer so (unless superseded facts are asked for).
  const staleSessions = new Set<string>();
  for (const item of includeSuperseded ? [] : ordered)
    if (
      item.source === 'event' &&
      item.row.session_id &&
      (echoes.has(item.row.id) || (lineage.memoriesOfEvent.get(item.row.id) ?? []).some((m) => m.superseded))
    )
      staleSessions.add(item.row.session_id);
  for (const item of ordered) {
    if (item.source === 'event') {
      const echoed = echoes.get(item.row.id);
      if (echoed) {
        if (includeSuperseded) {
          const until = day(echoed.validTo);
          out.items.push({ item, cite: [], mark: `(superseded${until ? ` ${until}` : ''})` });
        } else out.superseded += 1;
        continue;
      }
      const learned = lineage.memoriesOfEvent.get(item.row.id) ?? [];
      const stale = learned.filter((m) => m.superseded);
      if (stale.length > 0) {
        if (!includeSuperseded) {
          out.superseded += 1;
          // What else the turn says that the query asks about stays, the old fact cut out of it ("Hi,
          // I'm Carla from Acme Corp. … SSO login fails with error SAML_INVALID_AUDIENCE." once the Pro
          // plan it named is superseded).
          // Not when the rest is what its current memories say ("… I prefer short answers."): they say it.
          const rest = holds ? withoutStale(item.row.text, stale) : null;
          const current = learned.filter((m) => !m.superseded);
          if (rest && holds?.(rest) && (current.length === 0 || saysMoreOfQuery(rest, current, holds)))
            out.items.push({ item: { ...item, row: { ...item.row, text: rest } }, cite: [] });
          continue;
        }
        for (const m of stale) {
          if (shownSuperseded.has(m.id)) continue;
          shownSuperseded.add(m.id);
          const until = day(m.validTo);
          out.items.push({
            item: supersededItem(item, m),
            cite: [item.row.id],
            mark: `(superseded${until ? ` ${until}` : ''})`,
          });
        }
        out.duplicates += 1;
        continue;
      }
      // The facts it was learned into: a block packed before that lists them all says what it says,
      // unless a sentence of the event that the query asks about was learned into none of them ("The
      // kettle from #A-10087 arrived broken. I want a refund." learned only as "wants a refund", which
      // the profile lists).
      const current = learned.filter((m) => !m.superseded);
      const keys =
        current.length > 0 && !saysMoreOfQuery(item.row.text, current, holds)
          ? current.map((m) => factKey(m.content))
          : undefined;
      const said = current.filter((m) => position.has(m.id));
      const weightOf = (id: string) => queryWeight(ordered[position.get(id) as number] as RankedItem, opts.lexemes);
      // A memory that holds more of the query than its turn answers it better: it stands for the turn
      // ("User lives in Berlin" asked where the user lives, beside "I moved to Berlin last week").
      // Unless the turn says much more than they do: the detail a "why" or "what about" asks for is in
      // the sentences learn left out ("hoping to attend a book conference next month. It's a gathering
      // of authors ... I want to learn more about literature", learned as "wants to attend a book
      // conference"); the turn then stands for them.
      const answersBetter =
        said.some((m) => weightOf(m.id) > queryWeight(item, opts.lexemes)) && !saysMuchMore(item.row.text, said);
      if (said.length > 0 && !answersBetter) {
        if (saysMore(item.row.text, said, holds)) {
          // The event says more than its memories: it stays, and the memories not shown yet are its repeats.
          const held = said.filter((m) => !placed.has(m.id));
          for (const m of held) placed.add(m.id);
          out.duplicates += held.length;
          const alsoSays = said.map((m) => factKey(m.content));
          // One of them shown already (ranked above the event, e.g. the event found by meaning only):
          // the event takes its place rather than saying the fact a second time further down.
          const shown = out.items.findIndex(
            (x) =>
              x.item.source === 'memory' &&
              x.cite.length === 0 &&
              !x.mark &&
              said.some((m) => m.id === x.item.row.id && !held.includes(m)),
          );
          if (shown >= 0) {
            const target = out.items[shown] as Assembled['items'][number];
            out.items[shown] = {
              item: { ...item, rankScore: target.item.rankScore ?? target.item.score },
              cite: [],
              alsoSays,
              learned: keys,
            };
            out.duplicates += 1;
            continue;
          }
          out.items.push({ item, cite: [], alsoSays: held.map((m) => factKey(m.content)), learned: keys });
          continue;
        }
      }
      // The candidate memory learned from this event that says most of the query stands for it, the
      // best-placed of those (an episode that only repeats a fact does not: the fact does). "Yes! I love
      // Dracula. Also, I am training for the Berlin marathon" asked about training: the training fact,
      // not "likes Dracula", though the preference ranks higher on the name both hold.
      const memory = learned
        .filter((m) => position.has(m.id) && !repeats.has(m.id))
        .sort(
          (a, b) => weightOf(b.id) - weightOf(a.id) || (position.get(a.id) as number) - (position.get(b.id) as number),
        )[0];
      if (memory) {
        out.duplicates += 1;
        if (placed.has(memory.id)) {
          const target = out.items.find((x) => x.item.source === 'memory' && x.item.row.id === memory.id);
          target?.cite.push(item.row.id);
          continue;
        }
        // Not placed yet: the memory ranks below the event and comes up to the event's place.
        placed.add(memory.id);
        const j = position.get(memory.id) as number;
        placeItem(ordered[j] as RankedItem, item.rankScore, [item.row.id]);
        continue;
      }
      out.items.push({ item, cite: [], learned: keys });
      continue;
    }
    if (item.source === 'memory') {
      if (placed.has(item.row.id)) continue;
      if (!includeSuperseded && item.row.kind === 'entity' && namesOnlySuperseded(item, lineage)) {
        out.superseded += 1;
        continue;
      }
      const factItem = repeats.get(item.row.id);
      if (factItem !== undefined) {
        out.duplicates += 1;
        // Not placed yet: the fact ranks below the episode and comes up to its place.
        if (!placed.has(factItem.row.id)) {
          placed.add(factItem.row.id);
          out.items.push({ item: { ...factItem, rankScore: item.rankScore }, cite: [] });
        }
        continue;
      }
      placed.add(item.row.id);
      placeItem(item, item.rankScore, []);
      continue;
    }
    // Placed already where a procedure it covers ranked; placed here, a procedure below it is its repeat.
    if (placed.has(item.row.id)) continue;
    if (countsOnly(item, out.items, holds, staleSessions)) {
      out.duplicates += 1;
      continue;
    }
    placed.add(item.row.id);
    placeItem(item, item.rankScore, []);
  }
  return out;
}

/**
 * A session summary with no highlight to list ("2026-03-02: 2 events with assistant, user. Topics:
 * kyoto.") after a turn of its session: the turn is what it would point to; or of a session whose
 * turns found were left out as superseded ("Topics: lisbon, live." after the move): it points at what
 * is no longer so. Unless the query names the session ("What happened in session t3?").
 */
function countsOnly(
  item: RankedItem,
  placed: Assembled['items'],
  holds: HoldsQuery | undefined,
  staleSessions: Set<string>,
): boolean {
  if (item.source !== 'artifact' || item.row.kind !== 'session_summary' || /^\s*[-*] /m.test(item.row.text))
    return false;
  const session = item.row.session_id;
  if (!session || holds?.(session)) return false;
  return (
    staleSessions.has(session) || placed.some((x) => x.item.source === 'event' && x.item.row.session_id === session)
  );
}

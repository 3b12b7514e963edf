/**
 * Packs ranked entries under a token budget, greedy in rank order, each fact once:
 * - a memory or event is one dated line; an artifact is its own multi-line markdown block (its
 *   headings moved under the section's), so a profile or a playbook reads as written;
 * - a line that repeats what a packed entry already says (same words once dates, tags and
 *   confidences are set aside, or all of them said inside a longer packed line) is left out; an
 *   artifact keeps only its lines that add something, and is left out when none does, or when the
 *   lines it lost were its only ones holding a word of the query and what is left is a digest's
 *   or a timeline's overview or only counts things;
 * - the best entry is always included: cut to fit (ending in `…`) when even it does not; a line cut
 *   keeps the parts holding most query words when its head holds fewer;
 * - the context is re-counted with the tokenizer so `used` never exceeds the limit.
 * Sections are rendered in `sectionOrder`: those that answer the query first (intent.ts), then by
 * worth per token (`readingOrder`).
 */
import type { SynthesizeEntry, SynthesizeSection } from '@hx-memory/contract';
import type { CountsQuery, HoldsQuery } from './holds-query.js';
import { withSaidDates } from './said-dates.js';
import { SECTION_TITLES } from './sections.js';
import { tokenCount, truncateToTokens } from './token-count.js';

/** An entry before packing: its tokens are counted on the text the context shows. */
export type UnpackedEntry = Omit<SynthesizeEntry, 'tokens'>;

export interface PackInput {
  entry: UnpackedEntry;
  /** Date shown on the line (YYYY-MM-DD), or null when the entry has none. */
  date: string | null;
  /** When an episode was told (ISO time): its relative time phrase is read against it. */
  saidAt?: string;
  /**
   * Who a raw turn's `user:` label stands for: the subject it was captured for, written in its place so
   * the turn reads as the memories learned from it do ("dana: ..."), not as another speaker.
   */
  speaker?: string;
  /** An artifact: rendered as a block of its markdown lines rather than one line. */
  block?: boolean;
  /** Said before the text, e.g. `(superseded 2024-07-02)`. */
  mark?: string;
  /** Fact keys (factKey) of lines to leave out of a block: superseded facts it still lists. */
  staleLines?: string[];
  /** Fact keys the entry says too (the memories a raw event was learned into), once it is packed. */
  alsoSays?: string[];
  /**
   * Fact keys of the current memories a raw event was learned into: when packed lines (a digest's, a
   * summary's) say every one already, the event is left out as their repeat and cited by the last of
   * them; packed, it says them (a later block's line repeating one is left out).
   */
  learned?: string[];
}

export interface Omitted {
  duplicates: number;
  superseded: number;
  overBudget: number;
}

export interface Packed {
  context: string;
  entries: SynthesizeEntry[];
  /** Index in the input of each packed entry, in order. */
  included: number[];
  used: number;
  /** Entries left out here (repeats and over budget; the caller adds what it left out before). */
  omitted: Omitted;
  /**
   * Per packed entry (same order as `entries`), the inputs left out as its repeats: their sources
   * are its sources too (a summary line said an event's words: the event is cited by the summary).
   */
  absorbed: number[][];
  truncated: number;
  /** Per packed entry (same order as `entries`), whether it was cut. */
  cut: boolean[];
  candidateTokens: number;
}

/** Longest single entry, as a share of the budget, so one long artifact cannot take it all. */
const MAX_ENTRY_SHARE = 0.25;
const MAX_ENTRY_TOKENS = 600;
/** The best entry may take more: it is what the query most needs. */
const FIRST_ENTRY_SHARE = 0.6;
const FIRST_ENTRY_TOKENS = 1200;
/** The smallest dated line (date, a few words). */
const MIN_LINE_TOKENS = 12;
/** Shortest key (in words) that counts as said inside a longer line: "lives in Lisbon" yes, "Lisbon" no. */
const MIN_CONTAINED_WORDS = 3;

/** A date the context writes after a time phrase: `last Friday (2023-12-15)`, `last week (the week of 2023-12-04)`. */
const TIME_PHRASE_DATE = new RegExp(
  String.raw`\b((?:yesterday|tomorrow|ago|week|weekend|month|year|summer|winter|spring|fall|autumn|` +
    String.raw`(?:mon|tues|wednes|thurs|fri|satur|sun)day|tues|weds|\d{1,2}(?:st|nd|rd|th)|` +
    '(?:january|february|march|april|may|june|july|august|september|october|november|december)(?:\\s+\\d{1,2}(?!\\d))?))' +
    String.raw`\s*\((?:the (?:week|weekend|summer|winter|spring|fall|autumn) of )?\d{4}(?:-\d{2}){0,2}\)`,
  'g',
);

/**
 * A line's fact, comparable across the forms learn writes it in: lower-cased words only, without a
 * bullet, a `[kind]` tag, a leading `2024-05:` date, a trailing `(since ..., confidence ...)` or
 * `("last month")`, a date written beside a time phrase (`(2024-05-09)`, `(the week of 2024-06-03)`).
 */
export function factKey(line: string): string {
  return (
    line
      .toLowerCase()
      .replace(/^\s*(?:[-*]|\d+\.)\s+/, '')
      .replace(/^\[[a-z_ ]+\]\s*/, '')
      .replace(/^\d{4}-\d{2}(?:-\d{2})?:\s*/, '')
      .replace(/\s*\((?:since|confidence)[^)]*\)\s*$/, '')
      .replace(/\s*\("[^"]*"\)\s*$/, '')
      // The date written beside a time phrase ("Yesterday (2024-05-09) I went"): the same fact either way.
      // Only there: a date in parentheses after anything else may be the fact ("v2 ships (2024-05-01)").
      .replace(TIME_PHRASE_DATE, '$1')
      .replace(/[^\p{L}\p{N}]+/gu, ' ')
      .trim()
  );
}

/**
 * The packed entry (its place in `chosen`) that already says all of a fact key, or -1: `shown` maps
 * the keys packed so far to their entry, `padded` holds them padded with spaces.
 */
function repeats(key: string, shown: Map<string, number>, padded: Array<[string, number]>): number {
  if (key.length === 0) return -1;
  const same = shown.get(key);
  if (same !== undefined) return same;
  if (key.split(' ').length < MIN_CONTAINED_WORDS) return -1;
  const needle = ` ${key} `;
  return padded.find(([p]) => p.includes(needle))?.[1] ?? -1;
}

/** The packed line that said the last of an event's learned facts (the latest holder), when packed lines say every one; else -1. */
function learnedHolder(
  learned: string[] | undefined,
  shown: Map<string, number>,
  padded: Array<[string, number]>,
): number {
  if (!learned || learned.length === 0) return -1;
  let holder = -1;
  for (const key of learned) {
    const at = repeats(key, shown, padded);
    if (at < 0) return -1;
    holder = Math.max(holder, at);
  }
  return holder;
}

function isEntityMemory(input: PackInput): boolean {
  return !input.block && input.entry.kind === 'entity';
}

/** An entity memory's name ("Porto (place)" -> "porto"), as a fact key; null for any other entry. */
function entityName(input: PackInput): string | null {
  if (!isEntityMemory(input)) return null;
  return factKey(input.entry.content.replace(/\s*\([^)]*\)\s*$/, ''));
}

/** Artifacts that survey a scope or a subject's dated life rather than one session or one person's facts. */
const OVERVIEWS = new Set(['digest', 'timeline']);

/** A digest's entity line ("- Porto (place), 3 mentions"): its name is group 1. */
const ENTITY_LINE = /^\s*[-*]\s+(.+?) \([a-z_ ]+\), \d+ mentions?$/;

/** A line that only counts something: "- Porto (place), 3 mentions", "- dana: 5 memories". */
const COUNT_LINE = /^\s*[-*]\s+.+?[,:] \d+ (?:mentions?|memory|memories|events?)$/;

/** Whether a block's item lines (lists) only count things: names, subjects, no fact. */
function onlyCounts(lines: string[]): boolean {
  return lines.every((line) => !isItem(line) || COUNT_LINE.test(line));
}

/** Whether a name is said by a line packed already or kept earlier in the same block. */
function namedIn(name: string, padded: Array<[string, number]>, blockKeys: string[]): boolean {
  if (name.length === 0) return false;
  const needle = ` ${name} `;
  return padded.some(([p]) => p.includes(needle)) || blockKeys.some((k) => ` ${k} `.includes(needle));
}

/** Whether a block's line is one of its stale facts: the same key, or the key and a count after it ("Lisbon (place), 1 mentions"). */
function isStale(key: string, stale: Set<string>): boolean {
  if (stale.has(key)) return true;
  for (const s of stale) if (s.length > 0 && key.startsWith(`${s} `)) return true;
  return false;
}

/**
 * Entries dated when their words were said: a raw turn, and the memories learn dates from the turn
 * they were said in (a fact, a preference, an instruction), and an episode that knows when it was
 * told (`saidAt`; its own date is when it happened, the date its phrase names). An episode learned
 * before it kept that keeps the date it happened on its line and its phrase as written.
 */
const SAID_KINDS = new Set(['event', 'fact', 'preference', 'instruction']);

function saidAt(input: PackInput): Date | null {
  const { entry } = input;
  const at = input.saidAt ?? (SAID_KINDS.has(entry.kind) ? (entry.occurredAt ?? entry.validFrom) : null);
  const date = at ? new Date(at) : null;
  return date && !Number.isNaN(date.getTime()) ? date : null;
}

/** The label capture gives a user's turn that names no speaker (normalize.ts, eventText). */
const USER_LABEL = 'user: ';

function oneLine(input: PackInput, content: string, withDate = true): string {
  const said = input.block ? null : saidAt(input);
  const flat = spokenBy(input, content.replace(/\s+/g, ' ').trim());
  // A raw turn's "yesterday" is read against the line's date: the date it names is written beside it.
  const text = said ? withSaidDates(flat, said) : flat;
  const mark = input.mark ? `${input.mark} ` : '';
  return input.date && withDate ? `- [${input.date}] ${mark}${text}` : `- ${mark}${text}`;
}

/** A raw turn's text with its `user:` label the subject it stands for, as its line shows it ("dana: ..."). */
function spokenBy(input: PackInput, text: string): string {
  return input.speaker && text.startsWith(USER_LABEL) ? `${input.speaker}: ${text.slice(USER_LABEL.length)}` : text;
}

/**
 * A profile line's `(since 2026-03-01, confidence 0.80)`: the context keeps the date (when the fact
 * became true) and leaves the confidence to the entry (`entries[].confidence`): a reader of the
 * prompt has no use for it, and it cost a fifth of a short fact's tokens.
 */
const SINCE_CONFIDENCE = /\(since (\d{4}-\d\d-\d\d), confidence \d(?:\.\d+)?\)$/;

/** An artifact's markdown as a block: its title a `###` heading with the date, its headings two levels down. */
function blockLines(input: PackInput, lines: string[]): string[] {
  const out: string[] = [];
  let titled = false;
  for (const line of lines) {
    const heading = /^(#{1,4})\s+(.*)$/.exec(line);
    if (heading && !titled && (heading[1] as string).length === 1) {
      const mark = input.mark ? ` ${input.mark}` : '';
      out.push(`### ${heading[2]}${input.date ? ` [${input.date}]` : ''}${mark}`);
      titled = true;
    } else if (heading) out.push(`${'#'.repeat(Math.min(6, (heading[1] as string).length + 2))} ${heading[2]}`);
    else out.push(line.replace(SINCE_CONFIDENCE, '(since $1)'));
  }
  if (!titled) out.unshift(`### ${input.entry.kind.replace(/_/g, ' ')}${input.date ? ` [${input.date}]` : ''}`);
  return out;
}

const isItem = (line: string) => /^\s*(?:[-*]|\d+\.)\s+/.test(line);
const headingLevel = (line: string) => /^(#{1,6})\s/.exec(line)?.[1]?.length ?? 0;

/**
 * The lines kept (`keep[i]`), less every heading whose lines were all left out: a heading stays when
 * something under it (up to the next heading of its level or above) is kept, or nothing under it was
 * left out (a heading that had nothing under it in the artifact stays as written).
 */
function withoutEmptiedHeadings(lines: string[], keep: boolean[]): string[] {
  const out = [...keep];
  // From the last heading up, so a sub-heading is decided before the heading over it.
  for (let i = lines.length - 1; i >= 0; i--) {
    const level = headingLevel(lines[i] as string);
    if (level === 0) continue;
    let kept = false;
    let dropped = false;
    for (let j = i + 1; j < lines.length && !kept; j++) {
      const inner = headingLevel(lines[j] as string);
      if (inner > 0 && inner <= level) break;
      if (!out[j]) dropped = true;
      else if (inner === 0) kept = true;
    }
    if (dropped && !kept) out[i] = false;
  }
  return lines.filter((_, i) => out[i]);
}

interface Chosen {
  input: PackInput;
  index: number;
  /** Rendered text: one line, or a block of lines. */
  text: string;
  content: string;
  keys: string[];
  truncated: boolean;
  /** Tokens of `text`. */
  tokens: number;
}

function titleOf(section: SynthesizeSection): string {
  return SECTION_TITLES.find(([s]) => s === section)?.[1] ?? section;
}

/**
 * The sections in reading order: the first `fixed` of `order` where they are (those answering the
 * query), then the others by worth per token, the worth of an entry ranked i-th (from 0) being
 * 1/(i+1)²: the order that brings the entries forward most, weighted by rank (Smith's rule), so a
 * few short facts ranked just below a long turn are read before it and the other turns, and the
 * best match still opens the context when the rest ranks far below it; ties keep `order`.
 */
function readingOrder(chosen: Chosen[], order: SynthesizeSection[], fixed: number): SynthesizeSection[] {
  const rest = order.slice(fixed);
  const worth = new Map<SynthesizeSection, number>();
  const cost = new Map<SynthesizeSection, number>();
  chosen.forEach((c, i) => {
    const s = c.input.entry.section;
    if (entityName(c.input) === null) worth.set(s, (worth.get(s) ?? 0) + 1 / (i + 1) ** 2);
    cost.set(s, (cost.get(s) ?? 0) + c.tokens + 1);
  });
  const density = (s: SynthesizeSection) => (worth.get(s) ?? 0) / (cost.get(s) ?? 1);
  return [
    ...order.slice(0, fixed),
    ...rest.sort((a, b) => density(b) - density(a) || rest.indexOf(a) - rest.indexOf(b)),
  ];
}

function render(chosen: Chosen[], order: SynthesizeSection[]): string {
  const parts: string[] = [];
  for (const section of order) {
    const mine = chosen.filter((c) => c.input.entry.section === section);
    if (mine.length === 0) continue;
    // Lines first, then blocks: a line after a block would read as part of it.
    const lines = mine.filter((c) => !c.input.block).map((c) => c.text);
    const blocks = mine.filter((c) => c.input.block).map((c) => c.text);
    const body = [lines.join('\n'), ...blocks].filter((s) => s.length > 0).join('\n\n');
    parts.push(`## ${titleOf(section)}\n${body}`);
  }
  return parts.join('\n\n');
}

/**
 * A block's lines cut to `max` tokens: whole lines while they fit, then `…`. Only the best entry may
 * be cut inside a line (`best`); any other block that cannot keep one whole line under its headings
 * would say nothing (`- 2026-03-03: dana: Big news: I…`): null, it does not fit.
 */
function cutBlock(
  lines: string[],
  max: number,
  best: boolean,
): { lines: string[]; cut: boolean; tokens?: number } | null {
  const whole = tokenCount(lines.join('\n'));
  if (whole <= max) return { lines, cut: false, tokens: whole };
  const kept: string[] = [];
  let used = 0;
  for (const line of lines) {
    const n = tokenCount(line) + 1;
    if (used + n > max - 2) break;
    kept.push(line);
    used += n;
  }
  // Headings whose lines were all cut say nothing: the block ends on its last kept line (the title stays).
  while (kept.length > 1 && headingLevel(kept[kept.length - 1] as string) > 0) kept.pop();
  if (!best && !kept.some((l) => headingLevel(l) === 0)) return null;
  if (kept.length <= 1) {
    const text = truncateToTokens(lines.join('\n'), max);
    return { lines: text.split('\n'), cut: true };
  }
  kept.push('…');
  return { lines: kept, cut: true };
}

/**
 * A line cut to `max` tokens. Cut at its head, a long tool result or document can lose the part the
 * query asked for ("pgvector HNSW p95 31 ms" as the second of three search results): when no part
 * (sentence, list item) kept whole by the head holds as many query words as the best part does, the
 * parts holding most are kept instead, in their order, `…` marking what was left out.
 */
function cutToTokens(content: string, max: number, count: CountsQuery | undefined): string {
  const head = truncateToTokens(content, max);
  if (head === content || !count) return head;
  // Who said it or what tool answered ("tool web_search result: ") stays in front of the parts kept.
  const label = /^[^:\n]{1,40}:\s/.exec(content)?.[0] ?? '';
  const body = content.slice(label.length);
  const parts = body.split(/(?<=[.!?;])\s+/).map((text, index) => ({ text, index, n: count(text) }));
  const best = Math.max(...parts.map((p) => p.n));
  if (best === 0) return head;
  let offset = label.length;
  for (const part of parts) {
    offset = content.indexOf(part.text, offset) + part.text.length;
    if (offset > head.length - 1) break;
    if (part.n === best) return head;
  }
  const ranked = parts.filter((p) => p.n > 0).sort((a, b) => b.n - a.n || a.index - b.index);
  const last = parts.length - 1;
  const render = (chosen: typeof parts) => {
    chosen.sort((a, b) => a.index - b.index);
    const text = chosen
      .map((p, i) => `${p.index === 0 || (i > 0 && chosen[i - 1]?.index === p.index - 1) ? '' : '… '}${p.text}`)
      .join(' ');
    return `${label}${text}${chosen.at(-1)?.index === last ? '' : ' …'}`;
  };
  const chosen: typeof parts = [];
  for (const part of ranked) if (tokenCount(render([...chosen, part])) <= max) chosen.push(part);
  return chosen.length > 0 ? render(chosen) : truncateToTokens(render([ranked[0] as (typeof parts)[number]]), max);
}

export function packContext(
  inputs: PackInput[],
  limit: number,
  sectionOrder: SynthesizeSection[] = SECTION_TITLES.map(([s]) => s),
  fixedSections = sectionOrder.length,
  /**
   * How many of the query's words a text holds (holds-query.ts): a block that lost its matching lines
   * as repeats needs one left, and a line cut keeps its parts that hold most.
   */
  queryWords?: CountsQuery,
): Packed {
  const perEntry = Math.max(8, Math.min(MAX_ENTRY_TOKENS, Math.floor(limit * MAX_ENTRY_SHARE)));
  const packed = packWithin(inputs, limit, perEntry, sectionOrder, fixedSections, queryWords);
  // An entry cut to its share while budget is left over (a profile cut at a quarter of a small budget):
  // packed again, the first such entry given what is left besides what it took, and kept when it shows
  // every entry the first packing did. Cut lines come back; nothing is traded for them.
  const left = limit - packed.used;
  // The best entry has a larger share of its own.
  const cut = packed.cut.findIndex((wasCut, n) => n > 0 && wasCut);
  if (cut < 0 || left < 3 * MIN_LINE_TOKENS) return packed;
  // What the entry took and what is left, less a margin for the headings and line breaks the estimate
  // counts: the entries after it still fit.
  const widened = {
    index: packed.included[cut] as number,
    cap: (packed.entries[cut]?.tokens ?? 0) + left - 2 * MIN_LINE_TOKENS,
  };
  const wider = packWithin(inputs, limit, perEntry, sectionOrder, fixedSections, queryWords, widened);
  const kept = new Set(wider.included);
  return wider.used > packed.used && wider.used <= limit && packed.included.every((n) => kept.has(n)) ? wider : packed;
}

function packWithin(
  inputs: PackInput[],
  limit: number,
  /** Longest entry after the first, in tokens. */
  perEntry: number,
  sectionOrder: SynthesizeSection[],
  fixedSections: number,
  queryWords: CountsQuery | undefined,
  /** One input allowed more than the share (a cut entry widened by the budget left over). */
  widened?: { index: number; cap: number },
): Packed {
  const relevant: HoldsQuery | undefined = queryWords && ((text) => queryWords(text) > 0);
  const chosen: Chosen[] = [];
  const sections = new Set<SynthesizeSection>();
  const shown = new Map<string, number>();
  const padded: Array<[string, number]> = [];
  const absorbed: number[][] = [];
  const omitted: Omitted = { duplicates: 0, superseded: 0, overBudget: 0 };
  let estimate = 0;
  let candidateTokens = 0;

  // Entity memories ("Porto (place)") last: a name adds something only when no line packed says it.
  // (Whether each is one, found once: the comparator runs n log n times.)
  const isEntity = inputs.map((input) => (isEntityMemory(input) ? 1 : 0));
  const order = [...inputs.keys()].sort((a, b) => (isEntity[a] as number) - (isEntity[b] as number) || a - b);
  for (const index of order) {
    const input = inputs[index] as PackInput;
    const first = chosen.length === 0;
    // Once no line can fit any more, the rest are dropped without tokenizing them.
    if (!first && limit - estimate < MIN_LINE_TOKENS) {
      candidateTokens += Math.ceil(Buffer.byteLength(input.entry.content) / 4);
      omitted.overBudget += 1;
      continue;
    }
    const header = sections.has(input.entry.section) ? 0 : tokenCount(`## ${titleOf(input.entry.section)}\n`) + 2;
    const room = limit - estimate - header;
    const cap = first
      ? Math.max(1, Math.min(room, Math.max(perEntry, Math.floor(limit * FIRST_ENTRY_SHARE)), FIRST_ENTRY_TOKENS))
      : Math.min(widened?.index === index ? widened.cap : perEntry, room);

    let text: string;
    let content: string;
    let keys: string[];
    let truncated = false;
    // Counted already when the text is what was measured (the tokenizer is the pack's largest cost).
    let counted: number | undefined;
    if (input.block) {
      const stale = new Set(input.staleLines ?? []);
      const raw = input.entry.content.split('\n').filter((l) => l.trim().length > 0);
      const said: boolean[] = [];
      const keptKeys: string[] = [];
      let items = 0;
      let itemsKept = 0;
      for (const line of raw) {
        if (!isItem(line)) {
          said.push(true);
          continue;
        }
        items += 1;
        const key = factKey(line);
        const name = ENTITY_LINE.exec(line)?.[1];
        const repeat =
          isStale(key, stale) ||
          repeats(key, shown, padded) >= 0 ||
          (name !== undefined && namedIn(factKey(name), padded, keptKeys));
        said.push(!repeat);
        if (repeat) continue;
        keptKeys.push(key);
        itemsKept += 1;
      }
      const kept = withoutEmptiedHeadings(raw, said);
      candidateTokens += tokenCount(input.entry.content);
      // Every item it lists is said already (or stale): nothing left to add. Or the items said already
      // were what it matched the query by, and what is left holds no word of the query and is not tied
      // to it: an overview of the whole scope or of a life (a digest, a timeline: a new job's date is not
      // what was asked of a bike's) or a block that only counts things ("Okta (person), 3 mentions"
      // under a question about invoices). A summary's other highlights are of the same session, a
      // profile's of the same person: they stay.
      if (
        (items > 0 && itemsKept === 0) ||
        (itemsKept < items && relevant && (OVERVIEWS.has(input.entry.kind) || onlyCounts(kept)) && !kept.some(relevant))
      ) {
        omitted.duplicates += 1;
        continue;
      }
      // A block cut to what is left of the budget still says its first lines; below two lines' room, it does not fit.
      if (!first && cap < 2 * MIN_LINE_TOKENS) {
        omitted.overBudget += 1;
        continue;
      }
      const lines = blockLines(input, kept);
      const fitted = cutBlock(lines, cap, first);
      if (!fitted) {
        omitted.overBudget += 1;
        continue;
      }
      truncated = fitted.cut;
      text = fitted.lines.join('\n');
      counted = fitted.tokens;
      content = truncated ? fittedContent(kept, fitted.lines) : kept.join('\n');
      // Only what the reader sees is said: a line cut off a block does not make a later entry its repeat.
      const shownKeys = truncated ? new Set(fitted.lines.map(factKey)) : null;
      keys = shownKeys ? keptKeys.filter((k) => shownKeys.has(k)) : keptKeys;
    } else {
      // The fact as the line says it: a summary's highlight of the turn names the subject, not "user".
      const key = factKey(spokenBy(input, input.entry.content));
      const name = entityName(input);
      let holder = name
        ? (shown.get(key) ?? padded.find(([p]) => p.includes(` ${name} `))?.[1] ?? -1)
        : repeats(key, shown, padded);
      if (holder < 0 && !name) holder = learnedHolder(input.learned, shown, padded);
      if (holder >= 0) {
        // A name said by a packed line is no repeat of its fact: its turns are not the line's sources.
        if (!name) (absorbed[holder] as number[]).push(index);
        omitted.duplicates += 1;
        candidateTokens += Math.ceil(Buffer.byteLength(input.entry.content) / 4);
        continue;
      }
      const full = oneLine(input, input.entry.content);
      const fullTokens = tokenCount(full);
      candidateTokens += fullTokens;
      if (fullTokens <= cap) {
        text = full;
        content = input.entry.content;
        counted = fullTokens;
      } else if (first) {
        // The best entry is cut rather than left out; at the smallest budgets without its date.
        const prefix = oneLine(input, '');
        const withDate = tokenCount(prefix) + 3 <= cap;
        const bare = withDate ? prefix : oneLine(input, '', false);
        content = cutToTokens(input.entry.content, Math.max(1, cap - tokenCount(bare) - 1), queryWords);
        text = oneLine(input, content, withDate);
        truncated = true;
      } else {
        // A line over the per-entry share is cut to it; one over the room left (less than a share) does not fit.
        if (room < perEntry) {
          omitted.overBudget += 1;
          continue;
        }
        content = cutToTokens(input.entry.content, Math.max(1, cap - tokenCount(oneLine(input, '')) - 1), queryWords);
        text = oneLine(input, content);
        truncated = true;
      }
      keys = [key];
    }
    const tokens = counted ?? tokenCount(text);
    const cost = tokens + (input.block ? 2 : 1);
    if (!first && estimate + cost + header > limit) {
      omitted.overBudget += 1;
      continue;
    }
    estimate += cost + header;
    sections.add(input.entry.section);
    for (const k of [...keys, ...(input.alsoSays ?? []), ...(input.learned ?? [])]) {
      if (k.length === 0 || shown.has(k)) continue;
      shown.set(k, chosen.length);
      padded.push([` ${k} `, chosen.length]);
    }
    absorbed.push([]);
    chosen.push({ input, index, text, content, keys, truncated, tokens });
  }

  // The estimate sums parts; the tokenizer may merge across line breaks: verify and trim if needed.
  for (;;) {
    const context = render(chosen, readingOrder(chosen, sectionOrder, fixedSections));
    const used = context ? tokenCount(context) : 0;
    if (used <= limit || chosen.length <= 1) {
      if (used > limit && chosen.length === 1) {
        // Only the best entry, and even cut it did not fit its estimate: cut the whole context.
        const only = chosen[0] as Chosen;
        const cut = truncateToTokens(context, limit);
        only.truncated = true;
        const cutTokens = tokenCount(cut);
        only.tokens = Math.min(only.tokens, cutTokens);
        return result(cut, cutTokens, chosen, omitted, absorbed, candidateTokens);
      }
      return result(context, used, chosen, omitted, absorbed, candidateTokens);
    }
    chosen.pop();
    absorbed.pop();
    omitted.overBudget += 1;
  }
}

/** The content of a cut block: the artifact's own lines that were kept, then `…`. */
function fittedContent(kept: string[], renderedLines: string[]): string {
  // The rendered block has the same lines (headings moved down) in the same order; keep as many.
  const n = Math.max(0, renderedLines.filter((l) => l !== '…').length);
  return `${kept.slice(0, n).join('\n')}\n…`;
}

function result(
  context: string,
  used: number,
  chosen: Chosen[],
  omitted: Omitted,
  absorbed: number[][],
  candidateTokens: number,
): Packed {
  return {
    context,
    entries: chosen.map((c) => ({ ...c.input.entry, content: c.content, tokens: c.tokens })),
    included: chosen.map((c) => c.index),
    used,
    omitted,
    truncated: chosen.filter((c) => c.truncated).length,
    cut: chosen.map((c) => c.truncated),
    absorbed,
    candidateTokens,
  };
}

/**
 * Hybrid retrieval for synthesize: lexical candidates from events, memories and artifacts (GIN
 * full-text with OR semantics), scored with BM25 from the scope's term statistics, a pseudo-relevance
 * feedback pass (RM3), trigram lookups for names the stemmer does not know (small scopes), fused by
 * reciprocal rank and weighted by speaker (speaker.ts), session (two-level retrieval), time named,
 * recency, confidence and kind priors; then score lending (lend-scores.ts: neighbouring turns,
 * entity hops for multi-hop, the turns of the entity type a list question asks for), and passages holding the kind of answer the question asks for (a time,
 * a place, a person, a number) are raised a little (answer-type.ts).
 */
import type { SynthesizeSection } from '@hx-memory/contract';
import type { Database } from '../db/client.js';
import { saysNothing } from '../compiler/phatic.js';
import { lendThroughEntities, lendThroughEntityType, lendToNeighbours } from './lend-scores.js';
import { bm25, idf } from './bm25.js';
import { type CandidateRow, fetchEventsBetween, fetchTrigramMatches } from './candidates.js';
import { LARGE_SCOPE, lexicalCandidates, RECENT_WINDOW } from './lexical-candidates.js';
import { analyzeQuery, type QueryTerms } from './query-terms.js';
import { byKey, byScore, type Doc, docOf, type RankedItem } from './ranked-item.js';
import { SPEAKER_BOOST, speakerMatches } from './speaker.js';
import type { RetrievalScope, Source } from './scope.js';
import { kindPrior, sectionOf } from './sections.js';
import { type AnswerType, answerTypeOf, answeredBySeveral, holdsAnswer } from './answer-type.js';
import { inRange, queryTimeRange, type TimeRange, toDate, withoutDateNumbers } from './query-time.js';
import { scoreSessions } from './sessions.js';
import { countDocuments } from './term-stats.js';

export interface RetrievalOptions {
  sections: Set<SynthesizeSection>;
  /** Candidates fetched per source and query pass. */
  candidateLimit?: number;
}

/** Reciprocal rank fusion constant (Cormack, Clarke and Buettcher 2009). */
const RRF_K = 60;
/** Weight of the feedback-expanded ranking against the original query's ranking. */
const RM3_WEIGHT = 0.6;
/** The same when the passes are fused by score (fusePasses). */
const RM3_SCORE_WEIGHT = 0.3;
const RM3_DOCS = 8;
const RM3_TERMS = 10;
/** Trigram matches fetched per unknown query word and source. */
const TRIGRAM_LIMIT = 20;
/** Scopes (documents of a source) above which unknown words are not looked up by trigram. */
const FUZZY_MAX_DOCUMENTS = 1000;
/** Weight of a turn's session score (relative to the best session's) on the turn's own score: two-level retrieval. */
const SESSION_WEIGHT = 1;
/**
 * Boost of a turn or memory dated inside the time the query names ("on 13 October, 2023", "in May 2023"):
 * x4, so that another day's turns holding more of the query's words, in a session that holds more of
 * them too, do not outrank the named day's (x2 until 2026-11-30: LoCoMo R@10 77.8 -> 78.5).
 */
const TIME_BOOST = 3;
/** Events of the query's time fetched whatever their words, and their share of the in-time matches' score. */
const DATED_LIMIT = 20;
const DATED_SHARE = 0.5;
/** Boost of a passage holding the kind of answer the question asks for (when -> a time, how many -> a number...). */
const ANSWER_BOOST = 0.2;

/** A candidate row with its parsed terms and its time (when it happened, else when it was updated). */
interface RunRow {
  row: CandidateRow;
  doc: Doc;
  when: Date | null;
}

function runRowOf(row: CandidateRow): RunRow {
  return { row, doc: docOf(row.tsv), when: toDate(row.occurred_at) ?? toDate(row.updated_at) };
}

interface SourceRun {
  source: Source;
  total: number;
  df: Map<string, number>;
  rows: Map<string, RunRow>;
  /** Events in the time the query names that hold none of its words (fetchEventsBetween). */
  dated: RunRow[];
}

function sourcesFor(sections: Set<SynthesizeSection>): Source[] {
  const out: Source[] = [];
  if (sections.has('context')) out.push('event');
  out.push('memory', 'artifact');
  return out;
}

/** One source's candidates: term statistics, full-text matches, then trigram matches for unknown words. */
async function runSource(
  database: Database,
  source: Source,
  scope: RetrievalScope,
  terms: QueryTerms,
  limit: number,
  timeRange: TimeRange | null,
): Promise<SourceRun | undefined> {
  const total = await countDocuments(database, source, scope);
  if (total === 0) return undefined;
  const lexemes = [...terms.lexemes.keys()];
  // Term statistics and full-text candidates, bounded on large scopes (lexical-candidates.ts); beside
  // them, the events of the time the query names.
  const [{ df, rows }, dated] = await Promise.all([
    lexicalCandidates(database, source, scope, total, lexemes, limit),
    source === 'event' && timeRange
      ? fetchEventsBetween(
          database,
          scope,
          timeRange,
          DATED_LIMIT,
          // Not readsRecentWindow: with asOf, too, a large scope is read only through its window here
          // (no index on occurred_at to read the exact path by); the window may then hold none of it.
          total >= LARGE_SCOPE ? { window: RECENT_WINDOW } : null,
        )
      : [],
  ]);
  const run: SourceRun = { source, total, df, rows: new Map(), dated: [] };
  for (const row of rows) if (!run.rows.has(row.id)) run.rows.set(row.id, runRowOf(row));
  run.dated = dated.filter((row) => !run.rows.has(row.id)).map(runRowOf);
  // Names and rare words the stemmer has never seen in this scope: look them up by trigram, in
  // memories and artifacts only (events have no trigram index: capture speed; their names reach
  // memories as entities when learned), and only in scopes small enough for it to be cheap: a word
  // is compared with every text sharing its trigrams: 20 ms per query at 2,000 memories, 45 ms at
  // 10,000, 0.3-1 s at 100,000 (docs/decisions/retrieval.md); larger scopes match stemmed words
  // exactly (and by meaning, with embeddings configured).
  // A match counts as an occurrence of the query's lexeme weighted by its similarity, and the number
  // of matches stands in for the lexeme's document frequency.
  const fuzzy = new Map<string, string>();
  for (const word of source === 'event' || total > FUZZY_MAX_DOCUMENTS ? [] : terms.words) {
    const lexeme = lexemes.find((l) => word.startsWith(l) || l.startsWith(word));
    // No lexeme: a stop word. A lexeme found in the scope: full-text search has it already.
    if (!lexeme || (df.get(lexeme) ?? 0) > 0 || word.length < 4) continue;
    fuzzy.set(word, lexeme);
  }
  const matches = await fetchTrigramMatches(database, source, scope, [...fuzzy.keys()], TRIGRAM_LIMIT);
  const found = new Map<string, number>();
  for (const { word, similarity, ...row } of matches) {
    const lexeme = fuzzy.get(word) as string;
    let candidate = run.rows.get(row.id);
    if (!candidate) {
      candidate = runRowOf(row);
      run.rows.set(row.id, candidate);
    }
    candidate.doc.addFuzzy(lexeme, Number(similarity));
    found.set(lexeme, (found.get(lexeme) ?? 0) + 1);
  }
  for (const [lexeme, n] of found) df.set(lexeme, n);
  return run;
}

/**
 * BM25 of each candidate for `query`. `asked` is the question's own lexemes (without RM3's feedback
 * terms): a document holding none of them but the names is "name only" in both passes.
 */
function rankRun(
  run: SourceRun,
  query: Map<string, number>,
  names: Set<string>,
  asked: Map<string, number> = query,
): Array<[string, number]> {
  const idfOf = new Map<string, number>();
  for (const lexeme of query.keys()) idfOf.set(lexeme, idf(run.total, run.df.get(lexeme) ?? 0));
  let sumLength = 0;
  for (const r of run.rows.values()) sumLength += r.doc.length;
  const avg = run.rows.size > 0 ? sumLength / run.rows.size : 1;
  const scored: Array<[string, number, number]> = [];
  const others = [...asked.keys()].filter((l) => !names.has(l));
  for (const [id, r] of run.rows) {
    // A document that holds only the names the query asks about ("Joanna: Bye Nate!" for "Where did
    // Joanna travel?") says nothing more for being short: no length normalisation for it, also when
    // it holds a feedback term (RM3 takes "Nate" from the top turns of "Tell me about Joanna.").
    const nameOnly = names.size > 0 && !others.some((l) => r.doc.tfOf(l) > 0);
    const s = bm25(r.doc, query, idfOf, avg, undefined, nameOnly ? 0 : undefined);
    if (s > 0) scored.push([id, s, r.when?.getTime() ?? 0]);
  }
  // Equal scores, the newer first: "Deployed api v1.4.2 to staging" and, a week later, "... v1.5.0 ..."
  // asked which version is on staging (the rank, not the small recency prior, decides the fusion);
  // at the same time, as they were said (ids are time-ordered), whatever order the rows came in.
  scored.sort((a, b) => b[1] - a[1] || b[2] - a[2] || byKey(a[0], b[0]));
  return scored.map(([id, s]) => [id, s]);
}

/** RM3-style expansion: the best terms of the top documents, weighted by their share and the documents' scores. */
function expansionTerms(
  runs: SourceRun[],
  ranked: Map<Source, Array<[string, number]>>,
  query: Map<string, number>,
): Map<string, number> {
  const weights = new Map<string, number>();
  for (const run of runs) {
    const top = (ranked.get(run.source) ?? []).slice(0, RM3_DOCS);
    const max = top[0]?.[1] ?? 0;
    if (max <= 0) continue;
    for (const [id, s] of top) {
      const r = run.rows.get(id);
      if (!r) continue;
      for (const [lexeme, tf] of r.doc.terms()) {
        if (query.has(lexeme) || lexeme.length < 3 || /^\d+$/.test(lexeme)) continue;
        weights.set(lexeme, (weights.get(lexeme) ?? 0) + (tf / r.doc.length) * (s / max));
      }
    }
  }
  const best = [...weights.entries()].sort((a, b) => b[1] - a[1] || byKey(a[0], b[0])).slice(0, RM3_TERMS);
  const top = best[0]?.[1] ?? 0;
  return new Map(best.map(([l, w]) => [l, w / (top || 1)]));
}

function daysBetween(a: Date, b: Date): number {
  return Math.abs(a.getTime() - b.getTime()) / 86_400_000;
}

/** Sessions scored from their matching turns, relative to the best session (1). */
function rankSessions(runs: SourceRun[], terms: QueryTerms): Map<string, number> {
  const run = runs.find((r) => r.source === 'event');
  if (!run) return new Map();
  const idfOf = new Map<string, number>();
  for (const lexeme of terms.lexemes.keys()) idfOf.set(lexeme, idf(run.total, run.df.get(lexeme) ?? 0));
  const turns = [...run.rows.values()].map((r) => ({
    sessionId: r.row.session_id,
    tfOf: (l: string) => r.doc.tfOf(l),
  }));
  const scores = scoreSessions(turns, terms.lexemes, idfOf);
  let best = 0;
  for (const v of scores.values()) best = Math.max(best, v);
  if (best > 0) for (const [session, v] of scores) scores.set(session, v / best);
  return scores;
}

export async function retrieve(
  database: Database,
  scope: RetrievalScope,
  query: string,
  options: RetrievalOptions,
): Promise<{ items: RankedItem[]; terms: QueryTerms }> {
  const limit = options.candidateLimit ?? 300;
  const now = scope.asOf ?? new Date();
  const timeRange = queryTimeRange(query, now);
  const terms = withoutDateNumbers(await analyzeQuery(database, query), timeRange);
  // Sources are independent: on PostgreSQL their queries run at once on separate connections.
  const found = await Promise.all(
    sourcesFor(options.sections).map((source) => runSource(database, source, scope, terms, limit, timeRange)),
  );
  const runs = found.filter((run): run is SourceRun => run !== undefined);

  // First pass: BM25 of the query's own lexemes.
  const base = new Map<Source, Array<[string, number]>>();
  const nameLexemes = new Set(terms.names.map((n) => n.toLowerCase()).filter((n) => terms.lexemes.has(n)));
  for (const run of runs) base.set(run.source, rankRun(run, terms.lexemes, nameLexemes));

  // Second pass: the candidates re-scored for the query expanded with feedback terms (RM3).
  const expansion = expansionTerms(runs, base, terms.lexemes);
  const expanded = new Map<Source, Array<[string, number]>>();
  if (expansion.size > 0) {
    const expandedQuery = new Map(terms.lexemes);
    for (const [l, w] of expansion) expandedQuery.set(l, 0.5 * w);
    for (const run of runs) {
      // Feedback terms' df estimated within the candidates (no extra round trip): rarer there, rarer overall.
      const local = new Map<string, number>();
      for (const r of run.rows.values())
        for (const l of expansion.keys()) if (r.doc.tfOf(l) > 0) local.set(l, (local.get(l) ?? 0) + 1);
      const scale = run.total / Math.max(1, run.rows.size);
      for (const l of expansion.keys())
        if (!run.df.has(l)) run.df.set(l, Math.min(run.total, (local.get(l) ?? 0) * scale));
      expanded.set(run.source, rankRun(run, expandedQuery, nameLexemes, terms.lexemes));
    }
  }

  // Fuse: per source, both passes (by score or by rank, below); across sources, scaled by each source's best BM25.
  const byScores = timeRange === null && !answeredBySeveral(query);
  const items: RankedItem[] = [];
  let bestBase = 0;
  for (const list of base.values()) bestBase = Math.max(bestBase, list[0]?.[1] ?? 0);
  let lowestInRange = Number.POSITIVE_INFINITY;
  const sessionScore = rankSessions(runs, terms);
  for (const run of runs) {
    const baseList = base.get(run.source) ?? [];
    const fused = fusePasses(baseList, expanded.get(run.source) ?? [], byScores && run.source === 'event');
    // How good this source's best match is compared with the best of all sources.
    const sourceStrength = bestBase > 0 ? (baseList[0]?.[1] ?? 0) / bestBase : 1;
    for (const [id, f] of fused) {
      const r = run.rows.get(id);
      if (!r) continue;
      const kind = r.row.kind;
      const section = sectionOf(run.source, kind);
      if (!options.sections.has(section)) continue;
      let score = f * (0.5 + 0.5 * sourceStrength);
      if (run.source === 'event' && speakerMatches(r.row.speaker, terms)) score *= 1 + SPEAKER_BOOST;
      if (run.source === 'event' && r.row.session_id)
        score *= 1 + SESSION_WEIGHT * (sessionScore.get(r.row.session_id) ?? 0);
      const { when } = r;
      const inTime = timeRange !== null && when !== null && run.source !== 'artifact' && inRange(timeRange, when);
      if (inTime) score *= 1 + TIME_BOOST;
      const recency = when ? Math.exp(-daysBetween(now, when) / 365) : 0.5;
      score *= 0.9 + 0.1 * recency;
      score *= 0.6 + 0.4 * Math.min(1, Math.max(0, Number(r.row.confidence)));
      score *= kindPrior(run.source, kind);
      if (inTime) lowestInRange = Math.min(lowestInRange, score);
      items.push({
        key: `${run.source}:${id}`,
        source: run.source,
        row: r.row,
        section,
        doc: r.doc,
        score,
      });
    }
  }
  // The events of the named time that hold none of the query's words come after those that do (half
  // the lowest of their scores; with none, half the best match's), newest first.
  const dated = runs.flatMap((run) => run.dated);
  const best = items.reduce((max, item) => Math.max(max, item.score), 0) || 1;
  const datedTop = DATED_SHARE * (Number.isFinite(lowestInRange) ? lowestInRange : best);
  for (const [i, r] of dated.entries())
    items.push({
      key: `event:${r.row.id}`,
      source: 'event',
      row: r.row,
      section: 'context',
      doc: r.doc,
      score: datedTop * (1 - i / (2 * dated.length)),
    });
  items.sort(byScore);
  // Thanks, acknowledgements and greetings ("Noted, thanks for telling me.", "Welcome Lena! How can I
  // help?") answer nothing: found by a word ("tell", a name) or next to a strong turn, they would take a
  // line of the context; and they lend nothing (a greeting's "How can I help?" gave its reply the whole
  // of its score, as a question gives its answer).
  const ranked = items.filter((i) => i.source !== 'event' || !saysNothing(i.row.text));
  // The look-ups start from the fused ranking, so they run at once (separate connections on PostgreSQL).
  // Entities are memories learn compiled: a scope with no memory has none to hop through.
  const hasMemories = runs.some((run) => run.source === 'memory');
  const lends = await Promise.all([
    lendToNeighbours(database, scope, ranked, options.sections, terms, byScores),
    hasMemories ? lendThroughEntities(database, scope, ranked, options.sections, terms, timeRange) : () => {},
    // Runs whatever the words found: a list question may share no word with anything ("Which cities have I visited?").
    lendThroughEntityType(database, scope, ranked, options.sections, terms, query, timeRange),
  ]);
  for (const lend of lends) lend();
  const answerType = answerTypeOf(query);
  if (answerType) boostAnswers(ranked, answerType, terms);
  // Lending may have brought in a neighbouring turn that is small talk too.
  return { items: ranked.filter((i) => i.source !== 'event' || !saysNothing(i.row.text)), terms };
}

/**
 * One source's two passes (the query's BM25 and RM3's) fused into one score per candidate, on the
 * scale of reciprocal rank fusion's first place (1 / (k + 1)).
 * - By rank (RRF) for a question answered by several turns (a list, "how many", "both", what would or
 *   might be) or naming a time: ranks flatten BM25's spread, so the speaker, session and time weights
 *   and the lent shares spread the first places over more turns (a list's items, the named day's
 *   turns; the time weight was set on ranks). Memories and artifacts too: by score, a digest or
 *   summary outranked the memories saying its lines and stayed for lines the question does not ask
 *   about (context.headings and context.support tests).
 * - By score for conversation turns when the question asks for one thing: each pass's BM25 relative
 *   to its best, so the best lexical match, usually the answer, is not levelled with a turn holding a
 *   fraction of its words. The feedback pass then weighs `RM3_SCORE_WEIGHT`: at its full spread, RM3's
 *   0.6 let the top turns' other words ("please") outweigh the question's own for near-equal turns.
 * LoCoMo (bench:recall): R@10 78.5 -> 78.7, single-hop 86.9 -> 87.3; lists by score lost 1.3
 * multi-hop R@10, named times 1.0 temporal, inferences 1.2 open-domain (docs/decisions/retrieval.md,
 * "fusion by score").
 */
function fusePasses(
  base: Array<[string, number]>,
  expanded: Array<[string, number]>,
  byScores: boolean,
): Map<string, number> {
  const fused = new Map<string, number>();
  const add = (list: Array<[string, number]>, weight: number) => {
    const best = list[0]?.[1] || 1;
    for (const [rank, [id, score]] of list.entries()) {
      const share = byScores ? score / best / (RRF_K + 1) : 1 / (RRF_K + rank + 1);
      fused.set(id, (fused.get(id) ?? 0) + weight * share);
    }
  };
  add(base, 1);
  add(expanded, byScores ? RM3_SCORE_WEIGHT : RM3_WEIGHT);
  return fused;
}

/**
 * Raises the items that hold an answer of the asked type. After the neighbours' shares: the answer
 * is often the turn after the one that repeats the question's words.
 */
function boostAnswers(items: RankedItem[], type: AnswerType, terms: QueryTerms): void {
  for (const item of items)
    if (item.source !== 'artifact' && holdsAnswer(item.row.text, type, terms.names)) item.score *= 1 + ANSWER_BOOST;
  items.sort(byScore);
}

/**
 * Fusion of the lexical ranking with the embedding neighbours of the query, gated so that the vector
 * ranking adds to lexical evidence instead of overriding it (docs/decisions/retrieval.md,
 * Embeddings): each item scores its lexical score relative to the best lexical match (1 for the best,
 * 0 for an item found only by its vector) plus `weight` times its similarity relative to the
 * neighbours' (1 for the nearest, 0 for the 50th and for items that are no neighbour). The gate: the
 * first FUSION_HEAD lexical items that match well (at least FUSION_HEAD_MIN of the best) keep their
 * lexical order and their places, and nothing from below rises past them; vector neighbours fill the
 * ranking after them, and lead where lexical matches are weak or absent (no shared word: the order
 * is the vectors'). So a weak model cannot displace what lexical retrieval is sure of (on bench-data,
 * R@5 and R@10 equal lexical's in every category with the local model, where the plain weighted sum
 * lost 2 points on multi-hop), and a good one still brings in what shares no word. A question asking
 * when protects its first FUSION_HEAD lexical items whatever their score (WHEN_GATE). Items found only
 * by their vector are read with the same columns and scope as lexical candidates, and kept only in
 * the sections asked for.
 */
import type { SynthesizeSection } from '@hx-memory/contract';
import type { Database } from '../db/client.js';
import { fetchByIds } from '../retrieval/candidates.js';
import { docOf, type RankedItem } from '../retrieval/ranked-item.js';
import type { RetrievalScope, Source } from '../retrieval/scope.js';
import { sectionOf } from '../retrieval/sections.js';
import { EMBEDDED_SOURCES, type VectorHit } from './store.js';

/**
 * Weight of the vector similarity against the lexical score (both scaled to [0, 1]). Chosen on
 * bench-data's first LoCoMo conversation with the local model (0.3 and above lowered R@10) and checked
 * on the second (BENCHMARKS.md); EMBEDDINGS_FUSION_WEIGHT overrides it for another model.
 */
export const DEFAULT_FUSION_WEIGHT = 0.15;
/**
 * Lexical items at most whose places the vectors cannot take (the gate above). 30, not 20: vector items
 * held under a head of 20 took places 21-30 where evidence sat (bench-data R@20, docs/decisions/retrieval.md).
 */
export const FUSION_HEAD = 30;
/** Relative lexical score (of the best match's) from which an item of the head is protected. */
export const FUSION_HEAD_MIN = 0.3;

/** The gate: how many lexical items at most keep their places, and from what share of the best match's score. */
export interface FusionGate {
  size: number;
  min: number;
}
export const DEFAULT_GATE: FusionGate = { size: FUSION_HEAD, min: FUSION_HEAD_MIN };
/**
 * For a question asking when: it names the event whose date it wants, and the turn telling it is a
 * lexical match; the model's neighbours are the same topic's other events ("When did Melanie paint a
 * sunrise?": her other paintings). The first FUSION_HEAD lexical items keep their places however far
 * the best is ahead of them (a boosted best left the rest under FUSION_HEAD_MIN, unprotected).
 */
export const WHEN_GATE: FusionGate = { size: FUSION_HEAD, min: 0 };

/** Each hit's similarity scaled to [0, 1] among the hits: the nearest 1, the farthest 0. */
export function relativeSimilarity(hits: VectorHit[]): Map<string, number> {
  const out = new Map<string, number>();
  if (hits.length === 0) return out;
  let hi = Number.NEGATIVE_INFINITY;
  let lo = Number.POSITIVE_INFINITY;
  for (const h of hits) {
    hi = Math.max(hi, h.similarity);
    lo = Math.min(lo, h.similarity);
  }
  const span = hi - lo;
  for (const h of hits) out.set(`${h.source}:${h.id}`, span > 0 ? (h.similarity - lo) / span : 1);
  return out;
}

/** The fused scores of lexical items and vector hits, by item key (pure). */
export function fusedScores(
  lexical: ReadonlyArray<{ key: string; score: number }>,
  hits: VectorHit[],
  weight: number,
  gate: FusionGate = DEFAULT_GATE,
): Map<string, number> {
  const top = lexical.reduce((m, item) => Math.max(m, item.score), 0);
  const fused = new Map<string, number>();
  for (const item of lexical) fused.set(item.key, top > 0 ? item.score / top : 0);
  for (const [key, similarity] of relativeSimilarity(hits)) fused.set(key, (fused.get(key) ?? 0) + weight * similarity);
  if (top <= 0) return fused;
  // The gate: the confident lexical head keeps its scores (so its order), and every other item stays
  // just below its last one. Scores keep the lexical scale: diversification weighs them as before.
  const head = [...lexical]
    .sort((a, b) => b.score - a.score)
    .slice(0, gate.size)
    .filter((item) => item.score / top >= gate.min);
  if (head.length === 0) return fused;
  const protectedKeys = new Set(head.map((item) => item.key));
  const floor = (head[head.length - 1] as { score: number }).score / top;
  for (const item of head) fused.set(item.key, item.score / top);
  // Held just under the head's last item, in their own order (a hair apart: ties would fall to Map order).
  for (const [key, score] of fused)
    if (!protectedKeys.has(key) && score >= floor) fused.set(key, floor * (1 - 1e-6 * (2 - score / (1 + weight))));
  return fused;
}

export async function fuseWithEmbeddings(
  database: Database,
  scope: RetrievalScope,
  lexical: RankedItem[],
  hits: VectorHit[],
  sections: Set<SynthesizeSection>,
  weight: number = DEFAULT_FUSION_WEIGHT,
  gate: FusionGate = DEFAULT_GATE,
): Promise<RankedItem[]> {
  const byKey = new Map(lexical.map((item) => [item.key, item]));
  const missing = new Map<Source, string[]>(EMBEDDED_SOURCES.map((s) => [s, []]));
  for (const hit of hits) if (!byKey.has(`${hit.source}:${hit.id}`)) missing.get(hit.source)?.push(hit.id);
  const fetched = await Promise.all(
    [...missing].map(async ([source, ids]) => ({ source, rows: await fetchByIds(database, source, scope, ids) })),
  );
  for (const { source, rows } of fetched) {
    for (const row of rows) {
      const section = sectionOf(source, row.kind);
      if (!sections.has(section)) continue;
      const key = `${source}:${row.id}`;
      byKey.set(key, { key, source, row, section, doc: docOf(row.tsv), score: 0 });
    }
  }
  const fused = fusedScores(lexical, hits, weight, gate);
  const out: RankedItem[] = [];
  for (const [key, item] of byKey) out.push({ ...item, score: fused.get(key) ?? 0 });
  return out.sort((a, b) => b.score - a.score);
}

/**
 * Reciprocal rank fusion (k = 60; Cormack, Clarke and Buettcher 2009) of the lexical ranking with the
 * embedding neighbours of the query. Items found only by their vector are read with the same columns
 * and scope as lexical candidates, and kept only in the sections asked for.
 */
import type { SynthesizeSection } from '@hx-memory/contract';
import type { Database } from '../db/client.js';
import { fetchByIds } from '../retrieval/candidates.js';
import { docOf, type RankedItem } from '../retrieval/ranked-item.js';
import type { RetrievalScope, Source } from '../retrieval/scope.js';
import { sectionOf } from '../retrieval/sections.js';
import { EMBEDDED_SOURCES, type VectorHit } from './store.js';

export const EMBEDDINGS_RRF_K = 60;

export async function fuseWithEmbeddings(
  database: Database,
  scope: RetrievalScope,
  lexical: RankedItem[],
  hits: VectorHit[],
  sections: Set<SynthesizeSection>,
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
  const fused = new Map<string, number>();
  for (const [rank, item] of lexical.entries()) fused.set(item.key, 1 / (EMBEDDINGS_RRF_K + rank + 1));
  for (const [rank, hit] of hits.entries()) {
    const key = `${hit.source}:${hit.id}`;
    if (byKey.has(key)) fused.set(key, (fused.get(key) ?? 0) + 1 / (EMBEDDINGS_RRF_K + rank + 1));
  }
  const out: RankedItem[] = [];
  for (const [key, item] of byKey) out.push({ ...item, score: fused.get(key) ?? 0 });
  return out.sort((a, b) => b.score - a.score);
}

/**
 * Maximal marginal relevance (Carbonell and Goldstein 1998): picks items in turn by relevance minus
 * their similarity to what is already picked, so near-copies of one fact (a turn, the memory
 * extracted from it, a summary repeating it) do not fill the budget.
 */
import type { RankedItem } from './ranked-item.js';

export const MMR_LAMBDA = 0.8;

/**
 * For a question asking for several things ("What activities does Melanie partake in?"), two turns
 * of one session count as at least this alike: a list's items are told in different sessions (LoCoMo's
 * multi-hop evidence spans 2.6 sessions on average), and one session's turns about the first item
 * filled the first places. Measured in docs/decisions/retrieval.md (sixteenth session).
 */
export const LIST_SESSION_SIMILARITY = 0.6;

/** Whether two items are turns of one session. */
function sameSession(a: RankedItem, b: RankedItem): boolean {
  return a.source === 'event' && b.source === 'event' && !!a.row.session_id && a.row.session_id === b.row.session_id;
}

/**
 * Jaccard similarity of a picked item's terms (as a bit set over the pool's term ids) and another
 * item's term ids: one bit test per term, no branch on the data. A window of common words makes about
 * 4,000 comparisons a call; the merge of two sorted lists this replaced made diversification take
 * half again as long (1.1-1.5 ms against 0.6-1.0 for 250 candidates, same picks and values).
 */
function jaccard(picked: Uint32Array, pickedSize: number, ids: Int32Array): number {
  if (pickedSize === 0 || ids.length === 0) return 0;
  let shared = 0;
  for (let i = 0; i < ids.length; i++) {
    const id = ids[i] as number;
    shared += ((picked[id >>> 5] as number) >>> (id & 31)) & 1;
  }
  return shared / (pickedSize + ids.length - shared);
}

/** An item's term ids as a bit set (made once, when it is picked). */
function bitSet(ids: Int32Array, vocabulary: number): Uint32Array {
  const bits = new Uint32Array((vocabulary + 31) >>> 5);
  for (let i = 0; i < ids.length; i++) {
    const id = ids[i] as number;
    bits[id >>> 5] = (bits[id >>> 5] as number) | (1 << (id & 31));
  }
  return bits;
}

/** Each item's distinct terms as ids (one interning per call), and how many distinct terms the pool has. */
function termSets(pool: RankedItem[]): { sets: Int32Array[]; vocabulary: number } {
  const ids = new Map<string, number>();
  const sets = pool.map((item) => {
    const out: number[] = [];
    for (const term of item.doc.terms().keys()) {
      let id = ids.get(term);
      if (id === undefined) {
        id = ids.size;
        ids.set(term, id);
      }
      out.push(id);
    }
    return Int32Array.from(out);
  });
  return { sets, vocabulary: ids.size };
}

/**
 * The first `limit` items in MMR order, each with its MMR value as `rankScore`; the rest keep their
 * relevance order after them. rankScore never rises along the result.
 */
export function diversify(
  items: RankedItem[],
  limit: number,
  {
    lambda = MMR_LAMBDA,
    /** Least similarity of two turns of one session (0: by their words only). */
    sessionSimilarity = 0,
  }: { lambda?: number; sessionSimilarity?: number } = {},
): RankedItem[] {
  const pool = items.slice(0, Math.ceil(limit * 1.5));
  const max = pool[0]?.score ?? 1;
  const picked: RankedItem[] = [];
  const pickedIndex: number[] = [];
  const { sets, vocabulary } = termSets(pool);
  const pickedBits: Uint32Array[] = [];
  // Lazy greedy MMR: an item's value only falls as more is picked, so its last computed value is an
  // upper bound. Only the item with the best bound is brought up to date (compared with the picks
  // made since); if it still leads, it is the true best. Same picks as the eager loop, with a
  // fraction of the similarity computations.
  const value = pool.map((item) => lambda * (item.score / max));
  const maxSim = new Array<number>(pool.length).fill(0);
  const checked = new Array<number>(pool.length).fill(0);
  const used = new Array<boolean>(pool.length).fill(false);
  while (picked.length < Math.min(limit, pool.length)) {
    let best = -1;
    for (let i = 0; i < pool.length; i++)
      if (!used[i] && (best < 0 || (value[i] as number) > (value[best] as number))) best = i;
    if (best < 0) break;
    if ((checked[best] as number) < pickedIndex.length) {
      for (let k = checked[best] as number; k < pickedIndex.length; k++) {
        const p = pickedIndex[k] as number;
        let s = jaccard(pickedBits[k] as Uint32Array, (sets[p] as Int32Array).length, sets[best] as Int32Array);
        if (sessionSimilarity > s && sameSession(pool[p] as RankedItem, pool[best] as RankedItem))
          s = sessionSimilarity;
        if (s > (maxSim[best] as number)) maxSim[best] = s;
      }
      checked[best] = pickedIndex.length;
      value[best] = lambda * ((pool[best] as RankedItem).score / max) - (1 - lambda) * (maxSim[best] as number);
      continue;
    }
    used[best] = true;
    pickedIndex.push(best);
    pickedBits.push(bitSet(sets[best] as Int32Array, vocabulary));
    // Pick values never rise along the order: they rank the output.
    picked.push({ ...(pool[best] as RankedItem), rankScore: value[best] as number });
  }
  // The rest, in relevance order, valued as if nothing was picked, never above the last pick.
  let floor = picked.at(-1)?.rankScore ?? lambda;
  const rest = pool
    .filter((_, i) => !used[i])
    .concat(items.slice(pool.length))
    .map((item) => {
      floor = Math.min(floor, lambda * (item.score / max));
      return { ...item, rankScore: floor };
    });
  return picked.concat(rest);
}

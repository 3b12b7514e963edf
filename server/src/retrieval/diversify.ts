/**
 * Maximal marginal relevance (Carbonell and Goldstein 1998): picks items in turn by relevance minus
 * their similarity to what is already picked, so near-copies of one fact (a turn, the memory
 * extracted from it, a summary repeating it) do not fill the budget.
 */
import type { RankedItem } from './retrieve.js';

export const MMR_LAMBDA = 0.8;

function jaccard(a: Map<string, number>, b: Map<string, number>): number {
  if (a.size === 0 || b.size === 0) return 0;
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  let shared = 0;
  for (const k of small.keys()) if (large.has(k)) shared += 1;
  return shared / (a.size + b.size - shared);
}

/** The first `limit` items in MMR order; the rest keep their relevance order after them. */
export function diversify(items: RankedItem[], limit: number, lambda = MMR_LAMBDA): RankedItem[] {
  const pool = items.slice(0, Math.ceil(limit * 1.5));
  const max = pool[0]?.score ?? 1;
  const picked: RankedItem[] = [];
  const maxSim = new Array<number>(pool.length).fill(0);
  const used = new Array<boolean>(pool.length).fill(false);
  while (picked.length < Math.min(limit, pool.length)) {
    let best = -1;
    let bestValue = Number.NEGATIVE_INFINITY;
    for (let i = 0; i < pool.length; i++) {
      if (used[i]) continue;
      const value = lambda * ((pool[i] as RankedItem).score / max) - (1 - lambda) * (maxSim[i] as number);
      if (value > bestValue) {
        bestValue = value;
        best = i;
      }
    }
    if (best < 0) break;
    used[best] = true;
    const chosen = pool[best] as RankedItem;
    picked.push(chosen);
    for (let i = 0; i < pool.length; i++) {
      if (used[i]) continue;
      const s = jaccard(chosen.doc.terms(), (pool[i] as RankedItem).doc.terms());
      if (s > (maxSim[i] as number)) maxSim[i] = s;
    }
  }
  const rest = pool.filter((_, i) => !used[i]).concat(items.slice(pool.length));
  return picked.concat(rest);
}

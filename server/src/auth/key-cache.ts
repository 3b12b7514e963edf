/**
 * In-process cache of API-key look-ups (the key row and its tenant's plan) for a few seconds, as Unkey
 * does: the look-up is the only database read most core requests would otherwise make before their
 * work. Revocation, expiry and plan changes stay effective at once on every instance: expiry is checked
 * against the cached row on every use, and a revocation or plan change drops the entries through the
 * invalidation bus (auth/invalidations.ts) before its request answers; while the bus cannot guarantee
 * that (its Redis subscription is down), nothing is served from here.
 */
import type { InvalidationBus } from './invalidations.js';

export interface CachedKey<K extends { tenantId: string }> {
  key: K;
  plan?: string;
}

export function createKeyCache<K extends { tenantId: string }>(opts: {
  ttlMs: number;
  maxEntries: number;
  bus: InvalidationBus;
}) {
  const entries = new Map<string, { value: CachedKey<K>; until: number }>();
  // Bumped on every invalidation: a look-up that started before one must not store its (older) row.
  let generation = 0;

  opts.bus.subscribe((message) => {
    generation += 1;
    if (message.kind === 'all') entries.clear();
    else if (message.kind === 'apiKey') entries.delete(message.hash);
    else if (message.kind === 'tenant')
      for (const [hash, e] of entries) if (e.value.key.tenantId === message.tenantId) entries.delete(hash);
  });

  const enabled = () => opts.ttlMs > 0 && opts.bus.live();

  return {
    get(hash: string): CachedKey<K> | undefined {
      if (!enabled()) return undefined;
      const e = entries.get(hash);
      if (!e) return undefined;
      if (e.until <= Date.now()) {
        entries.delete(hash);
        return undefined;
      }
      return e.value;
    },

    /** Loads through `load` when missing; a miss that raced an invalidation is answered but not kept. */
    async load(hash: string, load: () => Promise<CachedKey<K> | undefined>): Promise<CachedKey<K> | undefined> {
      const hit = this.get(hash);
      if (hit) return hit;
      const started = generation;
      const value = await load();
      if (value && enabled() && generation === started) {
        if (entries.size >= opts.maxEntries) entries.delete(entries.keys().next().value as string);
        entries.set(hash, { value, until: Date.now() + opts.ttlMs });
      }
      return value;
    },
  };
}

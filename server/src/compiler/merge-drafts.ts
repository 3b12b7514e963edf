/**
 * Near-duplicate merging inside one learn run: drafts with the same dedupeKey become one draft
 * whose mentions and confidence grow and whose last-seen time moves, so the learn service writes
 * one row instead of copies. A value that changed back and forth for one attribute is kept apart,
 * so supersession still sees the order (Paris -> Berlin -> Paris).
 */
import type { MemoryDraft } from './types.js';

/** Confidence after one more independent mention: each repeat closes a quarter of the gap to 1. */
export function reinforce(confidence: number, extra = 1): number {
  let c = confidence;
  for (let i = 0; i < extra; i++) c = c + (1 - c) * 0.25;
  return Math.min(0.99, c);
}

function time(d: MemoryDraft): number {
  return d.validFrom.getTime();
}

export function mergeDrafts(drafts: MemoryDraft[]): MemoryDraft[] {
  const ordered = [...drafts].sort((a, b) => time(a) - time(b));
  const byKey = new Map<string, MemoryDraft>();
  /** attributeKey -> dedupeKey of its latest value, to cut merges across a change of value. */
  const lastValue = new Map<string, string>();
  const generation = new Map<string, number>();
  const out: MemoryDraft[] = [];
  const eventsOf = new Map<MemoryDraft, Set<string>>();
  for (const d of ordered) {
    let slot = d.dedupeKey;
    if (d.attributeKey) {
      const prev = lastValue.get(d.attributeKey);
      if (
        prev !== undefined &&
        prev !== d.dedupeKey &&
        byKey.has(`${d.dedupeKey}#${generation.get(d.dedupeKey) ?? 0}`)
      ) {
        generation.set(d.dedupeKey, (generation.get(d.dedupeKey) ?? 0) + 1);
      }
      lastValue.set(d.attributeKey, d.dedupeKey);
    }
    slot = `${d.dedupeKey}#${generation.get(d.dedupeKey) ?? 0}`;
    const existing = byKey.get(slot);
    if (!existing) {
      const copy: MemoryDraft = {
        ...d,
        sourceEventIds: [...d.sourceEventIds],
        mentions: d.mentions ?? 1,
        lastSeenAt: d.lastSeenAt ?? d.validFrom,
      };
      byKey.set(slot, copy);
      eventsOf.set(copy, new Set(copy.sourceEventIds));
      out.push(copy);
      continue;
    }
    const ids = eventsOf.get(existing)!;
    for (const id of d.sourceEventIds)
      if (!ids.has(id)) {
        ids.add(id);
        existing.sourceEventIds.push(id);
      }
    existing.mentions = (existing.mentions ?? 1) + (d.mentions ?? 1);
    existing.confidence = reinforce(Math.max(existing.confidence, d.confidence), d.mentions ?? 1);
    const seen = d.lastSeenAt ?? d.validFrom;
    if (!existing.lastSeenAt || seen > existing.lastSeenAt) existing.lastSeenAt = seen;
  }
  return out;
}

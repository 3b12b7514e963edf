/**
 * Between ranking and packing: what each candidate adds, read from lineage (lineage.ts).
 * - A raw event learned into a memory that is a candidate too says the same fact twice: the memory
 *   takes the better of the two places and cites the event first in its provenance; the event is
 *   left out (a duplicate).
 * - A raw event learned into a memory that was since superseded ("I live in Lisbon." after "I moved
 *   to Porto") is left out, as superseded memories are; with `includeSuperseded` the superseded
 *   memory is shown in its place instead, marked with its dates.
 * - An artifact keeps listing a superseded fact only until learn rewrites it: such lines are marked
 *   stale for the packer to leave out.
 * Text repeats (a memory a profile lists, a summary repeating a memory) are the packer's part.
 */
import type { RankedItem } from './ranked-item.js';
import type { LearnedMemory, PackLineage } from './lineage.js';
import { factKey } from './pack-context.js';
import { sectionOf } from './sections.js';

export interface Assembled {
  /** Items in pack order; `cite` lists events to cite first (the duplicates it stands for). */
  items: Array<{ item: RankedItem; cite: string[]; mark?: string; staleLines?: string[] }>;
  duplicates: number;
  superseded: number;
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

export function assemble(ordered: RankedItem[], lineage: PackLineage, includeSuperseded: boolean): Assembled {
  const out: Assembled = { items: [], duplicates: 0, superseded: 0 };
  const position = new Map<string, number>();
  for (const [i, item] of ordered.entries()) if (item.source === 'memory') position.set(item.row.id, i);
  const placed = new Set<string>();
  const shownSuperseded = new Set<string>();

  for (const item of ordered) {
    if (item.source === 'event') {
      const learned = lineage.memoriesOfEvent.get(item.row.id) ?? [];
      const stale = learned.filter((m) => m.superseded);
      if (stale.length > 0) {
        if (!includeSuperseded) {
          out.superseded += 1;
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
      // The best-placed candidate memory learned from this event stands for it.
      const memory = learned
        .filter((m) => position.has(m.id))
        .sort((a, b) => (position.get(a.id) as number) - (position.get(b.id) as number))[0];
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
        out.items.push({ item: { ...(ordered[j] as RankedItem), rankScore: item.rankScore }, cite: [item.row.id] });
        continue;
      }
      out.items.push({ item, cite: [] });
      continue;
    }
    if (item.source === 'memory') {
      if (placed.has(item.row.id)) continue;
      placed.add(item.row.id);
      out.items.push({ item, cite: [] });
      continue;
    }
    const stale = lineage.supersededInArtifact.get(item.row.id);
    out.items.push({ item, cite: [], staleLines: stale?.map(factKey) });
  }
  return out;
}

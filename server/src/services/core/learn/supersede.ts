/**
 * Supersession: for each subject+attribute a new memory speaks of, the values in time order; each
 * one closes the one before it (validTo, supersededBy, status superseded) and a supersedes edge
 * records it. A memory that names what it replaces under another key (`attributes.replaces`: "we
 * switched from Postgres to CockroachDB") closes that key's earlier values too, and a value ended by
 * name in slots of any kind (`endsValue`: "I stopped drinking coffee" closes a favourite or a choice
 * that is coffee; "Rex passed away" the pet slot that is Rex; by its head word, "I graduated" the
 * occupation "PhD student") closes those, and a slot ended whatever its value (`endsSlots`: "I no
 * longer have a dog" closes `pet_dog_rex`) closes its values.
 */
import { and, inArray, or, type SQL, sql } from 'drizzle-orm';
import { sameHead, sameThing } from '../../../compiler/index.js';
import type { Database, Tx } from '../../../db/client.js';
import { memories } from '../../../db/schema/index.js';
import { activeMemoriesIn, type Edge, type Scope } from './shapes.js';

/** A new memory that carries an attribute key: a candidate for supersession. */
export interface Contender {
  id: string;
  namespace: string;
  attributeKey: string;
  validFrom: Date;
  dedupeKey: string;
  /** Attribute keys the memory ends besides its own ("switched from Postgres": the Postgres choice). */
  replaces?: string[];
  /**
   * A value ended by name: the earlier values of slots under these key prefixes ("dana:favourite:",
   * "dana:choice:", "dana:pet_") that are this thing end too. Those slots are named by a category
   * ("favourite drink", "pet dog"), which "I stopped drinking coffee" or "Rex passed away" does not say.
   */
  endsValue?: { slotPrefixes: string[]; value: string; byHead?: boolean };
  /** Slot key prefixes whose earlier values all end ("I no longer have a dog": `dana:pet_dog_`, every dog named). */
  endsSlots?: string[];
}

/** The columns supersession reads of a memory in a slot. */
const SLOT_COLUMNS = {
  id: memories.id,
  namespace: memories.namespace,
  attributeKey: memories.attributeKey,
  validFrom: memories.validFrom,
  /** A value said as ended ("no longer works at Door Dash"): history, which a later ending does not undo. */
  ended: sql<boolean>`coalesce((${memories.attributes}->>'ended') = 'true', false)`,
};

/** Closes the older values of every attribute a contender names; adds the edges; answers how many closed. */
export async function supersede(
  database: Database,
  tx: Tx,
  scope: Scope,
  contenders: Contender[],
  edges: Edge[],
  now: Date,
): Promise<number> {
  if (contenders.length === 0) return 0;
  const replaced = [...new Set(contenders.flatMap((c) => c.replaces ?? []))];
  const attrKeys = [...new Set([...contenders.map((c) => c.attributeKey), ...replaced])];
  const namespaces = [...new Set(contenders.map((c) => c.namespace))];
  const rows = await tx
    .select(SLOT_COLUMNS)
    .from(memories)
    .where(and(activeMemoriesIn(scope, namespaces), inArray(memories.attributeKey, attrKeys)));
  const groups = new Map<string, { id: string; validFrom: Date; ended: boolean }[]>();
  for (const r of rows) {
    const k = `${r.namespace}\u0000${r.attributeKey}`;
    groups.set(k, [...(groups.get(k) ?? []), { id: r.id, validFrom: r.validFrom, ended: r.ended === true }]);
  }
  const closes: { id: string; valid_to: string; superseded_by: string }[] = [];
  const touchedGroups = new Set(contenders.map((c) => `${c.namespace}\u0000${c.attributeKey}`));
  for (const k of touchedGroups) {
    const list = (groups.get(k) ?? []).sort(
      (a, b) => a.validFrom.getTime() - b.validFrom.getTime() || (a.id < b.id ? -1 : 1),
    );
    // Endings kept open beside a later ending, until a value held closes them all.
    let endings: typeof list = [];
    const close = (older: (typeof list)[number], newer: (typeof list)[number]) => {
      closes.push({ id: older.id, valid_to: newer.validFrom.toISOString(), superseded_by: newer.id });
      edges.push({ from: newer.id, to: older.id, type: 'supersedes' });
    };
    for (let i = 0; i + 1 < list.length; i++) {
      const older = list[i]!;
      const newer = list[i + 1]!;
      // An ending after an ending says nothing new of the older: "I lost my job at Door Dash", then "I've
      // been one 'cause I lost my job" (both stay, and so do the turns they came from). A value held
      // after endings closes them all, as any newer value closes the one before.
      if (older.ended && newer.ended) {
        endings.push(older);
        continue;
      }
      close(older, newer);
      if (newer.ended) continue;
      for (const ending of endings) close(ending, newer);
      endings = [];
    }
  }
  // A switch ends the value it names as left, if that value came before it (a later "we use X" is no
  // value the switch could have replaced).
  const closed = new Set(closes.map((c) => c.id));
  for (const c of contenders) {
    for (const key of c.replaces ?? []) {
      for (const older of groups.get(`${c.namespace}\u0000${key}`) ?? []) {
        if (closed.has(older.id) || older.id === c.id || older.validFrom.getTime() > c.validFrom.getTime()) continue;
        closed.add(older.id);
        closes.push({ id: older.id, valid_to: c.validFrom.toISOString(), superseded_by: c.id });
        edges.push({ from: c.id, to: older.id, type: 'supersedes' });
      }
    }
  }
  for (const { ender, older } of await valuesEnded(tx, scope, namespaces, contenders)) {
    if (closed.has(older.id) || older.id === ender.id || older.validFrom.getTime() > ender.validFrom.getTime())
      continue;
    closed.add(older.id);
    closes.push({ id: older.id, valid_to: ender.validFrom.toISOString(), superseded_by: ender.id });
    edges.push({ from: ender.id, to: older.id, type: 'supersedes' });
  }
  if (closes.length > 0) {
    await database.rows(
      sql`update ${memories} m set status = 'superseded', valid_to = v.valid_to, superseded_by = v.superseded_by, updated_at = ${now.toISOString()}::timestamptz
          from jsonb_to_recordset(${JSON.stringify(closes)}::text::jsonb) as v(id text, valid_to timestamptz, superseded_by text)
          where m.id = v.id and m.tenant_id = ${scope.tenantId}`,
      tx,
    );
  }
  return closes.length;
}

/** The active memories each contender that ends a value by name (same value) or a slot (any value) closes, in its namespace. */
async function valuesEnded(
  tx: Tx,
  scope: Scope,
  namespaces: string[],
  contenders: Contender[],
): Promise<{ ender: Contender; older: { id: string; validFrom: Date } }[]> {
  const enders = contenders.filter((c) => c.endsValue || c.endsSlots?.length);
  if (enders.length === 0) return [];
  const prefixes = [...new Set(enders.flatMap((c) => [...(c.endsValue?.slotPrefixes ?? []), ...(c.endsSlots ?? [])]))];
  const rows = await tx
    .select({
      ...SLOT_COLUMNS,
      // A liking's thing, or an attribute's value.
      value: sql<string | null>`coalesce(${memories.attributes}->>'object', ${memories.attributes}->>'value')`,
    })
    .from(memories)
    .where(
      and(
        activeMemoriesIn(scope, namespaces),
        or(...prefixes.map((p): SQL => sql`starts_with(${memories.attributeKey}, ${p})`)),
      ),
    );
  const out: { ender: Contender; older: { id: string; validFrom: Date } }[] = [];
  for (const ender of enders) {
    const same = ender.endsValue?.byHead ? sameHead : sameThing;
    for (const r of rows) {
      if (r.namespace !== ender.namespace) continue;
      const byValue =
        ender.endsValue &&
        r.value &&
        same(r.value, ender.endsValue.value) &&
        ender.endsValue.slotPrefixes.some((p) => r.attributeKey?.startsWith(p));
      const bySlot = ender.endsSlots?.some((p) => r.attributeKey?.startsWith(p));
      if (byValue || bySlot) out.push({ ender, older: r });
    }
  }
  return out;
}

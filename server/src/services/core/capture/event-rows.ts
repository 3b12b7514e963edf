/**
 * The events table as capture writes it: the row shape, the columns of the raw insert (one array
 * parameter per column whatever the batch size), and the duplicate probe both ways of storing share
 * (store-events.ts).
 */
import { type SQL, sql } from 'drizzle-orm';
import type { Actor } from '../../../actor.js';
import { type Detection, findSecrets } from '../../../redaction/index.js';
import type { Prepared } from './prepare-events.js';

/** Identical events (session, type, payload, metadata, explicit time) inside this window are duplicates. */
export const DUPLICATE_WINDOW_MS = 10 * 60 * 1000;

/** Ingested and duplicate counts per event type, added to the capture counters once committed. */
export type PerType = Map<string, { ingested: number; duplicates: number }>;

/** Counts one event of `type` as ingested or duplicate. */
export function countType(perType: PerType, type: string, field: 'ingested' | 'duplicates'): void {
  const c = perType.get(type) ?? { ingested: 0, duplicates: 0 };
  c[field] += 1;
  perType.set(type, c);
}

/**
 * The secrets of an event's payload and metadata, scanned at most once per request: the one-statement
 * path scans before it knows whether it applies, and the general path reuses what it found.
 */
export function secretScanner(): (p: Prepared) => Detection[] {
  const scanned = new Map<Prepared, Detection[]>();
  return (p) => {
    let found = scanned.get(p);
    if (!found) {
      found = findSecrets({ payload: p.input.payload, metadata: p.input.metadata ?? {} });
      scanned.set(p, found);
    }
    return found;
  };
}

/**
 * The columns the raw insert writes besides tenant and environment, with the type each travels as (one
 * array parameter per column). Kept in one place so store-events.test.ts can check them against the
 * drizzle table (a renamed or new NOT NULL column fails there, not in production).
 */
export const INSERTED_COLUMNS = {
  id: 'text',
  namespace: 'text',
  session_id: 'text',
  agent_id: 'text',
  subject_id: 'text',
  type: 'text',
  payload: 'jsonb',
  metadata: 'jsonb',
  text: 'text',
  content_hash: 'text',
  idempotency_key: 'text',
  idempotency_hash: 'text',
  salience: 'real',
  occurred_at: 'timestamptz',
} as const;

export type InsertedColumn = keyof typeof INSERTED_COLUMNS;
const COLUMN_NAMES = Object.keys(INSERTED_COLUMNS) as InsertedColumn[];
export const INSERT_COLUMNS = sql.raw(COLUMN_NAMES.join(', '));
export const SELECT_VALUES = sql.raw(COLUMN_NAMES.map((c) => `v.${c}`).join(', '));

/** The insert's rows as one array per column, in INSERTED_COLUMNS order of keys. */
export type EventColumns = { [C in InsertedColumn]: unknown[] };

export function eventColumns(): EventColumns {
  return Object.fromEntries(COLUMN_NAMES.map((c) => [c, []])) as unknown as EventColumns;
}

/**
 * Adds a prepared event to the insert's columns, with its payload, metadata and text as stored
 * (redacted or not). The payload and metadata arrive serialised: they travel as the JSON text they were
 * hashed over, and PostgreSQL parses only them (a JSON record set of whole rows made PostgreSQL parse
 * every field as JSON: the rows of a 1000-event batch came out in 12-14 ms, against 5.2 ms as arrays).
 */
export function addEvent(
  to: EventColumns,
  actor: Actor,
  p: Prepared,
  id: string,
  stored: { payloadJson: string; metadataJson: string; text: string },
): void {
  to.id.push(id);
  to.namespace.push(p.namespace);
  to.session_id.push(p.input.sessionId);
  to.agent_id.push(p.input.agentId ?? actor.agentId ?? null);
  to.subject_id.push(p.input.subjectId ?? null);
  to.type.push(p.input.type);
  to.payload.push(stored.payloadJson);
  to.metadata.push(stored.metadataJson);
  to.text.push(stored.text);
  to.content_hash.push(p.contentHash);
  to.idempotency_key.push(p.input.idempotencyKey ?? null);
  to.idempotency_hash.push(p.idemHash ?? null);
  to.salience.push(p.salience);
  to.occurred_at.push(p.occurredAt.toISOString());
}

/**
 * `unnest(...) as v(columns)`: the rows, from one array parameter per column. `value` gives each
 * column's parameter: `sql.param(array)` for a statement built per call, or a placeholder.
 */
export function unnestRows(value: (column: InsertedColumn) => unknown): SQL {
  const arrays = COLUMN_NAMES.map((c) => sql`${value(c)}::${sql.raw(INSERTED_COLUMNS[c])}[]`);
  return sql`unnest(${sql.join(arrays, sql`, `)}) as v(${INSERT_COLUMNS})`;
}

/** `unnestRows` over the columns' values. */
export const unnestOf = (columns: EventColumns): SQL => unnestRows((c) => sql.param(columns[c]));

/** What the duplicate probe is asked: values, or placeholders of a statement template. */
export interface DuplicateProbe {
  /** `tenant/environment/`, the prefix of the index's key. */
  scope: unknown;
  /** The content hashes, as one text[] parameter. */
  hashes: unknown;
  /** The start of the duplicate window (timestamptz text). */
  since: unknown;
}

/** The probe's values for `actor` now (`sql.param` keeps the hashes one array parameter). */
function duplicateProbeOf(actor: Actor, hashes: string[]): DuplicateProbe {
  return { scope: dedupeScope(actor), hashes: sql.param(hashes), since: duplicateWindowStart() };
}

/** The prefix of events_dedupe_idx's key for the actor's tenant and environment. */
export const dedupeScope = (actor: Actor): string => `${actor.tenantId}/${actor.environment}/`;

/** The start of the duplicate window now, as timestamptz text. */
export const duplicateWindowStart = (): string => new Date(Date.now() - DUPLICATE_WINDOW_MS).toISOString();

/**
 * The first stored event of each content hash inside the duplicate window (`hash, id, salience`): one
 * index probe per hash on events_dedupe_idx, whose expression it repeats exactly, so its cost does
 * not grow with the tenant's volume. The index holds a 64-bit hash of the key: the whole key is compared
 * too, so a collision is never taken for a duplicate.
 */
export function duplicateProbe(p: DuplicateProbe): SQL {
  return sql`select h.hash, e.id, e.salience
    from unnest(${p.hashes}::text[]) as h(hash)
    cross join lateral (select id, salience from events
      where hashtextextended(tenant_id || '/' || environment || '/' || content_hash, 0)
          = hashtextextended(${p.scope} || h.hash, 0)
        and (tenant_id || '/' || environment || '/' || content_hash) = ${p.scope} || h.hash
        and created_at > ${p.since}::timestamptz
      order by created_at limit 1) e`;
}

/** The duplicate probe for `actor`'s `hashes`, now. */
export const storedDuplicates = (actor: Actor, hashes: string[]): SQL =>
  duplicateProbe(duplicateProbeOf(actor, hashes));

/**
 * The events table as capture writes it: the row shape, the columns of the raw insert (one JSON record
 * set whatever the batch size), and the duplicate probe both ways of storing share (store-events.ts,
 * store-unkeyed.ts).
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

export interface EventRow {
  id: string;
  namespace: string;
  session_id: string;
  agent_id: string | null;
  subject_id: string | null;
  type: string;
  payload: Record<string, unknown>;
  metadata: Record<string, unknown>;
  text: string;
  content_hash: string;
  idempotency_key: string | null;
  idempotency_hash: string | null;
  salience: number;
  occurred_at: string;
}

/**
 * The columns the raw insert writes besides tenant and environment, with the type each travels as in
 * the JSON record set. Kept in one place so store-events.test.ts can check them against the drizzle
 * table (a renamed or new NOT NULL column fails there, not in production).
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
} as const satisfies Record<keyof EventRow, string>;

const COLUMN_NAMES = Object.keys(INSERTED_COLUMNS);
export const INSERT_COLUMNS = sql.raw(COLUMN_NAMES.join(', '));
export const SELECT_VALUES = sql.raw(COLUMN_NAMES.map((c) => `v.${c}`).join(', '));
export const RECORD_TYPE = sql.raw(
  Object.entries(INSERTED_COLUMNS)
    .map(([c, type]) => `${c} ${type}`)
    .join(', '),
);

/** The row of a prepared event, with its payload, metadata and text as stored (redacted or not). */
export function eventRow(
  actor: Actor,
  p: Prepared,
  id: string,
  stored: { payload: Record<string, unknown>; metadata: Record<string, unknown>; text: string },
): EventRow {
  return {
    id,
    namespace: p.namespace,
    session_id: p.input.sessionId,
    agent_id: p.input.agentId ?? actor.agentId ?? null,
    subject_id: p.input.subjectId ?? null,
    type: p.input.type,
    payload: stored.payload,
    metadata: stored.metadata,
    text: stored.text,
    content_hash: p.contentHash,
    idempotency_key: p.input.idempotencyKey ?? null,
    idempotency_hash: p.idemHash,
    salience: p.salience,
    occurred_at: p.occurredAt.toISOString(),
  };
}

/**
 * The first stored event of each content hash inside the duplicate window (`hash, id, salience`): one
 * index probe per hash on events_dedupe_idx, whose expression it repeats exactly, so its cost does
 * not grow with the tenant's volume.
 */
export function storedDuplicates(actor: Actor, hashes: string[]): SQL {
  const since = new Date(Date.now() - DUPLICATE_WINDOW_MS).toISOString();
  return sql`select h.hash, e.id, e.salience
    from unnest(${sql.param(hashes)}::text[]) as h(hash)
    cross join lateral (select id, salience from events
      where (tenant_id || '/' || environment || '/' || content_hash) = ${`${actor.tenantId}/${actor.environment}/`} || h.hash
        and created_at > ${since}::timestamptz
      order by created_at limit 1) e`;
}

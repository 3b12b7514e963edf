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
} as const;

const COLUMN_NAMES = Object.keys(INSERTED_COLUMNS);
export const INSERT_COLUMNS = sql.raw(COLUMN_NAMES.join(', '));
export const SELECT_VALUES = sql.raw(COLUMN_NAMES.map((c) => `v.${c}`).join(', '));
export const RECORD_TYPE = sql.raw(
  Object.entries(INSERTED_COLUMNS)
    .map(([c, type]) => `${c} ${type}`)
    .join(', '),
);

const q = JSON.stringify;
const orNull = (v: string | null | undefined) => (v == null ? 'null' : q(v));

/**
 * The insert's record of a prepared event, as JSON text, with its payload, metadata and text as stored
 * (redacted or not). Written directly (the payload and metadata arrive serialised) rather than built as
 * an object and stringified: a batch's thousand records would be serialised twice and allocated for it.
 * Its keys are those of INSERTED_COLUMNS (store-events.test.ts checks them).
 */
export function eventRecord(
  actor: Actor,
  p: Prepared,
  id: string,
  stored: { payloadJson: string; metadataJson: string; text: string },
): string {
  return `{"id":${q(id)},"namespace":${q(p.namespace)},"session_id":${q(p.input.sessionId)},"agent_id":${orNull(p.input.agentId ?? actor.agentId)},"subject_id":${orNull(p.input.subjectId)},"type":${q(p.input.type)},"payload":${stored.payloadJson},"metadata":${stored.metadataJson},"text":${q(stored.text)},"content_hash":${q(p.contentHash)},"idempotency_key":${orNull(p.input.idempotencyKey)},"idempotency_hash":${orNull(p.idemHash)},"salience":${p.salience},"occurred_at":${q(p.occurredAt.toISOString())}}`;
}

/** The JSON record set of the insert (one parameter whatever the batch size). */
export const recordSet = (records: string[]): string => `[${records.join(',')}]`;

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

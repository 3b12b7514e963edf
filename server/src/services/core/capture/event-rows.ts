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
export function duplicateProbeOf(actor: Actor, hashes: string[]): DuplicateProbe {
  return { scope: dedupeScope(actor), hashes: sql.param(hashes), since: duplicateWindowStart() };
}

/** The prefix of events_dedupe_idx's key for the actor's tenant and environment. */
export const dedupeScope = (actor: Actor): string => `${actor.tenantId}/${actor.environment}/`;

/** The start of the duplicate window now, as timestamptz text. */
export const duplicateWindowStart = (): string => new Date(Date.now() - DUPLICATE_WINDOW_MS).toISOString();

/**
 * The first stored event of each content hash inside the duplicate window (`hash, id, salience`): one
 * index probe per hash on events_dedupe_idx, whose expression it repeats exactly, so its cost does
 * not grow with the tenant's volume.
 */
export function duplicateProbe(p: DuplicateProbe): SQL {
  return sql`select h.hash, e.id, e.salience
    from unnest(${p.hashes}::text[]) as h(hash)
    cross join lateral (select id, salience from events
      where (tenant_id || '/' || environment || '/' || content_hash) = ${p.scope} || h.hash
        and created_at > ${p.since}::timestamptz
      order by created_at limit 1) e`;
}

/** The duplicate probe for `actor`'s `hashes`, now. */
export const storedDuplicates = (actor: Actor, hashes: string[]): SQL =>
  duplicateProbe(duplicateProbeOf(actor, hashes));

/**
 * Storing prepared events, stored whole or not at all, with the quota counted in the same statement
 * when the plan has a monthly limit. Two ways, chosen by `fitsOneStatement`:
 * - one statement (the common case: no per-event idempotency key, no secret, not more distinct events
 *   than the whole quota): the duplicate probe, the quota count and the insert of what is not a
 *   duplicate, the probe's CTE deciding what the insert stores;
 * - the look-up, then the insert: per-event idempotency keys (a stored key replays, a reused key with
 *   another event conflicts), duplicates, secrets moved to the vault in a transaction with the events.
 * Both answer where each event went (`Placed`); `outcomeOf` builds the result from that, once.
 */
import type { CaptureResult } from '@hx-memory/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Actor } from '../../../actor.js';
import type { Database, Queryable } from '../../../db/client.js';
import { isUniqueViolation } from '../../../db/unique-violation.js';
import { AppError } from '../../../errors.js';
import { newId } from '../../../ids.js';
import type { Detection } from '../../../redaction/index.js';
import { countedAs, type QuotaMonth } from '../quota.js';
import {
  addEvent,
  countType,
  dedupeScope,
  duplicateProbe,
  duplicateWindowStart,
  type EventColumns,
  eventColumns,
  INSERT_COLUMNS,
  type PerType,
  SELECT_VALUES,
  secretScanner,
  storedDuplicates,
  unnestOf,
  unnestRows,
} from './event-rows.js';
import { canonicalJson, eventText } from './normalize.js';
import type { Prepared } from './prepare-events.js';
import type { CaptureRuntime, FieldPrefix } from './runtime.js';

/** Where one event went: stored now, a duplicate (of a stored or an earlier event), or a per-event key's replay. */
interface Placed {
  eventId: string;
  salience: number;
  as: 'stored' | 'duplicate' | 'replayed';
}

export interface Stored {
  /** One per input event, in order. */
  results: CaptureResult[];
  /** Stored now or replayed (a replay answers as the first time, so the summary counts it so too). */
  ingested: number;
  duplicates: number;
  /** Rows written now: what the month's quota counts. */
  rowsStored: number;
  /** Per event type, for the capture counters (replays are not counted again). */
  perType: PerType;
}

/**
 * Stores the prepared events the one way that applies. A concurrent request that stored the same
 * per-event key first makes the insert fail on events_idem_uq: the look-up then finds its event, so
 * the store runs once more and answers as that request did.
 */
export async function storeEvents(
  rt: CaptureRuntime,
  actor: Actor,
  prepared: Prepared[],
  quota: QuotaMonth,
  fieldPrefix: FieldPrefix,
): Promise<Stored> {
  const secretsOf = secretScanner();
  for (let attempt = 0; ; attempt++) {
    try {
      const placed = fitsOneStatement(prepared, quota, secretsOf)
        ? await storeInOneStatement(rt, actor, prepared, quota)
        : await storeAfterLookup(rt, actor, prepared, quota, fieldPrefix, secretsOf);
      return outcomeOf(prepared, placed);
    } catch (err) {
      if (attempt === 0 && isUniqueViolation(err)) continue;
      throw err;
    }
  }
}

/** The first event of each content hash; later ones of the request are its duplicates. */
function firstOfEachContent(prepared: Prepared[]): Map<string, Prepared> {
  const firsts = new Map<string, Prepared>();
  for (const p of prepared) if (!firsts.has(p.contentHash)) firsts.set(p.contentHash, p);
  return firsts;
}

/**
 * The one statement applies when no event carries a per-event idempotency key (those need the
 * look-up first), no distinct event holds a secret (the vault's rows go in a transaction with the
 * events), and the distinct events do not exceed the whole monthly quota (the look-up path refuses
 * that before any statement, with what is used).
 */
function fitsOneStatement(prepared: Prepared[], quota: QuotaMonth, secretsOf: (p: Prepared) => Detection[]): boolean {
  if (prepared.some((p) => p.input.idempotencyKey)) return false;
  const firsts = firstOfEachContent(prepared);
  if (quota.limit !== null && firsts.size > quota.limit) return false;
  for (const p of firsts.values()) if (secretsOf(p).length > 0) return false;
  return true;
}

/** One result per input event from where each went, with the summary's counts and the per-type counts. */
function outcomeOf(prepared: Prepared[], placed: Placed[]): Stored {
  const results: CaptureResult[] = new Array(prepared.length);
  const perType: PerType = new Map();
  let ingested = 0;
  let rowsStored = 0;
  for (const p of prepared) {
    const { eventId, salience, as } = placed[p.index]!;
    results[p.index] = { eventId, status: as === 'duplicate' ? 'duplicate' : 'ingested', salienceScore: salience };
    if (as === 'duplicate') countType(perType, p.input.type, 'duplicates');
    else ingested += 1;
    if (as === 'stored') {
      rowsStored += 1;
      countType(perType, p.input.type, 'ingested');
    }
  }
  return { results, ingested, duplicates: prepared.length - ingested, rowsStored, perType };
}

// ---------------------------------------------------------------------------------------------
// One statement

interface StatementRow {
  kind: 'd' | 'q';
  hash: string | null;
  id: string | null;
  salience: number;
}
type Run = (values: Record<string, unknown>) => Promise<StatementRow[]>;

const P = sql.placeholder;

/**
 * The statement, with its values as placeholders: the probe (`dup`), what is not a duplicate
 * (`fresh`) and the insert (`stored`). With a monthly limit the month's count (`quota`) goes first and
 * the insert stores only if it fit (exact, atomic). Without one nothing can be refused: the statement
 * only stores, and capture counts the stored events behind (quota.ts `countBehind`), so a tenant's
 * concurrent captures neither update one counter row nor wait on its lock through their commits.
 */
function template(limited: boolean): SQL {
  const insert = sql`insert into events (tenant_id, environment, ${INSERT_COLUMNS})
    select ${P('tenantId')}, ${P('environment')}, ${SELECT_VALUES} from fresh v`;
  const store = limited
    ? sql`${countedAs({ tenantId: P('tenantId'), month: P('month'), limit: P('limit') }, sql`(select count(*) from fresh)`)},
        stored as (${insert} where exists (select 1 from quota))`
    : sql`stored as (${insert})`;
  return sql`with dup as (${duplicateProbe({ scope: P('scope'), hashes: P('hashes'), since: P('since') })}),
      fresh as (
        select v.* from ${unnestRows((column) => P(column))}
        where v.content_hash not in (select hash from dup)),
      ${store}
      select 'd' as kind, hash, id, salience from dup${limited ? sql` union all select 'q', null, null, 0 from quota` : sql``}`;
}

/** The statement's two texts (plans with and without a monthly limit), made once per database. */
const statements = new WeakMap<Database, { limited: Run; unlimited: Run }>();
function statementsOf(database: Database) {
  let made = statements.get(database);
  if (!made) {
    made = {
      limited: database.statement<StatementRow>(template(true)),
      unlimited: database.statement<StatementRow>(template(false)),
    };
    statements.set(database, made);
  }
  return made;
}

async function storeInOneStatement(
  rt: CaptureRuntime,
  actor: Actor,
  prepared: Prepared[],
  quota: QuotaMonth,
): Promise<Placed[]> {
  const firsts = firstOfEachContent(prepared);
  const ids = new Map<Prepared, string>();
  const rows = eventColumns();
  for (const p of firsts.values()) {
    const id = newId('evt');
    ids.set(p, id);
    addEvent(rows, actor, p, id, p);
  }
  const run = statementsOf(rt.database)[quota.limit === null ? 'unlimited' : 'limited'];
  const out = await run({
    tenantId: actor.tenantId,
    environment: actor.environment,
    scope: dedupeScope(actor),
    hashes: [...firsts.keys()],
    since: duplicateWindowStart(),
    ...rows,
    month: quota.month,
    limit: quota.limit,
  });
  const earlier = new Map<string, { id: string; salience: number }>();
  for (const r of out) if (r.kind === 'd') earlier.set(r.hash!, { id: r.id!, salience: Number(r.salience) });
  const fresh = firsts.size - earlier.size;
  // No `quota` row: the count did not fit, and nothing was stored (a request of only duplicates
  // stores nothing and is answered as such).
  if (quota.limit !== null && fresh > 0 && !out.some((r) => r.kind === 'q')) {
    throw await rt.quota.refusal(rt.database.db, actor, fresh);
  }

  const placed: Placed[] = new Array(prepared.length);
  for (const p of prepared) {
    const stored = earlier.get(p.contentHash);
    const first = firsts.get(p.contentHash)!;
    placed[p.index] = stored
      ? { eventId: stored.id, salience: stored.salience, as: 'duplicate' }
      : { eventId: ids.get(first)!, salience: first.salience, as: first === p ? 'stored' : 'duplicate' };
  }
  return placed;
}

// ---------------------------------------------------------------------------------------------
// The look-up, then the insert

/**
 * Stored events matching the request's per-event idempotency keys, and the first stored event of
 * each content hash inside the duplicate window: one statement of index probes, one per key and
 * per hash (events_idem_uq, events_dedupe_idx, whose expression the probe repeats exactly), so its
 * cost does not grow with the tenant's volume.
 */
async function lookup(rt: CaptureRuntime, actor: Actor, prepared: Prepared[]) {
  const keys = [...new Set(prepared.map((p) => p.input.idempotencyKey).filter((k): k is string => !!k))];
  const hashes = [...new Set(prepared.map((p) => p.contentHash))];
  const rows = await rt.database.rows<{
    kind: 'k' | 'h';
    id: string;
    key: string | null;
    hash: string | null;
    salience: number;
  }>(
    sql`select 'k' as kind, e.id, k.key, e.idempotency_hash as hash, e.salience
        from unnest(${sql.param(keys)}::text[]) as k(key)
        cross join lateral (select id, idempotency_hash, salience from events
          where tenant_id = ${actor.tenantId} and environment = ${actor.environment}
            and idempotency_key = k.key and idempotency_key is not null
          limit 1) e
        union all
        select 'h' as kind, e.id, null as key, e.hash, e.salience from (${storedDuplicates(actor, hashes)}) e`,
  );
  const byKey = new Map<string, { id: string; hash: string | null; salience: number }>();
  const byHash = new Map<string, { id: string; salience: number }>();
  for (const r of rows) {
    if (r.kind === 'k') byKey.set(r.key!, { id: r.id, hash: r.hash, salience: Number(r.salience) });
    else byHash.set(r.hash!, { id: r.id, salience: Number(r.salience) });
  }
  return { byKey, byHash };
}

/**
 * Inserts the rows in one statement; with a monthly limit the same statement counts them and stores
 * them only if the whole count fits (else nothing is stored and quota_exceeded is thrown).
 */
async function insert(rt: CaptureRuntime, q: Queryable, actor: Actor, rows: EventColumns, quota: QuotaMonth) {
  const count = rows.id.length;
  if (count === 0) return;
  // The rows travel as one array parameter per column whatever the batch size (a multi-row VALUES
  // built by the query builder cost ~100 ms of CPU per 1000 events, and a new statement text per size).
  const insertRows = sql`insert into events (tenant_id, environment, ${INSERT_COLUMNS})
    select ${actor.tenantId}, ${actor.environment}, ${SELECT_VALUES} from ${unnestOf(rows)}`;
  if (quota.limit === null) {
    await rt.database.rows(insertRows, q);
    return;
  }
  // More than the whole quota: refused before the statement, whose count would create the month's row.
  if (count > quota.limit) throw await rt.quota.refusal(q, actor, count);
  const [row] = await rt.database.rows<{ fits: number }>(
    sql`with ${countedAs({ tenantId: actor.tenantId, month: quota.month, limit: quota.limit }, sql`${count}`)},
        stored as (${insertRows} where exists (select 1 from quota))
        select count(*)::int as fits from quota`,
    q,
  );
  if (Number(row?.fits ?? 0) === 0) throw await rt.quota.refusal(q, actor, count);
}

async function storeAfterLookup(
  rt: CaptureRuntime,
  actor: Actor,
  prepared: Prepared[],
  quota: QuotaMonth,
  fieldPrefix: FieldPrefix,
  secretsOf: (p: Prepared) => Detection[],
): Promise<Placed[]> {
  const placed: Placed[] = new Array(prepared.length);
  const storedNow: { p: Prepared; id: string }[] = [];

  // Per-event idempotency keys (stored ones replay, a reused key with another body conflicts) and
  // duplicates inside the window, among stored events and earlier events of this batch.
  const { byKey, byHash } = await lookup(rt, actor, prepared);
  const conflicts: { field: string; message: string }[] = [];
  for (const p of prepared) {
    const key = p.input.idempotencyKey;
    const seen = key ? byKey.get(key) : undefined;
    if (seen) {
      if (seen.hash !== p.idemHash) {
        conflicts.push({
          field: `${fieldPrefix(p.index)}idempotencyKey`,
          message: 'already used with a different event',
        });
      } else placed[p.index] = { eventId: seen.id, salience: seen.salience, as: 'replayed' };
      continue;
    }
    const dup = byHash.get(p.contentHash);
    if (dup) {
      placed[p.index] = { eventId: dup.id, salience: dup.salience, as: 'duplicate' };
      continue;
    }
    const id = newId('evt');
    placed[p.index] = { eventId: id, salience: p.salience, as: 'stored' };
    storedNow.push({ p, id });
    byHash.set(p.contentHash, { id, salience: p.salience });
    if (key) byKey.set(key, { id, hash: p.idemHash, salience: p.salience });
  }
  if (conflicts.length > 0) {
    throw new AppError('conflict', 'Idempotency key reused with a different event', conflicts);
  }

  // Secrets go to the vault before anything is stored; the stored event is the redacted one.
  const found = storedNow.map(({ p }) => secretsOf(p));
  const redactAndInsert = async (q: Queryable) => {
    const rows = eventColumns();
    for (const [i, { p, id }] of storedNow.entries()) {
      const detections = found[i]!;
      if (detections.length === 0) {
        addEvent(rows, actor, p, id, p);
        continue;
      }
      const { payload, metadata } = await rt.vault.redactCapture(q, actor, {
        eventId: id,
        payload: p.input.payload,
        metadata: p.input.metadata ?? {},
        detections,
      });
      addEvent(rows, actor, p, id, {
        payloadJson: canonicalJson(payload),
        metadataJson: canonicalJson(metadata),
        text: eventText(p.input.type, payload, metadata),
      });
    }
    await insert(rt, q, actor, rows, quota);
  };
  const { db } = rt.database;
  if (found.every((d) => d.length === 0)) await redactAndInsert(db);
  else await db.transaction(redactAndInsert);
  return placed;
}

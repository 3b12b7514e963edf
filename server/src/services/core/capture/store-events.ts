/**
 * Storing prepared events: per-event idempotency keys (a stored key replays, a reused key with
 * another body conflicts), duplicates inside the window (among stored events and earlier events of
 * the request), secrets moved to the vault, then one insert statement that also counts the quota, so
 * a batch is stored whole or not at all.
 */
import type { CaptureResult } from '@hx-memory/contract';
import { sql } from 'drizzle-orm';
import type { Actor } from '../../../actor.js';
import type { Queryable, Tx } from '../../../db/client.js';
import { AppError } from '../../../errors.js';
import { newId } from '../../../ids.js';
import {
  addEvent,
  countType,
  type EventColumns,
  eventColumns,
  INSERT_COLUMNS,
  type PerType,
  SELECT_VALUES,
  secretScanner,
  storedDuplicates,
  unnestOf,
} from './event-rows.js';
import { canonicalJson, eventText } from './normalize.js';
import type { Prepared } from './prepare-events.js';
import type { CaptureRuntime, FieldPrefix } from './runtime.js';
import { type StoreOutcome, storeUnkeyed } from './store-unkeyed.js';

/**
 * Stored events matching the request's per-event idempotency keys, and the first stored event of
 * each content hash inside the duplicate window: one statement of index probes, one per key and
 * per hash (events_idem_uq, events_dedupe_idx, whose expression the probe repeats exactly), so its
 * cost does not grow with the tenant's volume.
 */
async function lookup(rt: CaptureRuntime, q: Queryable, actor: Actor, prepared: Prepared[]) {
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
    q,
  );
  const byKey = new Map<string, { id: string; hash: string | null; salience: number }>();
  const byHash = new Map<string, { id: string; salience: number }>();
  for (const r of rows) {
    if (r.kind === 'k') byKey.set(r.key!, { id: r.id, hash: r.hash, salience: Number(r.salience) });
    else byHash.set(r.hash!, { id: r.id, salience: Number(r.salience) });
  }
  return { byKey, byHash };
}

/** Inserts the rows and counts them against the quota, in one statement (stored whole or not at all). */
async function insert(rt: CaptureRuntime, q: Queryable, actor: Actor, rows: EventColumns) {
  if (rows.id.length === 0) return;
  // The rows travel as one array parameter per column whatever the batch size (a multi-row VALUES
  // built by the query builder cost ~100 ms of CPU per 1000 events, and a new statement text per size).
  await rt.quota.consumeWith(
    q,
    actor,
    rows.id.length,
    (fits) =>
      sql`insert into events (tenant_id, environment, ${INSERT_COLUMNS})
          select ${actor.tenantId}, ${actor.environment}, ${SELECT_VALUES}
          from ${unnestOf(rows)}
          where ${fits}`,
  );
}

/**
 * Stores the prepared events; answers one result per input, in order, and the per-type counts to add
 * once the work is committed. `tx` is the request's transaction when it has one (Idempotency-Key);
 * without, the look-up and the one insert statement need none, unless secrets go to the vault, which
 * must be stored with the events: then those two steps run in a transaction of their own.
 */
export async function storeEvents(
  rt: CaptureRuntime,
  tx: Tx | undefined,
  actor: Actor,
  prepared: Prepared[],
  fieldPrefix: FieldPrefix,
): Promise<StoreOutcome> {
  const secretsOf = secretScanner();
  // Without keys, transaction or secrets: one statement (store-unkeyed.ts).
  if (!tx) {
    const done = await storeUnkeyed(rt, actor, prepared, secretsOf);
    if (done) return done;
  }
  const { db } = rt.database;
  const results: CaptureResult[] = new Array(prepared.length);
  const ingestedNow: { p: Prepared; id: string }[] = [];
  let duplicates = 0;
  const perType: PerType = new Map();

  // Per-event idempotency keys (stored ones replay, a reused key with another body conflicts) and
  // duplicates inside the window, among stored events and earlier events of this batch.
  const { byKey, byHash } = await lookup(rt, tx ?? db, actor, prepared);
  const conflicts: { field: string; message: string }[] = [];
  for (const p of prepared) {
    const key = p.input.idempotencyKey;
    if (key) {
      const seen = byKey.get(key);
      if (seen) {
        if (seen.hash !== p.idemHash) {
          conflicts.push({
            field: `${fieldPrefix(p.index)}idempotencyKey`,
            message: 'already used with a different event',
          });
        } else results[p.index] = { eventId: seen.id, status: 'ingested', salienceScore: seen.salience };
        continue;
      }
    }
    const dup = byHash.get(p.contentHash);
    if (dup) {
      results[p.index] = { eventId: dup.id, status: 'duplicate', salienceScore: dup.salience };
      duplicates += 1;
      countType(perType, p.input.type, 'duplicates');
      continue;
    }
    const id = newId('evt');
    results[p.index] = { eventId: id, status: 'ingested', salienceScore: p.salience };
    ingestedNow.push({ p, id });
    countType(perType, p.input.type, 'ingested');
    byHash.set(p.contentHash, { id, salience: p.salience });
    if (key) byKey.set(key, { id, hash: p.idemHash, salience: p.salience });
  }
  if (conflicts.length > 0) {
    throw new AppError('conflict', 'Idempotency key reused with a different event', conflicts);
  }

  // Secrets go to the vault before anything is stored; the stored event is the redacted one.
  const found = ingestedNow.map(({ p }) => secretsOf(p));
  const redactAndInsert = async (q: Queryable) => {
    const rows = eventColumns();
    for (const [i, { p, id }] of ingestedNow.entries()) {
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
    await insert(rt, q, actor, rows);
  };
  if (tx || found.every((d) => d.length === 0)) await redactAndInsert(tx ?? db);
  else await db.transaction(redactAndInsert);

  // Replays of per-event keys answer as the first time ("ingested"), so the summary counts them so too;
  // the quota above counted only rows stored now.
  const ingested = results.filter((r) => r.status === 'ingested').length;
  return { results, ingested, duplicates, perType };
}

/**
 * Event capture, single and batch: validation of scope, idempotency (request header and per event),
 * duplicate detection, secret redaction, quota, and one insert statement (with the quota count), so a
 * batch is stored whole or not at all and durably before the answer. Two statements per request in the
 * common case: the look-up of keys and duplicates, and the insert.
 */
import type { CaptureEvent, CaptureResult } from '@hx-memory/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Actor } from '../../../actor.js';
import type { Queryable, Tx } from '../../../db/client.js';
import { captureRequests } from '../../../db/schema/index.js';
import { findSecrets } from '../../../redaction/index.js';
import type { CaptureCounters } from './counters.js';
import { AppError } from '../../../errors.js';
import { newId } from '../../../ids.js';
import { canonicalJson, eventText, salienceScore, sha256 } from './normalize.js';
import { type NamespaceAccessChecker, resolveWriteNamespace } from '../namespace-scope.js';
import type { VaultService } from '../../vault/vault.js';
import type { QuotaService } from '../quota.js';
import type { ServiceDeps } from '../../deps.js';

/** Identical events (session, type, payload, metadata, explicit time) inside this window are duplicates. */
export const DUPLICATE_WINDOW_MS = 10 * 60 * 1000;

type Route = 'capture' | 'capture/batch';

export interface CaptureOutcome<T> {
  status: 200 | 201;
  data: T;
  /** True when the answer is the stored first answer of an Idempotency-Key. */
  replayed: boolean;
}

interface Prepared {
  index: number;
  input: CaptureEvent;
  namespace: string;
  contentHash: string;
  idemHash: string | null;
  text: string;
  salience: number;
  occurredAt: Date;
}

function isUniqueViolation(err: unknown): boolean {
  const code =
    (err as { code?: string; cause?: { code?: string } })?.code ?? (err as { cause?: { code?: string } })?.cause?.code;
  return code === '23505';
}

interface EventRow {
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

export function createCaptureService(
  deps: Pick<ServiceDeps, 'database'>,
  services: {
    policies: NamespaceAccessChecker;
    vault: Pick<VaultService, 'redactCapture'>;
    quota: Pick<QuotaService, 'consumeWith'>;
    counters: Pick<CaptureCounters, 'add'>;
  },
) {
  const { counters } = services;
  const { db } = deps.database;

  async function prepare(actor: Actor, list: CaptureEvent[], fieldPrefix: (i: number) => string): Promise<Prepared[]> {
    const now = new Date();
    const errorsFound: { field: string; message: string }[] = [];
    const prepared: Prepared[] = [];
    // Each distinct namespace of the request is checked once against the key binding and policies.
    const decided = new Map<string | undefined, string | AppError>();
    for (const input of list) {
      if (decided.has(input.namespace)) continue;
      try {
        decided.set(input.namespace, await resolveWriteNamespace(services.policies, actor, input.namespace));
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        decided.set(input.namespace, err);
      }
    }
    let firstDenial: AppError | undefined;
    list.forEach((input, index) => {
      const outcome = decided.get(input.namespace)!;
      if (outcome instanceof AppError) {
        firstDenial ??= outcome;
        errorsFound.push({
          field: `${fieldPrefix(index)}namespace`,
          message: outcome.details?.[0]?.message ?? outcome.message,
        });
        return;
      }
      const namespace = outcome;
      const metadata = input.metadata ?? {};
      const contentHash = sha256(
        canonicalJson({
          s: input.sessionId,
          t: input.type,
          p: input.payload,
          m: metadata,
          o: input.occurredAt ?? null,
          n: namespace,
        }),
      );
      const text = eventText(input.type, input.payload, metadata);
      prepared.push({
        index,
        input,
        namespace,
        contentHash,
        idemHash: input.idempotencyKey ? sha256(canonicalJson(input)) : null,
        text,
        salience: salienceScore(input.type, input.payload, text),
        occurredAt: input.occurredAt ? new Date(input.occurredAt) : now,
      });
    });
    if (firstDenial) throw new AppError('forbidden', firstDenial.message, errorsFound);
    return prepared;
  }

  /**
   * Stored events matching the request's per-event idempotency keys, and the first stored event of
   * each content hash inside the duplicate window: one statement of index probes, one per key and
   * per hash (events_idem_uq, events_dedupe_idx, whose expression the probe repeats exactly), so its
   * cost does not grow with the tenant's volume.
   */
  async function lookup(q: Queryable, actor: Actor, prepared: Prepared[]) {
    const keys = [...new Set(prepared.map((p) => p.input.idempotencyKey).filter((k): k is string => !!k))];
    const hashes = [...new Set(prepared.map((p) => p.contentHash))];
    const since = new Date(Date.now() - DUPLICATE_WINDOW_MS).toISOString();
    const rows = await deps.database.rows<{
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
          select 'h' as kind, e.id, null as key, h.hash, e.salience
          from unnest(${sql.param(hashes)}::text[]) as h(hash)
          cross join lateral (select id, salience from events
            where (tenant_id || '/' || environment || '/' || content_hash) = ${`${actor.tenantId}/${actor.environment}/`} || h.hash
              and created_at > ${since}::timestamptz
            order by created_at limit 1) e`,
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
  async function insert(q: Queryable, actor: Actor, rows: EventRow[]) {
    if (rows.length === 0) return;
    // The rows travel as one JSON parameter whatever the batch size (a multi-row VALUES built by the
    // query builder cost ~100 ms of CPU per 1000 events, and a new statement text per size).
    await services.quota.consumeWith(
      q,
      actor,
      rows.length,
      (fits) =>
        sql`insert into events (id, tenant_id, environment, namespace, session_id, agent_id, subject_id, type, payload,
              metadata, text, content_hash, idempotency_key, idempotency_hash, salience, occurred_at)
            select v.id, ${actor.tenantId}, ${actor.environment}, v.namespace, v.session_id, v.agent_id, v.subject_id, v.type,
              v.payload, v.metadata, v.text, v.content_hash, v.idempotency_key, v.idempotency_hash, v.salience, v.occurred_at
            from jsonb_to_recordset(${JSON.stringify(rows)}::text::jsonb) as v(id text, namespace text, session_id text,
              agent_id text, subject_id text, type text, payload jsonb, metadata jsonb, text text, content_hash text,
              idempotency_key text, idempotency_hash text, salience real, occurred_at timestamptz)
            where ${fits}`,
    );
  }

  /**
   * Stores the prepared events; answers one result per input, in order, and the per-type counts to add
   * once the work is committed. `tx` is the request's transaction when it has one (Idempotency-Key);
   * without, the look-up and the one insert statement need none, unless secrets go to the vault, which
   * must be stored with the events: then those two steps run in a transaction of their own.
   */
  async function store(tx: Tx | undefined, actor: Actor, prepared: Prepared[], fieldPrefix: (i: number) => string) {
    const results: CaptureResult[] = new Array(prepared.length);
    const ingestedNow: { p: Prepared; id: string }[] = [];
    let duplicates = 0;
    const perType = new Map<string, { ingested: number; duplicates: number }>();
    const countType = (type: string, field: 'ingested' | 'duplicates') => {
      const c = perType.get(type) ?? { ingested: 0, duplicates: 0 };
      c[field] += 1;
      perType.set(type, c);
    };

    // Per-event idempotency keys (stored ones replay, a reused key with another body conflicts) and
    // duplicates inside the window, among stored events and earlier events of this batch.
    const { byKey, byHash } = await lookup(tx ?? db, actor, prepared);
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
        countType(p.input.type, 'duplicates');
        continue;
      }
      const id = newId('evt');
      results[p.index] = { eventId: id, status: 'ingested', salienceScore: p.salience };
      ingestedNow.push({ p, id });
      countType(p.input.type, 'ingested');
      byHash.set(p.contentHash, { id, salience: p.salience });
      if (key) byKey.set(key, { id, hash: p.idemHash, salience: p.salience });
    }
    if (conflicts.length > 0) {
      throw new AppError('conflict', 'Idempotency key reused with a different event', conflicts);
    }

    // Secrets go to the vault before anything is stored; the stored event is the redacted one.
    const found = ingestedNow.map(({ p }) =>
      findSecrets({ payload: p.input.payload, metadata: p.input.metadata ?? {} }),
    );
    const redactAndInsert = async (q: Queryable) => {
      const rows: EventRow[] = [];
      for (const [i, { p, id }] of ingestedNow.entries()) {
        const detections = found[i]!;
        let payload = p.input.payload;
        let metadata = p.input.metadata ?? {};
        let text = p.text;
        if (detections.length > 0) {
          const redacted = await services.vault.redactCapture(q, actor, { eventId: id, payload, metadata, detections });
          payload = redacted.payload;
          metadata = redacted.metadata;
          text = eventText(p.input.type, payload, metadata);
        }
        rows.push({
          id,
          namespace: p.namespace,
          session_id: p.input.sessionId,
          agent_id: p.input.agentId ?? actor.agentId ?? null,
          subject_id: p.input.subjectId ?? null,
          type: p.input.type,
          payload,
          metadata,
          text,
          content_hash: p.contentHash,
          idempotency_key: p.input.idempotencyKey ?? null,
          idempotency_hash: p.idemHash,
          salience: p.salience,
          occurred_at: p.occurredAt.toISOString(),
        });
      }
      await insert(q, actor, rows);
    };
    if (tx || found.every((d) => d.length === 0)) await redactAndInsert(tx ?? db);
    else await db.transaction(redactAndInsert);

    // Replays of per-event keys answer as the first time ("ingested"), so the summary counts them so too;
    // the quota above counted only rows stored now.
    const ingested = results.filter((r) => r.status === 'ingested').length;
    return { results, ingested, duplicates, perType };
  }

  /**
   * Runs `work` under the request's Idempotency-Key when given (in one transaction with the stored
   * answer), retrying a lost race once (header or per-event key), then adds its capture counters.
   */
  async function withIdempotency<T>(
    actor: Actor,
    route: Route,
    key: string | undefined,
    body: unknown,
    work: (
      tx: Tx | undefined,
    ) => Promise<{ status: 200 | 201; data: T; perType: Map<string, { ingested: number; duplicates: number }> }>,
  ): Promise<CaptureOutcome<T>> {
    const requestHash = key ? sha256(canonicalJson(body)) : '';
    const replay = async (): Promise<CaptureOutcome<T> | undefined> => {
      if (!key) return undefined;
      const [row] = await db
        .select()
        .from(captureRequests)
        .where(
          and(
            eq(captureRequests.tenantId, actor.tenantId),
            eq(captureRequests.environment, actor.environment),
            eq(captureRequests.route, route),
            eq(captureRequests.key, key),
          ),
        )
        .limit(1);
      if (!row) return undefined;
      if (row.requestHash !== requestHash) {
        throw new AppError('conflict', 'Idempotency-Key was already used with a different request body', [
          { field: 'headers.idempotency-key', message: 'already used with a different body' },
        ]);
      }
      return { status: row.statusCode as 200 | 201, data: row.response as T, replayed: true };
    };

    for (let attempt = 0; ; attempt++) {
      const earlier = await replay();
      if (earlier) return earlier;
      try {
        const out = key
          ? await db.transaction(async (tx) => {
              const done = await work(tx);
              await tx.insert(captureRequests).values({
                tenantId: actor.tenantId,
                environment: actor.environment,
                route,
                key,
                requestHash,
                statusCode: done.status,
                response: done.data as Record<string, unknown>,
              });
              return done;
            })
          : await work(undefined);
        for (const [type, c] of out.perType)
          counters.add(actor.tenantId, actor.environment, type, c.ingested, c.duplicates);
        return { status: out.status, data: out.data, replayed: false };
      } catch (err) {
        // A concurrent request with the same key (header or per event) won the race: answer as it did.
        if (attempt === 0 && isUniqueViolation(err)) continue;
        throw err;
      }
    }
  }

  return {
    async capture(actor: Actor, input: CaptureEvent, idempotencyKey?: string): Promise<CaptureOutcome<CaptureResult>> {
      const prepared = await prepare(actor, [input], () => '');
      return withIdempotency(actor, 'capture', idempotencyKey, input, async (tx) => {
        const { results, perType } = await store(tx, actor, prepared, () => '');
        const result = results[0]!;
        return { status: result.status === 'duplicate' ? 200 : 201, data: result, perType };
      });
    },

    async captureBatch(actor: Actor, list: CaptureEvent[], idempotencyKey?: string) {
      const prefix = (i: number) => `events[${i}].`;
      const prepared = await prepare(actor, list, prefix);
      return withIdempotency(actor, 'capture/batch', idempotencyKey, { events: list }, async (tx) => {
        const { results, ingested, duplicates, perType } = await store(tx, actor, prepared, prefix);
        const data = {
          results,
          summary: { total: list.length, ingested, duplicates, errors: 0 },
        };
        return { status: ingested > 0 ? 201 : 200, data, perType } as const;
      });
    },
  };
}

export type CaptureService = ReturnType<typeof createCaptureService>;

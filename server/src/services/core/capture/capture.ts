/**
 * Event capture, single and batch: validation of scope, idempotency (request header and per event),
 * duplicate detection, secret redaction, quota, and one multi-row insert in one transaction, so a batch
 * is stored whole or not at all and durably before the answer.
 */
import type { CaptureEvent, CaptureResult } from '@hx-memory/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Actor } from '../../../actor.js';
import type { Tx } from '../../../db/client.js';
import { captureRequests, captureStats } from '../../../db/schema/index.js';
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

function hourOf(d: Date): Date {
  return new Date(Math.floor(d.getTime() / 3_600_000) * 3_600_000);
}

export function createCaptureService(
  deps: Pick<ServiceDeps, 'database'>,
  services: {
    policies: NamespaceAccessChecker;
    vault: Pick<VaultService, 'redactCapture'>;
    quota: Pick<QuotaService, 'consume'>;
  },
) {
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

  /** Stores the prepared events in `tx`; answers one result per input, in order. */
  async function store(tx: Tx, actor: Actor, prepared: Prepared[], fieldPrefix: (i: number) => string) {
    const results: CaptureResult[] = new Array(prepared.length);
    const ingestedNow: { p: Prepared; id: string }[] = [];
    let duplicates = 0;
    const dupByType = new Map<string, number>();

    // Per-event idempotency keys (stored ones replay, a reused key with another body conflicts) and
    // duplicates inside the window, among stored events and earlier events of this batch: one query.
    const keys = [...new Set(prepared.map((p) => p.input.idempotencyKey).filter((k): k is string => !!k))];
    const hashes = [...new Set(prepared.map((p) => p.contentHash))];
    const byKey = new Map<string, { id: string; hash: string | null; salience: number }>();
    const byHash = new Map<string, { id: string; salience: number }>();
    if (hashes.length > 0) {
      const since = new Date(Date.now() - DUPLICATE_WINDOW_MS).toISOString();
      // Planned with the arrays' values (a hashed lookup): a generic plan of a cached statement compares
      // every scanned row with every hash, quadratic while a new tenant's table has no statistics yet.
      await deps.database.rows(sql`select set_config('plan_cache_mode', 'force_custom_plan', true)`, tx);
      const byKeyQuery =
        keys.length > 0
          ? sql`select 'k' as kind, id, idempotency_key as key, idempotency_hash as hash, salience from events
                where tenant_id = ${actor.tenantId} and environment = ${actor.environment}
                  and idempotency_key = any(${sql.param(keys)}::text[])
                union all `
          : sql``;
      const rows = await deps.database.rows<{
        kind: 'k' | 'h';
        id: string;
        key: string | null;
        hash: string | null;
        salience: number;
      }>(
        sql`${byKeyQuery}select 'h' as kind, id, null as key, content_hash as hash, salience from events
            where tenant_id = ${actor.tenantId} and environment = ${actor.environment}
              and content_hash = any(${sql.param(hashes)}::text[]) and created_at > ${since}::timestamptz`,
        tx,
      );
      for (const r of rows) {
        if (r.kind === 'k') {
          if (r.key) byKey.set(r.key, { id: r.id, hash: r.hash, salience: Number(r.salience) });
        } else if (r.hash && !byHash.has(r.hash)) byHash.set(r.hash, { id: r.id, salience: Number(r.salience) });
      }
    }

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
        dupByType.set(p.input.type, (dupByType.get(p.input.type) ?? 0) + 1);
        continue;
      }
      const id = newId('evt');
      results[p.index] = { eventId: id, status: 'ingested', salienceScore: p.salience };
      ingestedNow.push({ p, id });
      byHash.set(p.contentHash, { id, salience: p.salience });
      if (key) byKey.set(key, { id, hash: p.idemHash, salience: p.salience });
    }
    if (conflicts.length > 0) {
      throw new AppError('conflict', 'Idempotency key reused with a different event', conflicts);
    }

    // Secrets go to the vault before anything is stored; the stored event is the redacted one.
    const rows: EventRow[] = [];
    const perType = new Map<string, { ingested: number; duplicates: number }>();
    for (const { p, id } of ingestedNow) {
      const metadata = p.input.metadata ?? {};
      const redacted = await services.vault.redactCapture(tx, actor, {
        eventId: id,
        payload: p.input.payload,
        metadata,
      });
      const changed = redacted.findings.length > 0;
      rows.push({
        id,
        namespace: p.namespace,
        session_id: p.input.sessionId,
        agent_id: p.input.agentId ?? actor.agentId ?? null,
        subject_id: p.input.subjectId ?? null,
        type: p.input.type,
        payload: redacted.payload,
        metadata: redacted.metadata,
        text: changed ? eventText(p.input.type, redacted.payload, redacted.metadata) : p.text,
        content_hash: p.contentHash,
        idempotency_key: p.input.idempotencyKey ?? null,
        idempotency_hash: p.idemHash,
        salience: p.salience,
        occurred_at: p.occurredAt.toISOString(),
      });
      const c = perType.get(p.input.type) ?? { ingested: 0, duplicates: 0 };
      c.ingested += 1;
      perType.set(p.input.type, c);
    }
    // One statement whatever the batch size: the rows travel as one JSON parameter (a multi-row VALUES
    // built by the query builder cost ~100 ms of CPU per 1000 events, and a new statement text per size).
    if (rows.length > 0) {
      await deps.database.rows(
        sql`insert into events (id, tenant_id, environment, namespace, session_id, agent_id, subject_id, type, payload,
              metadata, text, content_hash, idempotency_key, idempotency_hash, salience, occurred_at)
            select v.id, ${actor.tenantId}, ${actor.environment}, v.namespace, v.session_id, v.agent_id, v.subject_id, v.type,
              v.payload, v.metadata, v.text, v.content_hash, v.idempotency_key, v.idempotency_hash, v.salience, v.occurred_at
            from jsonb_to_recordset(${JSON.stringify(rows)}::text::jsonb) as v(id text, namespace text, session_id text,
              agent_id text, subject_id text, type text, payload jsonb, metadata jsonb, text text, content_hash text,
              idempotency_key text, idempotency_hash text, salience real, occurred_at timestamptz)`,
        tx,
      );
    }
    if (rows.length > 0) await services.quota.consume(tx, actor, rows.length);

    // Hourly counters for usage metrics (duplicates are not stored as events, so they are counted here).
    for (const [type, n] of dupByType) {
      const c = perType.get(type) ?? { ingested: 0, duplicates: 0 };
      c.duplicates += n;
      perType.set(type, c);
    }
    if (perType.size > 0) {
      const hour = hourOf(new Date());
      await tx
        .insert(captureStats)
        .values(
          [...perType].map(([type, c]) => ({
            tenantId: actor.tenantId,
            environment: actor.environment,
            hour,
            type,
            ingested: c.ingested,
            duplicates: c.duplicates,
          })),
        )
        .onConflictDoUpdate({
          target: [captureStats.tenantId, captureStats.environment, captureStats.hour, captureStats.type],
          set: {
            ingested: sql`${captureStats.ingested} + excluded.ingested`,
            duplicates: sql`${captureStats.duplicates} + excluded.duplicates`,
          },
        });
    }
    // Replays of per-event keys answer as the first time ("ingested"), so the summary counts them so too;
    // the quota above counted only rows stored now.
    const ingested = results.filter((r) => r.status === 'ingested').length;
    return { results, ingested, duplicates };
  }

  /** Runs `work` under the request's Idempotency-Key (when given) in one transaction, retrying a lost race once. */
  async function withIdempotency<T>(
    actor: Actor,
    route: Route,
    key: string | undefined,
    body: unknown,
    work: (tx: Tx) => Promise<{ status: 200 | 201; data: T }>,
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
        const out = await db.transaction(async (tx) => {
          const done = await work(tx);
          if (key) {
            await tx.insert(captureRequests).values({
              tenantId: actor.tenantId,
              environment: actor.environment,
              route,
              key,
              requestHash,
              statusCode: done.status,
              response: done.data as Record<string, unknown>,
            });
          }
          return done;
        });
        return { ...out, replayed: false };
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
        const { results } = await store(tx, actor, prepared, () => '');
        const result = results[0]!;
        return { status: result.status === 'duplicate' ? 200 : 201, data: result };
      });
    },

    async captureBatch(actor: Actor, list: CaptureEvent[], idempotencyKey?: string) {
      const prefix = (i: number) => `events[${i}].`;
      const prepared = await prepare(actor, list, prefix);
      return withIdempotency(actor, 'capture/batch', idempotencyKey, { events: list }, async (tx) => {
        const { results, ingested, duplicates } = await store(tx, actor, prepared, prefix);
        const data = {
          results,
          summary: { total: list.length, ingested, duplicates, errors: 0 },
        };
        return { status: ingested > 0 ? 201 : 200, data } as const;
      });
    },
  };
}

export type CaptureService = ReturnType<typeof createCaptureService>;

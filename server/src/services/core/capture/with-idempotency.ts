/**
 * The request's Idempotency-Key for the capture routes (their own mechanism, older than
 * http/idempotency.ts): the stored first answer replays, in one transaction with the events; a key
 * reused with another body conflicts; a lost race (header or per-event key) is retried once.
 */
import { and, eq } from 'drizzle-orm';
import type { Actor } from '../../../actor.js';
import type { Tx } from '../../../db/client.js';
import { captureRequests } from '../../../db/schema/index.js';
import { ofEnvironment } from '../../../db/scoped-rows.js';
import { isUniqueViolation } from '../../../db/unique-violation.js';
import { AppError } from '../../../errors.js';
import { canonicalJson, sha256 } from './normalize.js';
import type { CaptureRuntime } from './runtime.js';
import type { PerType } from './event-rows.js';

export type CaptureRoute = 'capture' | 'capture/batch';

export interface CaptureOutcome<T> {
  status: 200 | 201;
  data: T;
  /** True when the answer is the stored first answer of an Idempotency-Key. */
  replayed: boolean;
}

/**
 * Runs `work` under the request's Idempotency-Key when given (in one transaction with the stored
 * answer), retrying a lost race once (header or per-event key), then adds its capture counters.
 */
export async function withIdempotency<T>(
  rt: CaptureRuntime,
  actor: Actor,
  route: CaptureRoute,
  key: string | undefined,
  body: unknown,
  work: (tx: Tx | undefined) => Promise<{ status: 200 | 201; data: T; perType: PerType }>,
): Promise<CaptureOutcome<T>> {
  const { db } = rt.database;
  const requestHash = key ? sha256(canonicalJson(body)) : '';
  const replay = async (): Promise<CaptureOutcome<T> | undefined> => {
    if (!key) return undefined;
    const [row] = await db
      .select()
      .from(captureRequests)
      .where(and(ofEnvironment(captureRequests, actor), eq(captureRequests.route, route), eq(captureRequests.key, key)))
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
        rt.counters.add(actor.tenantId, actor.environment, type, c.ingested, c.duplicates);
      return { status: out.status, data: out.data, replayed: false };
    } catch (err) {
      // A concurrent request with the same key (header or per event) won the race: answer as it did.
      if (attempt === 0 && isUniqueViolation(err)) continue;
      throw err;
    }
  }
}

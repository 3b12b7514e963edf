/**
 * Event capture, single and batch: validation of scope (prepare-events.ts), per-event idempotency
 * keys and duplicate detection, secret redaction, quota, and one insert statement with the quota count
 * (store-events.ts), so a batch is stored whole or not at all and durably before the answer. One
 * statement per request in the common case (store-unkeyed.ts: no per-event key, no secret); two
 * otherwise (the look-up, then the insert). The request's Idempotency-Key header is not seen here: it
 * is kept by http/idempotency.ts, as for every creating route.
 */
import type { BatchCaptureResult, CaptureEvent, CaptureResult } from '@hx-memory/contract';
import type { Actor } from '../../../actor.js';
import { isUniqueViolation } from '../../../db/unique-violation.js';
import type { ServiceDeps } from '../../deps.js';
import { prepareEvents } from './prepare-events.js';
import type { CaptureRuntime, FieldPrefix } from './runtime.js';
import { storeEvents } from './store-events.js';
import type { StoreOutcome } from './store-unkeyed.js';

export interface CaptureOutcome<T> {
  status: 200 | 201;
  data: T;
}

export function createCaptureService(deps: Pick<ServiceDeps, 'database'>, services: Omit<CaptureRuntime, 'database'>) {
  const rt: CaptureRuntime = { database: deps.database, ...services };

  async function captureEvents(actor: Actor, list: CaptureEvent[], fieldPrefix: FieldPrefix): Promise<StoreOutcome> {
    const prepared = await prepareEvents(rt, actor, list, fieldPrefix);
    await rt.quota.settle(actor);
    for (let attempt = 0; ; attempt++) {
      try {
        const out = await storeEvents(rt, undefined, actor, prepared, fieldPrefix);
        for (const [type, c] of out.perType)
          rt.counters.add(actor.tenantId, actor.environment, type, c.ingested, c.duplicates);
        return out;
      } catch (err) {
        // A concurrent request with the same per-event key won the race: answer as it did.
        if (attempt === 0 && isUniqueViolation(err)) continue;
        throw err;
      }
    }
  }

  return {
    async capture(actor: Actor, input: CaptureEvent): Promise<CaptureOutcome<CaptureResult>> {
      const { results } = await captureEvents(actor, [input], () => '');
      const result = results[0]!;
      return { status: result.status === 'duplicate' ? 200 : 201, data: result };
    },

    async captureBatch(actor: Actor, list: CaptureEvent[]): Promise<CaptureOutcome<BatchCaptureResult>> {
      const { results, ingested, duplicates } = await captureEvents(actor, list, (i) => `events[${i}].`);
      const data = { results, summary: { total: list.length, ingested, duplicates, errors: 0 } };
      return { status: ingested > 0 ? 201 : 200, data };
    },
  };
}

export type CaptureService = ReturnType<typeof createCaptureService>;

/**
 * Event capture, single and batch: validation of scope (prepare-events.ts), idempotency (request
 * header: with-idempotency.ts; per event) and duplicate detection, secret redaction, quota, and one
 * insert statement with the quota count (store-events.ts), so a batch is stored whole or not at all
 * and durably before the answer. One statement per request in the common case (store-unkeyed.ts:
 * no per-event key, no Idempotency-Key, no secret); two otherwise (the look-up, then the insert).
 */
import type { CaptureEvent, CaptureResult } from '@hx-memory/contract';
import type { Actor } from '../../../actor.js';
import type { ServiceDeps } from '../../deps.js';
import { prepareEvents } from './prepare-events.js';
import type { CaptureRuntime } from './runtime.js';
import { storeEvents } from './store-events.js';
import { type CaptureOutcome, withIdempotency } from './with-idempotency.js';

export function createCaptureService(deps: Pick<ServiceDeps, 'database'>, services: Omit<CaptureRuntime, 'database'>) {
  const rt: CaptureRuntime = { database: deps.database, ...services };
  return {
    async capture(actor: Actor, input: CaptureEvent, idempotencyKey?: string): Promise<CaptureOutcome<CaptureResult>> {
      const prepared = await prepareEvents(rt, actor, [input], () => '');
      await rt.quota.settle(actor);
      return withIdempotency(rt, actor, 'capture', idempotencyKey, input, async (tx) => {
        const { results, perType } = await storeEvents(rt, tx, actor, prepared, () => '');
        const result = results[0]!;
        return { status: result.status === 'duplicate' ? 200 : 201, data: result, perType };
      });
    },

    async captureBatch(actor: Actor, list: CaptureEvent[], idempotencyKey?: string) {
      const prefix = (i: number) => `events[${i}].`;
      const prepared = await prepareEvents(rt, actor, list, prefix);
      await rt.quota.settle(actor);
      return withIdempotency(rt, actor, 'capture/batch', idempotencyKey, { events: list }, async (tx) => {
        const { results, ingested, duplicates, perType } = await storeEvents(rt, tx, actor, prepared, prefix);
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

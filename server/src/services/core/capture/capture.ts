/**
 * Event capture, single and batch, in four steps:
 * 1. prepare (prepare-events.ts): each event's namespace (key binding and policies), content and
 *    idempotency hashes, text and salience; a denied namespace refuses the whole request;
 * 2. settle the quota (quota.ts): this process's counts behind are written before a count against a
 *    limit, and the month and limit to count against are known;
 * 3. store (store-events.ts): one statement in the common case, else the look-up then the insert;
 *    stored whole or not at all, durably before the answer, the quota counted in the insert when the
 *    plan has a limit;
 * 4. count: the hourly capture counters, and the month's count behind when the plan has no limit.
 * The request's Idempotency-Key header is not seen here: http/idempotency.ts keeps the answer, as for
 * every creating route.
 */
import type { BatchCaptureResult, CaptureEvent, CaptureResult } from '@hx-memory/contract';
import type { Actor } from '../../../actor.js';
import type { ServiceDeps } from '../../deps.js';
import type { QuotaMonth } from '../quota.js';
import { prepareEvents } from './prepare-events.js';
import type { CaptureRuntime, FieldPrefix } from './runtime.js';
import { type Stored, storeEvents } from './store-events.js';

export interface CaptureOutcome<T> {
  status: 200 | 201;
  data: T;
}

const SINGLE: FieldPrefix = () => '';
const IN_BATCH: FieldPrefix = (i) => `events[${i}].`;

export function createCaptureService(deps: Pick<ServiceDeps, 'database'>, services: Omit<CaptureRuntime, 'database'>) {
  const rt: CaptureRuntime = { database: deps.database, ...services };

  async function captureEvents(actor: Actor, list: CaptureEvent[], fieldPrefix: FieldPrefix): Promise<Stored> {
    const prepared = await prepareEvents(rt, actor, list, fieldPrefix);
    const quota = await rt.quota.settle(actor);
    const stored = await storeEvents(rt, actor, prepared, quota, fieldPrefix);
    count(actor, quota, stored);
    return stored;
  }

  /** After the commit: the counters for usage metrics, and the month's count where nothing counted it. */
  function count(actor: Actor, quota: QuotaMonth, stored: Stored): void {
    for (const [type, c] of stored.perType)
      rt.counters.add(actor.tenantId, actor.environment, type, c.ingested, c.duplicates);
    if (quota.limit === null) rt.quota.countBehind(actor.tenantId, stored.rowsStored);
  }

  return {
    async capture(actor: Actor, input: CaptureEvent): Promise<CaptureOutcome<CaptureResult>> {
      const { results } = await captureEvents(actor, [input], SINGLE);
      const result = results[0]!;
      return { status: result.status === 'duplicate' ? 200 : 201, data: result };
    },

    async captureBatch(actor: Actor, list: CaptureEvent[]): Promise<CaptureOutcome<BatchCaptureResult>> {
      const { results, ingested, duplicates } = await captureEvents(actor, list, IN_BATCH);
      const data = { results, summary: { total: list.length, ingested, duplicates, errors: 0 } };
      return { status: ingested > 0 ? 201 : 200, data };
    },
  };
}

export type CaptureService = ReturnType<typeof createCaptureService>;

/**
 * Hourly capture counters (capture_stats: ingested and duplicate events per tenant, environment, hour
 * and type) for usage metrics, added up in memory and written in one statement a second, off the
 * request path: a capture no longer waits on a row every capture of the tenant updates. Usage reads
 * flush first, so this process's counts are always in what it reports; another instance's reach the
 * table within a second. A failed write keeps its counts for the next one; a crash loses at most the
 * last second's counts (the monthly quota of a plan with a limit is counted in the capture statement itself).
 */
import { sql } from 'drizzle-orm';
import type { Environment } from '@hx-memory/contract';
import { captureStats } from '../../../db/schema/index.js';
import type { ServiceDeps } from '../../deps.js';

/** How often jobs/start.ts has the counters written (and once more at shutdown). */
export const CAPTURE_COUNTERS_FLUSH_MS = 1000;

interface Count {
  tenantId: string;
  environment: Environment;
  hour: Date;
  type: string;
  ingested: number;
  duplicates: number;
}

const hourOf = (ms: number) => new Date(Math.floor(ms / 3_600_000) * 3_600_000);

export function createCaptureCounters(deps: Pick<ServiceDeps, 'database' | 'logger'>) {
  const { db } = deps.database;
  let pending = new Map<string, Count>();
  let writing: Promise<void> = Promise.resolve();

  function add(tenantId: string, environment: Environment, type: string, ingested: number, duplicates: number) {
    if (ingested === 0 && duplicates === 0) return;
    const hour = hourOf(Date.now());
    const id = `${tenantId}\u0000${environment}\u0000${hour.getTime()}\u0000${type}`;
    const c = pending.get(id);
    if (c) {
      c.ingested += ingested;
      c.duplicates += duplicates;
    } else pending.set(id, { tenantId, environment, hour, type, ingested, duplicates });
  }

  async function write() {
    if (pending.size === 0) return;
    const batch = pending;
    pending = new Map();
    try {
      await db
        .insert(captureStats)
        .values([...batch.values()])
        .onConflictDoUpdate({
          target: [captureStats.tenantId, captureStats.environment, captureStats.hour, captureStats.type],
          set: {
            ingested: sql`${captureStats.ingested} + excluded.ingested`,
            duplicates: sql`${captureStats.duplicates} + excluded.duplicates`,
          },
        });
    } catch (err) {
      deps.logger.warn({ err }, 'could not write capture counters; kept for the next write');
      for (const c of batch.values()) add(c.tenantId, c.environment, c.type, c.ingested, c.duplicates);
    }
  }

  /** Writes what is pending (one write at a time, in order). */
  function flush(): Promise<void> {
    writing = writing.then(write);
    return writing;
  }

  return { add, flush };
}

export type CaptureCounters = ReturnType<typeof createCaptureCounters>;

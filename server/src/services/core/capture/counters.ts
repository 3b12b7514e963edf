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
import { createCountsBehind } from '../../../db/counts-behind.js';
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
  const counts = createCountsBehind<Count>({
    key: (c) => `${c.tenantId}\u0000${c.environment}\u0000${c.hour.getTime()}\u0000${c.type}`,
    merge: (into, c) => {
      into.ingested += c.ingested;
      into.duplicates += c.duplicates;
    },
    write: (rows) =>
      db
        .insert(captureStats)
        .values(rows)
        .onConflictDoUpdate({
          target: [captureStats.tenantId, captureStats.environment, captureStats.hour, captureStats.type],
          set: {
            ingested: sql`${captureStats.ingested} + excluded.ingested`,
            duplicates: sql`${captureStats.duplicates} + excluded.duplicates`,
          },
        }),
    logger: deps.logger,
    what: 'capture counters',
  });

  return {
    add(tenantId: string, environment: Environment, type: string, ingested: number, duplicates: number) {
      if (ingested === 0 && duplicates === 0) return;
      counts.add({ tenantId, environment, hour: hourOf(Date.now()), type, ingested, duplicates });
    },
    /** Writes what is pending (one write at a time, in order). */
    flush: counts.flush,
  };
}

export type CaptureCounters = ReturnType<typeof createCaptureCounters>;

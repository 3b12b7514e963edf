/**
 * Keeps full-text look-ups fast after learn has written. Two things decay as data arrives: GIN
 * pending lists (fastupdate: new entries wait in a list every query scans linearly, up to 4 MB) and
 * planner statistics. On PostgreSQL autovacuum handles both, but only now and then, so the events'
 * pending list is merged here too. Embedded PGlite has no autovacuum at all: without this its
 * planner would never have statistics. Runs in the background, at most once per interval, and
 * never fails the caller.
 */
import { sql } from 'drizzle-orm';
import type { Logger } from '../logger.js';
import type { Database } from './client.js';

export interface SearchMaintenance {
  /** Schedules a run unless one ran within the interval. */
  afterWrites(): void;
  /** Waits for a run in progress (before the database closes). */
  close(): Promise<void>;
}

export function createSearchMaintenance(database: Database, logger: Logger, minIntervalMs = 60_000): SearchMaintenance {
  let last = Number.NEGATIVE_INFINITY;
  let running: Promise<void> | undefined;
  let closed = false;

  async function run(): Promise<void> {
    const started = performance.now();
    // Memories' and artifacts' indexes have no pending list (fastupdate off, migration 0001).
    await database.rows(sql`select gin_clean_pending_list('events_fts_idx'::regclass)`);
    if (database.driver === 'pglite') await database.rows(sql`analyze events, memories, artifacts`);
    logger.debug({ ms: Math.round(performance.now() - started) }, 'search maintenance done');
  }

  return {
    afterWrites() {
      if (closed || running || performance.now() - last < minIntervalMs) return;
      last = performance.now();
      running = run()
        // Not the owner of the index (a locked-down role), or the database closing: retried next time.
        .catch((err: Error) => logger.warn({ err: err.message }, 'search maintenance skipped'))
        .finally(() => {
          running = undefined;
        });
    },
    async close() {
      closed = true;
      await running;
    },
  };
}

/**
 * The background indexer: embeds events, memories and artifacts whose text has no vector yet, off the
 * request path. One batch per source and round, one request in flight; after a round that found work
 * it goes again at once, after an idle one it waits EMBEDDINGS_POLL_MS, after a failure (endpoint
 * down, timeout, database error) it backs off exponentially up to MAX_BACKOFF_MS and retries: the
 * backlog is read from the database, so nothing is lost while the endpoint is away. Stopping aborts
 * the request in flight.
 */
import type { Database } from '../db/client.js';
import type { Logger } from '../logger.js';
import type { EmbedFn } from './client.js';
import type { EndpointHealth } from './health.js';
import { backlogFingerprint, EMBEDDED_SOURCES, pendingTexts, storeEmbeddings } from './store.js';

const MAX_BACKOFF_MS = 30_000;
/**
 * An idle indexer sweeps the tables (an anti-join, linear in their rows) only when the backlog's
 * fingerprint changed, or at least this often: table statistics reach the fingerprint late (up to
 * ~10 s in PostgreSQL 15) and an id committed out of order would not move it.
 */
const FULL_SWEEP_MS = 30_000;

export interface IndexerOptions {
  database: Database;
  embed: EmbedFn;
  model: string;
  batchSize: number;
  pollMs: number;
  health: EndpointHealth;
  logger: Logger;
}

export function startIndexer(o: IndexerOptions): { stop(): Promise<void> } {
  let stopped = false;
  let failures = 0;
  let timer: NodeJS.Timeout | undefined;
  let round: Promise<void> | undefined;
  const aborted = new AbortController();
  let lastFingerprint: string | undefined;
  let lastSweep = 0;

  /** Embeds one batch per source; the number of items embedded. */
  async function once(): Promise<number> {
    // Read before the sweep, so what is written during it changes the next one.
    const fingerprint = await backlogFingerprint(o.database);
    const quiet = fingerprint === lastFingerprint;
    if (quiet && Date.now() - lastSweep < FULL_SWEEP_MS) return 0;
    lastSweep = Date.now();
    let done = 0;
    for (const source of EMBEDDED_SOURCES) {
      if (stopped) break;
      const rows = await pendingTexts(o.database, source, o.model, o.batchSize);
      if (rows.length === 0) continue;
      const vectors = await o.embed(
        rows.map((r) => r.text),
        undefined,
        aborted.signal,
      );
      await storeEmbeddings(o.database, source, o.model, rows, vectors);
      done += rows.length;
    }
    // Only a sweep that found everything embedded makes the fingerprint a reason to skip the next.
    lastFingerprint = done === 0 ? fingerprint : undefined;
    return done;
  }

  async function tick(): Promise<void> {
    let delay = o.pollMs;
    try {
      const done = await once();
      if (failures > 0) o.logger.info({ failures }, 'embeddings: endpoint back, catching up');
      failures = 0;
      // Only an answered request says the endpoint is up (an idle round sends none).
      if (done > 0) {
        o.health.up();
        delay = 0;
      }
    } catch (err) {
      if (stopped) return;
      lastFingerprint = undefined;
      failures += 1;
      delay = Math.min(MAX_BACKOFF_MS, o.pollMs * 2 ** failures);
      o.health.down(delay);
      // Once per outage at warn, then quietly: a down endpoint must not flood the log.
      const level = failures === 1 ? 'warn' : 'debug';
      // The error itself, not its message: the serializer keeps SQL parameters out of the log.
      o.logger[level]({ err, retryInMs: delay }, 'embeddings: indexing failed');
    }
    if (!stopped) {
      timer = setTimeout(run, delay);
      timer.unref();
    }
  }

  function run(): void {
    round = tick();
  }

  run();
  return {
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      aborted.abort();
      await round;
    },
  };
}

/**
 * Counts added up in memory by key and written behind in one statement (capture's hourly counters, the
 * monthly event counts of plans without a limit, API keys' last-use stamps), so that a request does
 * not update a row every request of a tenant updates. One write at a time, in order; a failed write puts its rows back, as
 * they were, for the next one. The caller schedules `flush` (a timer, shutdown, before it reads).
 */
import type { Logger } from '../logger.js';

export interface CountsBehind<R> {
  /** Adds a row's counts to what is pending under its key. */
  add(row: R): void;
  /** Writes everything pending; resolves once written (or put back after a failure). */
  flush(): Promise<void>;
  /** Resolves once the counts under `key` are written: at once when none are pending or being written. */
  settle(key: string): Promise<void>;
}

export function createCountsBehind<R extends object>(opts: {
  /** Rows with the same key are added up into one. */
  key: (row: R) => string;
  /** Adds `from`'s counts into `into` (which this module owns: a shallow copy of the first row of its key). */
  merge: (into: R, from: R) => void;
  write: (rows: R[]) => Promise<unknown>;
  logger: Logger;
  /** What the counts are, for the warning a failed write logs. */
  what: string;
}): CountsBehind<R> {
  let pending = new Map<string, R>();
  /** The rows of the write in progress. */
  let inFlight: Map<string, R> | undefined;
  let writing: Promise<void> = Promise.resolve();

  function add(row: R) {
    const key = opts.key(row);
    const into = pending.get(key);
    if (into) opts.merge(into, row);
    else pending.set(key, { ...row });
  }

  async function write() {
    if (pending.size === 0) return;
    const batch = pending;
    pending = new Map();
    inFlight = batch;
    try {
      await opts.write([...batch.values()]);
    } catch (err) {
      opts.logger.warn({ err }, `could not write ${opts.what}; kept for the next write`);
      for (const row of batch.values()) add(row);
    } finally {
      inFlight = undefined;
    }
  }

  function flush(): Promise<void> {
    writing = writing.then(write);
    return writing;
  }

  return {
    add,
    flush,
    async settle(key) {
      if (pending.has(key)) await flush();
      else if (inFlight?.has(key)) await writing;
    },
  };
}

/**
 * Cross-process locks in the CLI's config folder, so concurrent `hx` processes take turns: one
 * writer of config.json and credentials.json at a time (each write rewrites the whole file, so two at
 * once lose one profile's change), and one refresh of a profile's session at a time (a refresh token
 * spent twice ends the session). proper-lockfile's lock is a directory made atomically beside the
 * file, refreshed while held and taken over once stale, so a killed `hx` never leaves the folder locked.
 */
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import lockfile from 'proper-lockfile';

/** A lock not refreshed for this long belongs to a process that died. */
const STALE_MS = 10_000;
/** Give up waiting after this long: longer than any write or refresh takes. */
const WAIT_MS = 20_000;
const RETRY_MS = 10;

function options(path: string) {
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  // A lock taken over as stale after the holder paused: the holder's work is short and idempotent.
  return { realpath: false, stale: STALE_MS, onCompromised: () => {} };
}

/** Runs `fn` holding the lock `<path>.lock`; for the short synchronous file writes. */
export function withFileLockSync<T>(path: string, fn: () => T): T {
  const opts = options(path);
  const deadline = Date.now() + WAIT_MS;
  const pause = new Int32Array(new SharedArrayBuffer(4));
  let release: () => void;
  for (;;) {
    try {
      release = lockfile.lockSync(path, opts);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ELOCKED' || Date.now() > deadline) throw error;
      Atomics.wait(pause, 0, 0, RETRY_MS); // a synchronous sleep: the writes it waits for take milliseconds
    }
  }
  try {
    return fn();
  } finally {
    release();
  }
}

/** Runs `fn` holding the lock `<path>.lock`; for work that awaits, such as a token refresh. */
export async function withFileLock<T>(path: string, fn: () => Promise<T>): Promise<T> {
  const release = await lockfile.lock(path, {
    ...options(path),
    retries: { retries: Math.ceil(WAIT_MS / 200), minTimeout: RETRY_MS, maxTimeout: 200 },
  });
  try {
    return await fn();
  } finally {
    await release();
  }
}

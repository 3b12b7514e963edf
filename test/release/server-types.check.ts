/**
 * Compile-time check (run by `pnpm run typecheck`, no test runner needed): the hand-written types
 * that the published @hx-memory/server ships (server/types/index.d.ts) accept the real functions,
 * so they cannot drift from the source unnoticed.
 */
import * as real from '../../server/src/index.js';
import type * as published from '../../server/types/index.js';

export const startServer: typeof published.startServer = real.startServer;
export const startWorker: typeof published.startWorker = real.startWorker;
export const runMigrations: typeof published.runMigrations = real.runMigrations;

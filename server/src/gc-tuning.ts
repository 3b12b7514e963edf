/**
 * V8 settings the server process applies to itself at start (createContext), so that `npm start`,
 * `hx serve`, `hx worker`, the container image and an embedded `startServer` all run the same way;
 * command-line flags would reach only some of them (NODE_OPTIONS refuses most V8 flags).
 *
 * Allocation-site pretenuring, off on the embedded database: V8 learns that some allocation sites
 * (objects built while a request was in flight during a scavenge, or during a bulk load) survive, and
 * from then on allocates them straight in the old generation. When the request ends they are dead
 * but stay there until the next full collection, and every young object they point to (the request's
 * rows, maps and strings) is kept alive and copied by each scavenge as well ("nepotism"). Measured at
 * 100,000 memories on PGlite: 1.4-2.4 MB survived each scavenge with it, 0.4-0.5 MB without, synthesize
 * p95 about a fifth lower. On PostgreSQL the same flag left synthesize unchanged and learn about a
 * tenth slower, so V8's default stays there (docs/decisions/speed.md).
 */
import v8 from 'node:v8';
import type { Config } from './config.js';

type GcConfig = Pick<Config, 'V8_ALLOCATION_SITE_PRETENURING' | 'DATABASE_URL'>;

/** The V8 flags this configuration asks for. */
export function garbageCollectorFlags(config: GcConfig): string[] {
  const pretenuring = config.V8_ALLOCATION_SITE_PRETENURING ?? Boolean(config.DATABASE_URL);
  return pretenuring ? [] : ['--no-allocation-site-pretenuring'];
}

/** Applies garbageCollectorFlags to this process (V8 reads this flag at each collection). */
export function tuneGarbageCollector(config: GcConfig): void {
  for (const flag of garbageCollectorFlags(config)) v8.setFlagsFromString(flag);
}

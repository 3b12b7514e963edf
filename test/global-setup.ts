import { rmSync } from 'node:fs';
import { dirname } from 'node:path';
import type { TestProject } from 'vitest/node';
import { bundleHx } from './cli/bundle-hx.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The `hx` CLI bundled from source for this run (test/cli/bundle-hx.ts). */
    hxBundle: string;
  }
}

/**
 * Bundles the CLI once for the suites that spawn it. With DATABASE_URL set (CI's real-PostgreSQL
 * run), also migrates once before the suites start, so test files that boot servers in parallel
 * never race to create the schema. Embedded runs need no migration: each test server gets its own
 * in-memory PGlite.
 */
export default async function setup(project: TestProject) {
  const bundle = await bundleHx(process.cwd());
  project.provide('hxBundle', bundle);
  const teardown = () => rmSync(dirname(bundle), { recursive: true, force: true });
  if (!process.env.DATABASE_URL) return teardown;
  const { openDatabase } = await import('../server/src/db/client.js');
  const { migrate } = await import('../server/src/db/migrate.js');
  const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir: 'memory://' });
  try {
    await migrate(database);
  } finally {
    await database.close();
  }
  return teardown;
}

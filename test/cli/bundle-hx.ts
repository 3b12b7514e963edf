/**
 * Bundles the `hx` CLI from source once per test run (esbuild, the engine tsx itself uses), so each
 * test spawns plain `node` on one file: tsx would transform the CLI's ~100 modules again in every
 * process, ~1.5 s a command against ~0.3 s. The bundle is the same entry point, cli/src/main.ts,
 * with the workspace packages taken from source through tsconfig's paths, as under tsx. Only
 * @hx-memory/server stays out (PGlite finds its WebAssembly next to its own files): the commands
 * that load it (serve, migrate, worker) still run through tsx, see run-hx.ts.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';

export async function bundleHx(root: string): Promise<string> {
  const outfile = join(mkdtempSync(join(tmpdir(), 'hx-cli-bundle-')), 'hx.mjs');
  await build({
    entryPoints: [join(root, 'cli/src/main.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    tsconfig: join(root, 'tsconfig.json'),
    external: ['@hx-memory/server'],
    // CommonJS dependencies (commander, proper-lockfile, cli-table3) call require() for Node's
    // built-ins, which an ES module bundle has no binding for.
    banner: {
      js: "import { createRequire as __hxRequire } from 'node:module'; const require = __hxRequire(import.meta.url);",
    },
    logLevel: 'silent',
  });
  return outfile;
}

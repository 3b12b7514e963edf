/** Builds a workspace package's dist for tests that use it as users get it (packed or from dist). */
import { execFile } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const root = process.cwd();

/** Newest modification time of the files under `dir` (0 when it does not exist). */
function newest(dir: string): number {
  if (!existsSync(dir)) return 0;
  let time = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) time = Math.max(time, statSync(join(entry.parentPath, entry.name)).mtimeMs);
  }
  return time;
}

/** Builds `pkg` (a folder of the workspace) unless its dist is newer than `sources` and its package.json. */
export async function buildIfStale(pkg: string, sources: string[]): Promise<void> {
  const output = join(root, pkg, 'dist/index.d.ts');
  const built = existsSync(output) ? statSync(output).mtimeMs : 0;
  const source = Math.max(
    ...sources.map((s) => newest(join(root, s))),
    statSync(join(root, pkg, 'package.json')).mtimeMs,
  );
  if (built > source) return;
  await run('npx', ['-y', 'pnpm@10.34.8', 'run', 'build'], { cwd: join(root, pkg), timeout: 600_000 });
}

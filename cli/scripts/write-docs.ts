/** Writes docs/cli.md from the hx command tree; with --check, fails when the file is not current. */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { renderCliReference } from '../src/docs.js';

const target = fileURLToPath(new URL('../../docs/cli.md', import.meta.url));
const next = renderCliReference();
if (process.argv.includes('--check')) {
  let current = '';
  try {
    current = readFileSync(target, 'utf8');
  } catch {
    /* missing: not current */
  }
  if (current !== next) {
    process.stderr.write('docs/cli.md is not current: run `pnpm run docs:cli`\n');
    process.exit(1);
  }
} else {
  writeFileSync(target, next);
  process.stdout.write(`wrote ${target}\n`);
}

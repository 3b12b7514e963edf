/**
 * Writes docs/openapi.json from the contract (`pnpm openapi`). With `--check` it writes nothing and
 * exits 1 when the file differs from what the contract generates, so CI keeps it current.
 * `--out <file>` targets another file (used by the tests).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildOpenApiDocument } from '../src/openapi.js';

const outIndex = process.argv.indexOf('--out');
const target =
  outIndex > 0 && process.argv[outIndex + 1]
    ? resolve(process.argv[outIndex + 1] as string)
    : fileURLToPath(new URL('../../docs/openapi.json', import.meta.url));
const contractVersion = (
  JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }
).version;

/** The committed document: stable across machines (no server URL, the contract package's version). */
function renderOpenApiFile(): string {
  return `${JSON.stringify(buildOpenApiDocument({ version: contractVersion }), null, 2)}\n`;
}

function main() {
  const expected = renderOpenApiFile();
  let current: string | undefined;
  try {
    current = readFileSync(target, 'utf8');
  } catch {
    current = undefined;
  }
  if (process.argv.includes('--check')) {
    if (current !== expected) {
      console.error(`${target} is stale: run \`pnpm openapi\` and commit the result.`);
      process.exit(1);
    }
    console.log(`${target} is current.`);
    return;
  }
  if (current === expected) {
    console.log(`${target} is already current.`);
    return;
  }
  writeFileSync(target, expected);
  console.log(`wrote ${target}`);
}

main();

/**
 * Writes the generated resource classes (src/resources/*.ts), the plain public types (src/types.ts),
 * their equality check (test/sdk/lean-types.check.ts) and docs/sdk.md; with --check, writes nothing
 * and fails when any is not current. Run: `npx tsx sdk/scripts/write.ts [--check]`.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { renderResources, renderSdkReference, repoRoot, sdkRoot } from './codegen.js';
import { renderLeanTypes } from './lean-types.js';

const check = process.argv.includes('--check');
const resources = renderResources();
const outputs = new Map<string, string>();
for (const [rel, text] of resources) outputs.set(join(sdkRoot, rel), text);
const lean = renderLeanTypes();
outputs.set(join(sdkRoot, 'src/types.ts'), lean.text);
outputs.set(join(repoRoot, 'test/sdk/lean-types.check.ts'), lean.check);
outputs.set(join(repoRoot, 'docs/sdk.md'), renderSdkReference(resources));

const stale: string[] = [];
for (const [path, text] of outputs) {
  const current = existsSync(path) ? readFileSync(path, 'utf8') : '';
  if (current === text) continue;
  stale.push(path);
  if (!check) writeFileSync(path, text);
}
if (check && stale.length) {
  process.stderr.write(`not current (run \`npx tsx sdk/scripts/write.ts\`):\n${stale.join('\n')}\n`);
  process.exit(1);
}
process.stdout.write(check ? 'generated SDK files are current\n' : `wrote ${stale.length} file(s)\n`);

/**
 * The publishing fields of the five public packages and the three framework adapters, checked from
 * their package.json (fast; the tarballs themselves are packed and checked by `pnpm release:pack`,
 * the five installed by scripts/release-smoke.sh and the adapters by test/adapters/packed.test.ts):
 * - `engines` says what is supported: Node >=20.19 (20.19 brings require() of ES modules), tested on
 *   20, 22 and 24 by the release smoke step of .ci/run;
 * - none is private, each ships README.md and LICENSE (present on disk) under the MIT license;
 * - the published exports name no workspace-only condition (hx-source points into src/);
 * - each `workspace:` dependency is another public package, which pnpm pack turns into its version.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ADAPTER_PACKAGES, PUBLIC_PACKAGES } from '../../scripts/release-pack.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const manifest = (dir: string) => JSON.parse(readFileSync(path.join(root, dir, 'package.json'), 'utf8'));
const PACKAGES = [...PUBLIC_PACKAGES, ...ADAPTER_PACKAGES];
const names = new Set(PACKAGES.map((dir) => manifest(dir).name as string));

describe('public packages', () => {
  it.each(PACKAGES)('%s: engines, license, files, publishConfig', (dir) => {
    const m = manifest(dir);
    expect(m.engines).toEqual({ node: '>=20.19.0' });
    expect(m.private).toBeUndefined();
    expect(m.license).toBe('MIT');
    for (const file of ['README.md', 'LICENSE']) {
      expect(m.files).toContain(file);
      expect(existsSync(path.join(root, dir, file)), `${dir}/${file}`).toBe(true);
    }
    expect(m.publishConfig.access).toBe('public');
    const published = JSON.stringify(m.publishConfig.exports ?? m.exports ?? {});
    expect(published).not.toContain('hx-source');
    for (const [dep, range] of Object.entries({ ...m.dependencies, ...m.peerDependencies } as Record<string, string>)) {
      if (range.startsWith('workspace:')) expect(names, `${dir} -> ${dep}`).toContain(dep);
    }
  });

  it('the repository, CI and the docs agree on the supported Node versions', () => {
    expect(manifest('.').engines).toEqual({ node: '>=20.19.0' });
    const ci = readFileSync(path.join(root, '.ci/run'), 'utf8');
    expect(ci).toMatch(/release-smoke\.sh[^\n]*\b20 22 24\b/);
    expect(readFileSync(path.join(root, 'docs/self-hosting.md'), 'utf8')).toMatch(
      /Node\.js 20\.19 or later[^\n]*20, 22 and 24/,
    );
  });
});

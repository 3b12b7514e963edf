/**
 * `pnpm release:pack [--out DIR] [--no-build]`: builds the five public packages and the three framework
 * adapters and packs each into a tarball that `npm install` takes in an empty directory
 * (docs/decisions/deployment.md, Packages). The adapters' tarballs go to `<out>/adapters/`, so that
 * `npm install <out>/*.tgz` stays the server, CLI and SDK without the frameworks the adapters peer.
 *
 * pnpm's own `pack` is used, not npm's: it turns the `workspace:*` ranges between the packages into
 * the version they have (npm's pack leaves `workspace:*`, which npm then refuses to install) and
 * applies `publishConfig`. Each tarball is then checked: no `workspace:` range left, no `private`,
 * README.md, LICENSE and `engines` present, and every file that main, types, bin and exports name is
 * inside. Prints one line per tarball; the files are `<out>/hx-memory-<name>-<version>.tgz` and
 * `<out>/adapters/hx-memory-<adapter>-<version>.tgz`.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** In dependency order: each package's dependencies are packed before it. */
export const PUBLIC_PACKAGES = ['contract', 'sdk', 'mcp', 'server', 'cli'] as const;
/** The framework adapters (each depends on the SDK, its framework a peer): packed and checked the same way. */
export const ADAPTER_PACKAGES = ['adapters/ai-sdk', 'adapters/langchain', 'adapters/openai-agents'] as const;
const PNPM = ['-y', 'pnpm@10.34.8'];

interface Manifest {
  name: string;
  version: string;
  private?: boolean;
  license?: string;
  engines?: { node?: string };
  main?: string;
  module?: string;
  types?: string;
  bin?: Record<string, string>;
  exports?: unknown;
  dependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
}

/** Every file path an `exports` map names (conditions nested to any depth). */
function exportTargets(exports: unknown): string[] {
  if (typeof exports === 'string') return [exports];
  if (exports && typeof exports === 'object') return Object.values(exports).flatMap(exportTargets);
  return [];
}

/** What is wrong with a packed tarball, as sentences (none: it is publishable). */
export function checkTarball(file: string): { manifest: Manifest; problems: string[] } {
  const listing = new Set(
    execFileSync('tar', ['-tzf', file], { encoding: 'utf8' })
      .split('\n')
      .filter(Boolean)
      .map((f) => f.replace(/^package\//, '')),
  );
  const manifest = JSON.parse(
    execFileSync('tar', ['-xzOf', file, 'package/package.json'], { encoding: 'utf8' }),
  ) as Manifest;
  const problems: string[] = [];
  for (const field of ['dependencies', 'peerDependencies', 'optionalDependencies'] as const) {
    for (const [dep, range] of Object.entries(manifest[field] ?? {})) {
      if (range.startsWith('workspace:')) problems.push(`${field}.${dep} is still "${range}"`);
    }
  }
  if (manifest.private) problems.push('is marked private');
  if (!manifest.license) problems.push('has no license');
  if (!manifest.engines?.node) problems.push('has no engines.node');
  for (const needed of ['README.md', 'LICENSE', 'package.json']) {
    if (!listing.has(needed)) problems.push(`lacks ${needed}`);
  }
  const named = [
    manifest.main,
    manifest.module,
    manifest.types,
    ...Object.values(manifest.bin ?? {}),
    ...exportTargets(manifest.exports),
  ].filter((f): f is string => typeof f === 'string');
  for (const target of named) {
    const rel = path.posix.normalize(target).replace(/^\.\//, '');
    if (!listing.has(rel)) problems.push(`names ${target}, which is not in the tarball`);
  }
  return { manifest, problems };
}

function main() {
  const args = process.argv.slice(2);
  const outIndex = args.indexOf('--out');
  const out = path.resolve(outIndex >= 0 ? (args[outIndex + 1] ?? 'release') : path.join(root, 'release'));
  if (!args.includes('--no-build')) {
    execFileSync('npx', [...PNPM, 'run', 'build'], { cwd: root, stdio: 'inherit' });
  }
  rmSync(out, { recursive: true, force: true });
  const groups = [
    { dir: out, packages: PUBLIC_PACKAGES },
    { dir: path.join(out, 'adapters'), packages: ADAPTER_PACKAGES },
  ];
  let failed = false;
  for (const group of groups) {
    mkdirSync(group.dir, { recursive: true });
    for (const dir of group.packages) {
      execFileSync('npx', [...PNPM, 'pack', '--pack-destination', group.dir], {
        cwd: path.join(root, dir),
        stdio: ['ignore', 'ignore', 'inherit'],
      });
    }
    const tarballs = readdirSync(group.dir).filter((f) => f.endsWith('.tgz'));
    for (const tarball of tarballs.sort()) {
      const { manifest, problems } = checkTarball(path.join(group.dir, tarball));
      if (problems.length > 0) failed = true;
      process.stdout.write(
        `${problems.length > 0 ? 'FAIL' : 'ok  '} ${path.join(path.relative(process.cwd(), group.dir) || '.', tarball)} ` +
          `(${manifest.name}@${manifest.version})${problems.map((p) => `\n       ${p}`).join('')}\n`,
      );
    }
    if (tarballs.length !== group.packages.length) {
      failed = true;
      process.stdout.write(
        `FAIL expected ${group.packages.length} tarballs in ${group.dir}, found ${tarballs.length}\n`,
      );
    }
  }
  if (failed) process.exit(1);
  const rel = path.relative(process.cwd(), out) || '.';
  process.stdout.write(
    `\nInstall them together, e.g.: npm install ${rel}/*.tgz\n` +
      `An adapter with them and its framework, e.g.: npm install ${rel}/*.tgz ${rel}/adapters/hx-memory-ai-sdk-*.tgz ai\n`,
  );
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();

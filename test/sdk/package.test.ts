/**
 * The published packages as a user gets them: contract and SDK are built (when dist is missing or
 * older than the source), packed with `pnpm pack` (which turns `workspace:*` into the version),
 * installed with npm from the tarballs into an empty directory outside the workspace, and used from
 * an ESM script, a CommonJS script and a type-checked TypeScript file against a live server.
 */
import { execFile } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { buildIfStale } from '../helpers/build.js';
import { newTenant, useTempDir, useTestServer } from '../helpers/index.js';

const run = promisify(execFile);
const root = process.cwd();
const PNPM = ['-y', 'pnpm@10.34.8'];

const esm = `
import { Hx, ValidationError, HxError, VERSION } from '@hx-memory/sdk';
import { CaptureEventSchema } from '@hx-memory/contract';
const hx = new Hx({ maxRetries: 0 }); // HX_BASE_URL and HX_API_KEY from the environment
const sessionId = 'packed-esm';
const one = await hx.capture({ type: 'message', sessionId, payload: { role: 'user', content: 'I prefer green tea and I live in Porto.' } });
const batch = await hx.captureBatch([
  { type: 'command_exec', sessionId, payload: { command: 'npm test', exitCode: 1, stdout: '', stderr: 'Error: ECONNREFUSED 127.0.0.1:5432' } },
  { type: 'command_exec', sessionId, payload: { command: 'docker compose up -d postgres', exitCode: 0, stdout: 'started', stderr: '' } },
  { type: 'test_run', sessionId, payload: { command: 'npm test', passed: 3, failed: 0, output: 'ok' } },
]);
const job = await hx.learn({ wait: true });
const pack = await hx.synthesize('Where does the user live?', { maxTokens: 500 });
const error = await hx.capture({ type: 'message', sessionId, payload: 'not an object' }).catch((e) => e);
console.log(JSON.stringify({
  version: VERSION,
  captured: one.status,
  batch: batch.summary.ingested,
  job: job.status,
  context: pack.context,
  validation: error instanceof ValidationError && error instanceof HxError,
  status: error.status,
  code: error.code,
  field: error.details?.[0]?.field,
  schema: CaptureEventSchema.safeParse({ type: 'not-a-type', sessionId, payload: {} }).success,
}));
`;

const cjs = `
const { Hx, NotFoundError, AuthenticationError } = require('@hx-memory/sdk');
const contract = require('@hx-memory/contract');
(async () => {
  const hx = new Hx({ maxRetries: 0 });
  const got = await hx.getArtifact('art_does_not_exist').catch((e) => e);
  const unauth = await new Hx({ apiKey: 'hx_test_not_a_real_key_000000000000000000000000', maxRetries: 0 })
    .getMetrics().catch((e) => e);
  const metrics = await hx.getMetrics({ period: '24h' });
  console.log(JSON.stringify({
    notFound: got instanceof NotFoundError,
    unauthorized: unauth instanceof AuthenticationError,
    events: metrics.usage.events.ingested,
    path: contract.contract.capture.capture.path,
  }));
})().catch((e) => { console.error(e); process.exit(1); });
`;

/** Compiled by tsc against the installed .d.ts files: the types, and the flat calls' signatures. */
const typed = `
import { Hx, type CaptureResult, RateLimitError } from '@hx-memory/sdk';
const hx = new Hx({ baseUrl: 'http://localhost:8080', timeout: 1000 });
export async function f(): Promise<CaptureResult> {
  const job = await hx.learn({ scope: 'full', minPatternStrength: 0.5 });
  job.runId satisfies string;
  const page = await hx.memories.list({ limit: 5 });
  page.items satisfies unknown[];
  const e = new Error() as unknown;
  if (e instanceof RateLimitError) e.retryAfter satisfies number | undefined;
  return hx.capture({ type: 'message', sessionId: 's', payload: { role: 'user', content: 'hi' } });
}
// @ts-expect-error an unknown option is a type error
new Hx({ timeoutSeconds: 5 });
`;

const server = useTestServer();
const packDir = useTempDir('hx-packed-');

describe('packed @hx-memory/contract and @hx-memory/sdk', () => {
  it('install from their tarballs into an empty directory and work from ESM, CommonJS and TypeScript', async () => {
    const dir = packDir();
    await buildIfStale('contract', ['contract/src']);
    await buildIfStale('sdk', ['sdk/src', 'contract/src']);
    const tarballs: string[] = [];
    for (const pkg of ['contract', 'sdk']) {
      const { stdout } = await run('npx', [...PNPM, 'pack', '--json', '--pack-destination', dir], {
        cwd: join(root, pkg),
        timeout: 120_000,
      });
      const packed = JSON.parse(stdout) as { filename: string; files: { path: string }[] };
      const files = packed.files.map((f) => f.path);
      expect(files).toEqual(
        expect.arrayContaining([
          'README.md',
          'LICENSE',
          'package.json',
          'dist/index.js',
          'dist/index.cjs',
          'dist/index.d.ts',
        ]),
      );
      expect(files.some((f) => f.startsWith('src/'))).toBe(false);
      tarballs.push(packed.filename.startsWith('/') ? packed.filename : join(dir, packed.filename));
    }

    const app = join(dir, 'app');
    await run('mkdir', ['-p', app]);
    writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'app', private: true, type: 'module' }));
    await run('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error', ...tarballs], {
      cwd: app,
      timeout: 180_000,
    });
    const installed = join(app, 'node_modules/@hx-memory/sdk');
    expect(existsSync(join(installed, 'README.md'))).toBe(true);
    expect(existsSync(join(installed, 'LICENSE'))).toBe(true);
    expect(existsSync(join(app, 'node_modules/@hx-memory/contract/LICENSE'))).toBe(true);
    // The workspace protocol was replaced, and nothing resolves back into the workspace.
    const manifest = JSON.parse((await run('cat', [join(installed, 'package.json')])).stdout) as {
      dependencies: Record<string, string>;
    };
    expect(manifest.dependencies['@hx-memory/contract']).toMatch(/^\d+\.\d+\.\d+/);

    const { apiKey } = await newTenant(server, 'packed');
    const env = {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? dir,
      HX_BASE_URL: server.url,
      HX_API_KEY: apiKey,
    };
    writeFileSync(join(app, 'esm.mjs'), esm);
    writeFileSync(join(app, 'cjs.cjs'), cjs);
    const first = JSON.parse((await run('node', ['esm.mjs'], { cwd: app, env, timeout: 60_000 })).stdout);
    expect(first).toMatchObject({
      captured: 'ingested',
      batch: 3,
      job: 'completed',
      validation: true,
      status: 400,
      code: 'validation_error',
      field: 'payload',
      schema: false,
    });
    expect(first.version).toMatch(/^\d+\.\d+\.\d+/);
    expect(first.context).toMatch(/Porto/);
    const second = JSON.parse((await run('node', ['cjs.cjs'], { cwd: app, env, timeout: 60_000 })).stdout);
    expect(second).toEqual({ notFound: true, unauthorized: true, events: 4, path: '/v1/capture' });

    writeFileSync(join(app, 'typed.ts'), typed);
    const compilerOptions = {
      noEmit: true,
      strict: true,
      module: 'nodenext',
      target: 'es2022',
      lib: ['es2022', 'dom'],
      types: [],
    };
    writeFileSync(join(app, 'tsconfig.json'), JSON.stringify({ compilerOptions, files: ['typed.ts'] }));
    const checked = await run(join(root, 'node_modules/.bin/tsc'), ['-p', app], { cwd: app, timeout: 60_000 }).catch(
      (e: { stdout?: string }) => ({ stdout: e.stdout ?? String(e) }),
    );
    expect(checked.stdout).toBe('');
    // On a fresh clone (`npm test` before any build) the contract and SDK builds come first: 240 s was
    // not enough there beside the other suites; each step keeps its own limit above.
  }, 600_000);
});

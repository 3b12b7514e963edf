/**
 * The three framework adapters as a user gets them: contract, SDK and adapters built (when stale),
 * packed with `pnpm pack` (which turns `workspace:*` into versions), installed with npm into an
 * empty directory outside the workspace together with each framework from the registry, and the
 * examples of examples/adapters/ type-checked there and run against a live server: each must show
 * the memory of the first session injected into the second (and the LangChain one its store's item).
 */
import { execFile } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildIfStale } from '../helpers/build.js';
import { newTenant, startTestServer, type TestServer } from '../helpers/server.js';

const run = promisify(execFile);
const root = process.cwd();
const PNPM = ['-y', 'pnpm@10.34.8'];
const ADAPTERS = ['ai-sdk', 'langchain', 'openai-agents'];
/** The framework versions the adapters are tested with (their devDependencies). */
const FRAMEWORKS = [
  'ai@6.0.325',
  'langchain@1.5.14',
  '@langchain/core@1.4.0',
  '@langchain/langgraph@1.7.3',
  '@openai/agents@0.20.0',
  'zod@4.6.7',
];

let server: TestServer;
let dir: string;
beforeAll(async () => {
  server = await startTestServer();
  dir = mkdtempSync(join(tmpdir(), 'hx-adapters-'));
}, 180_000);
afterAll(async () => {
  await server?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

// Packaging does not depend on the database: CI runs it in the embedded stage only (it installs the
// frameworks from the registry, a few minutes), not again in the PostgreSQL stage.
describe.skipIf(Boolean(process.env.DATABASE_URL))(
  'packed @hx-memory/ai-sdk, @hx-memory/langchain, @hx-memory/openai-agents',
  () => {
    it('install outside the workspace with their frameworks; the examples type-check and run', async () => {
      await buildIfStale('contract', ['contract/src']);
      await buildIfStale('sdk', ['sdk/src', 'contract/src']);
      for (const a of ADAPTERS) await buildIfStale(`adapters/${a}`, [`adapters/${a}/src`, 'adapters/core']);

      const tarballs: string[] = [];
      for (const pkg of ['contract', 'sdk', ...ADAPTERS.map((a) => `adapters/${a}`)]) {
        const { stdout } = await run('npx', [...PNPM, 'pack', '--json', '--pack-destination', dir], {
          cwd: join(root, pkg),
          timeout: 120_000,
        });
        const packed = JSON.parse(stdout) as { filename: string; files: { path: string }[] };
        const files = packed.files.map((f) => f.path);
        expect(files).toEqual(
          expect.arrayContaining(['README.md', 'LICENSE', 'package.json', 'dist/index.js', 'dist/index.d.ts']),
        );
        expect(files.some((f) => f.startsWith('src/') || f.startsWith('test/'))).toBe(false);
        tarballs.push(packed.filename.startsWith('/') ? packed.filename : join(dir, packed.filename));
      }

      const app = join(dir, 'app');
      await run('mkdir', ['-p', app]);
      writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'app', private: true, type: 'module' }));
      await run('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error', ...tarballs, ...FRAMEWORKS], {
        cwd: app,
        timeout: 300_000,
      });
      for (const a of ADAPTERS) {
        const manifest = JSON.parse(readFileSync(join(app, `node_modules/@hx-memory/${a}/package.json`), 'utf8')) as {
          dependencies: Record<string, string>;
        };
        // The SDK is the only runtime dependency (the framework is a peer).
        expect(Object.keys(manifest.dependencies)).toEqual(['@hx-memory/sdk']);
        expect(manifest.dependencies['@hx-memory/sdk']).toMatch(/^\d+\.\d+\.\d+/);
        copyFileSync(join(root, `examples/adapters/${a}.ts`), join(app, `${a}.ts`));
      }

      const compilerOptions = {
        noEmit: true,
        strict: true,
        module: 'nodenext',
        target: 'es2022',
        lib: ['es2022', 'dom'],
        types: [],
        skipLibCheck: true,
      };
      writeFileSync(
        join(app, 'tsconfig.json'),
        JSON.stringify({ compilerOptions, files: ADAPTERS.map((a) => `${a}.ts`) }),
      );
      const checked = await run(join(root, 'node_modules/.bin/tsc'), ['-p', app], { cwd: app, timeout: 120_000 }).catch(
        (e: { stdout?: string }) => ({ stdout: e.stdout ?? String(e) }),
      );
      expect(checked.stdout).toBe('');

      for (const a of ADAPTERS) {
        const { apiKey } = await newTenant(server, `packed-${a}`);
        const env = {
          PATH: process.env.PATH ?? '',
          HOME: process.env.HOME ?? dir,
          HX_BASE_URL: server.url,
          HX_API_KEY: apiKey,
        };
        const { stdout } = await run(join(root, 'node_modules/.bin/tsx'), [`${a}.ts`], {
          cwd: app,
          env,
          timeout: 120_000,
        });
        expect(stdout, a).toMatch(
          /^<hx-memory pack="pack_[0-9A-Z]+">\n[\s\S]*Porto[\s\S]*\nsources: [\s\S]*<\/hx-memory>/,
        );
        // The LangGraph store of the LangChain example answers the value put, and finds it.
        if (a === 'langchain') {
          // The value as put (PostgreSQL's jsonb keeps its own key order).
          const got = /store get: (.*)/.exec(stdout)?.[1] ?? '';
          expect(got).toContain("diet: 'vegetarian'");
          expect(got).toContain("city: 'Porto'");
          expect(stdout).toMatch(/store search: preferences \(1\)/);
        }
      }
    }, 600_000);
  },
);

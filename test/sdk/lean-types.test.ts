/**
 * The SDK's published declarations stay lean (docs/decisions/sdk.md): sdk/dist/index.d.ts does not
 * import the contract, ts-rest or zod (the plain types of sdk/src/types.ts stand for them), stays
 * under a line cap, and a 20-line script using the SDK from an empty directory type-checks with a
 * small number of type instantiations. Counts, not times: the checker's count is the same on a busy
 * machine. That the plain types equal the contract's is test/sdk/lean-types.check.ts (typecheck).
 */
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { useTempDir } from '../helpers/index.js';
import { buildIfStale } from '../helpers/build.js';

const root = process.cwd();

/** Before the plain types: 15,926 lines; after: about 2,900. */
const MAX_DECLARATION_LINES = 6_000;
/** Before: 50,584 instantiations for this script; after: 562. */
const MAX_INSTANTIATIONS = 5_000;

const script = `import { Hx, NotFoundError } from '@hx-memory/sdk';

const hx = new Hx({ baseUrl: process.env.HX_BASE_URL, apiKey: process.env.HX_API_KEY });
await hx.capture({ type: 'message', sessionId: 's1', payload: { role: 'user', content: 'I moved to Berlin.' } });
await hx.captureBatch([
  { type: 'message', sessionId: 's1', payload: { role: 'user', content: 'I prefer short answers.' } },
  { type: 'command_exec', sessionId: 's1', payload: { command: 'npm test', exitCode: 1 } },
]);
const job = await hx.learnAndWait({ scope: 'incremental' });
console.log(job.status, job.stats.memoriesCreated);
const pack = await hx.synthesize('Where does the user live?', { maxTokens: 500 });
console.log(pack.context, pack.entries.length);
const { artifacts, pagination } = await hx.listArtifacts({ type: 'profile', limit: 10 });
console.log(artifacts.map((a) => a.title), pagination.hasMore);
for await (const memory of hx.memories.list({ limit: 50 })) console.log(memory.id, memory.kind);
const found = await hx.getArtifact('art_1').catch((e: unknown) => (e instanceof NotFoundError ? null : Promise.reject(e)));
console.log(found?.title);
const usage = await hx.getMetrics({ period: '7d' });
console.log(usage.quota);
// @ts-expect-error a capture needs a sessionId
await hx.capture({ type: 'message', payload: {} });
`;

const tempDir = useTempDir('hx-lean-types-');

describe('lean SDK declarations', () => {
  it('dist/index.d.ts imports neither the contract nor ts-rest nor zod, and stays under the line cap', async () => {
    await buildIfStale('sdk', ['sdk/src', 'contract/src']);
    const dts = readFileSync(join(root, 'sdk/dist/index.d.ts'), 'utf8');
    expect(dts).not.toMatch(/from '(@hx-memory\/contract|@ts-rest\/core|zod)'/);
    expect(dts).not.toMatch(/import\(['"](@hx-memory\/contract|@ts-rest\/core|zod)/);
    const lines = dts.split('\n').length;
    expect(lines, 'sdk/dist/index.d.ts lines').toBeLessThan(MAX_DECLARATION_LINES);
    expect(dts).toContain('type Artifact = {');
    expect(dts).toContain(
      'list(input?: ArtifactsListInput, options?: RequestOptions): PagePromise<Artifact, ArtifactsListData>',
    );
  }, 900_000);

  it('a 20-line script using the SDK from an empty directory type-checks with few instantiations', async () => {
    await buildIfStale('sdk', ['sdk/src', 'contract/src']);
    const dir = tempDir();
    mkdirSync(join(dir, 'node_modules/@hx-memory'), { recursive: true });
    mkdirSync(join(dir, 'node_modules/@types'), { recursive: true });
    // The SDK as installed: its package.json exports point at dist (the source condition is not set).
    symlinkSync(join(root, 'sdk'), join(dir, 'node_modules/@hx-memory/sdk'), 'dir');
    symlinkSync(join(root, 'node_modules/@types/node'), join(dir, 'node_modules/@types/node'), 'dir');
    writeFileSync(join(dir, 'package.json'), '{ "type": "module" }\n');
    writeFileSync(join(dir, 'script.ts'), script);
    const program = ts.createProgram([join(dir, 'script.ts')], {
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
      strict: true,
      skipLibCheck: true,
      noEmit: true,
      types: ['node'],
    });
    const diagnostics = ts
      .getPreEmitDiagnostics(program)
      .map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
    expect(diagnostics).toEqual([]);
    const files = program.getSourceFiles().map((f) => f.fileName);
    expect(files.some((f) => f.includes('/contract/'))).toBe(false);
    expect(files.some((f) => /[\\/]zod[\\/]/.test(f))).toBe(false);
    const instantiations = program.getInstantiationCount();
    expect(instantiations, 'type instantiations of the script').toBeLessThan(MAX_INSTANTIATIONS);
  }, 900_000);
});

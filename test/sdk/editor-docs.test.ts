/**
 * What an editor shows: the TypeScript language service (the engine of VS Code's hovers and
 * signature help) over a file that uses the SDK finds the route's summary on a resource method, and
 * the flat calls' docs on `hx.capture(`, `hx.learn(` and `hx.synthesize(`.
 */
import { join } from 'node:path';
import { contract } from '@hx-memory/contract';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = process.cwd();
const probe = join(root, 'test/sdk/editor-probe.ts');
const text = `import { Hx } from '@hx-memory/sdk';
const hx = new Hx();
hx.learn.getJob({ id: 'job_1' });
hx.memories.forgetSubject({ subjectId: 'u1' });
hx.capture.captureBatch({ events: [] });
hx.capture({ type: 'message', sessionId: 's', payload: {} });
hx.learn({ wait: true });
hx.synthesize('q');
`;

let cached: ts.LanguageService | undefined;
/** One language service for both tests (the program over the SDK and contract sources is the slow part). */
function service(): ts.LanguageService {
  if (cached) return cached;
  const config = ts.readConfigFile(join(root, 'tsconfig.json'), ts.sys.readFile).config;
  const { options } = ts.parseJsonConfigFileContent(config, ts.sys, root);
  const host: ts.LanguageServiceHost = {
    getCompilationSettings: () => options,
    getScriptFileNames: () => [probe],
    getScriptVersion: () => '1',
    getScriptSnapshot: (f) => {
      const content = f === probe ? text : ts.sys.readFile(f);
      return content === undefined ? undefined : ts.ScriptSnapshot.fromString(content);
    },
    getCurrentDirectory: () => root,
    getDefaultLibFileName: ts.getDefaultLibFilePath,
    fileExists: (f) => f === probe || ts.sys.fileExists(f),
    readFile: (f) => (f === probe ? text : ts.sys.readFile(f)),
    readDirectory: ts.sys.readDirectory,
    directoryExists: ts.sys.directoryExists,
    getDirectories: ts.sys.getDirectories,
  };
  cached = ts.createLanguageService(host);
  return cached;
}

const at = (needle: string) => text.indexOf(needle);
const docText = (parts: ts.SymbolDisplayPart[] | undefined) => ts.displayPartsToString(parts);

describe('editor documentation of the SDK', () => {
  it('hovers show the route summary and description on resource methods', () => {
    const ls = service();
    const getJob = ls.getQuickInfoAtPosition(probe, at('getJob'));
    expect(docText(getJob?.documentation)).toContain(contract.learn.getJob.summary);
    expect(docText(getJob?.documentation)).toContain('GET /v1/learn/jobs/:id');
    const forget = ls.getQuickInfoAtPosition(probe, at('forgetSubject'));
    expect(docText(forget?.documentation)).toContain(contract.memories.forgetSubject.summary);
    const batch = ls.getQuickInfoAtPosition(probe, at('captureBatch'));
    expect(docText(batch?.documentation)).toContain(contract.capture.captureBatch.summary);
  }, 60_000);

  it('signature help shows the flat calls with their docs', () => {
    const ls = service();
    const help = (needle: string) => {
      const items = ls.getSignatureHelpItems(probe, at(needle) + needle.length, undefined);
      return items?.items.map((i) => docText(i.documentation)).join('\n') ?? '';
    };
    expect(help('hx.capture(')).toMatch(/^Capture an event/);
    expect(help('hx.learn(')).toMatch(/^Compile memories and artifacts/);
    expect(help('hx.synthesize(')).toMatch(/^A prompt-ready context/);
  }, 60_000);
});

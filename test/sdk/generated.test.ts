/**
 * The SDK's generated files are current: one resource class per contract area with a declared,
 * documented method per route (sdk/src/resources/*.ts), the plain public types printed from the
 * contract (sdk/src/types.ts) with their equality check (test/sdk/lean-types.check.ts), and
 * docs/sdk.md read from that source.
 * Regenerate with `npx tsx sdk/scripts/write.ts`.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { contract } from '@hx-memory/contract';
import { Hx } from '@hx-memory/sdk';
import { describe, expect, it } from 'vitest';
import { renderResources, renderSdkReference, repoRoot, sdkRoot } from '../../sdk/scripts/codegen.js';
import { renderLeanTypes } from '../../sdk/scripts/lean-types.js';

describe('generated SDK resources and reference', () => {
  it('sdk/src/resources/*.ts are generated from the current contract', () => {
    for (const [rel, text] of renderResources()) {
      expect(readFileSync(join(sdkRoot, rel), 'utf8'), `${rel} is stale: run npx tsx sdk/scripts/write.ts`).toBe(text);
    }
  }, 600_000);

  it('sdk/src/types.ts and test/sdk/lean-types.check.ts are printed from the current contract', () => {
    const lean = renderLeanTypes();
    const stale = 'is stale: run npx tsx sdk/scripts/write.ts';
    expect(readFileSync(join(sdkRoot, 'src/types.ts'), 'utf8'), `sdk/src/types.ts ${stale}`).toBe(lean.text);
    expect(readFileSync(join(repoRoot, 'test/sdk/lean-types.check.ts'), 'utf8'), `lean-types.check.ts ${stale}`).toBe(
      lean.check,
    );
    const routes = Object.values(contract).flatMap((area) => Object.keys(area));
    expect(lean.routes).toHaveLength(routes.length);
    expect(lean.named).toEqual(expect.arrayContaining(['Artifact', 'Memory', 'LearnJob', 'SynthesizeResult']));
  }, 600_000);

  it('every route is a method declared on its resource class (not attached at run time), with a doc comment', () => {
    const hx = new Hx({ baseUrl: 'http://127.0.0.1:1' });
    for (const [area, routes] of Object.entries(contract)) {
      const resource = hx[area as keyof Hx] as object;
      for (const name of Object.keys(routes)) {
        expect(Object.hasOwn(resource, name), `${area}.${name} is an own property`).toBe(false);
        expect(typeof (resource as Record<string, unknown>)[name], `${area}.${name}`).toBe('function');
      }
    }
    for (const [rel, text] of renderResources()) {
      const methods = text.match(/^ {2}[a-zA-Z]+\((input|$)/gm) ?? [];
      const documented = text.match(/ {3}\*\/\n {2}[a-zA-Z]+\((input|\n)/g) ?? [];
      expect(documented.length, rel).toBe(methods.length);
    }
  });

  it('docs/sdk.md is generated from the current SDK source', () => {
    const doc = readFileSync(join(repoRoot, 'docs/sdk.md'), 'utf8');
    expect(doc, 'docs/sdk.md is stale: run npx tsx sdk/scripts/write.ts').toBe(renderSdkReference());
    for (const call of ['captureBatch(', 'listArtifacts(', 'getArtifact(', 'getMetrics(', 'hx.learn.getJob(']) {
      expect(doc).toContain(call);
    }
  });
});

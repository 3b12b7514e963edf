/**
 * The examples beside quickstart.ts, each against a live server, in-process and as a script run by
 * tsx as a user would: the chat agent loop, the JSONL bulk import (re-run: replayed, nothing stored
 * twice; a bad line: nothing sent), and the third-party client generated from docs/openapi.json
 * (whose generated types must be current).
 */
import { execFile } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Hx } from '@hx-memory/sdk';
import { describe, expect, it } from 'vitest';
import { bulkImport } from '../../examples/bulk-import.js';
import { chatAgent } from '../../examples/chat-agent.js';
import { openapiRoundTrip } from '../../examples/openapi-client/client.js';
import { renderOpenApiTypes, schemaPath } from '../../examples/scripts/generate-openapi-types.js';
import { newTenant, useTempDir, useTestServer } from '../helpers/index.js';

const root = process.cwd();
const transcript = join(root, 'examples/data/transcript.jsonl');
const server = useTestServer();
const tmp = useTempDir('hx-examples-');

async function script(file: string, apiKey: string, args: string[] = []) {
  const { stdout } = await promisify(execFile)(join(root, 'node_modules/.bin/tsx'), [join(root, file), ...args], {
    env: { PATH: process.env.PATH ?? '', HX_BASE_URL: server.url, HX_API_KEY: apiKey },
    timeout: 120_000,
  });
  return stdout;
}

describe('examples/chat-agent.ts', () => {
  it('captures each turn, learns, and synthesizes the context of the next answer from earlier turns', async () => {
    const { apiKey } = await newTenant(server, 'chat');
    const hx = new Hx({ baseUrl: server.url, apiKey, maxRetries: 0 });
    const lines: string[] = [];
    const turns = await chatAgent(
      [
        'I live in Lisbon and I prefer short answers.',
        'I am allergic to peanuts.',
        'Where do I live, and what should I avoid eating?',
      ],
      { hx, sessionId: 'chat-test', log: (l) => lines.push(l) },
    );
    expect(turns).toHaveLength(3);
    const last = turns[2]!;
    expect(last.context).toMatch(/Lisbon/);
    expect(last.context).toMatch(/peanut/i);
    expect(last.prompt).toContain(last.context);
    expect(lines.join('\n')).toContain('--- prompt');
    // Both sides of every turn were captured.
    const metrics = await hx.getMetrics();
    expect(metrics.usage.events.ingested).toBe(6);
  }, 120_000);

  it('runs as a script', async () => {
    const { apiKey } = await newTenant(server, 'chat-script');
    const stdout = await script('examples/chat-agent.ts', apiKey);
    expect(stdout).toMatch(/--- prompt \(\d+\/800 context tokens\) ---/);
    expect(stdout).toMatch(/peanut/i);
  }, 150_000);
});

describe('examples/bulk-import.ts', () => {
  it('imports a JSONL transcript in batches; a re-run replays every batch and stores nothing twice', async () => {
    const { apiKey } = await newTenant(server, 'import');
    const hx = new Hx({ baseUrl: server.url, apiKey, maxRetries: 0 });
    const lines = readFileSync(transcript, 'utf8').trim().split('\n').length;
    const first = await bulkImport(transcript, { hx, batchSize: 5 });
    expect(first).toEqual({ lines, batches: Math.ceil(lines / 5), ingested: lines, duplicates: 0, replayed: 0 });
    const again = await bulkImport(transcript, { hx, batchSize: 5 });
    expect(again).toMatchObject({ batches: first.batches, ingested: 0, replayed: first.batches });
    expect((await hx.getMetrics()).usage.events.ingested).toBe(lines);

    // Learned from the transcript: a context knows the fix and the office.
    await hx.learn({ wait: true });
    const pack = await hx.synthesize('export fails with permission denied', { maxTokens: 600 });
    expect(pack.context).toMatch(/chown/);
  }, 120_000);

  it('refuses a file with a bad line before sending anything', async () => {
    const { apiKey } = await newTenant(server, 'import-bad');
    const hx = new Hx({ baseUrl: server.url, apiKey, maxRetries: 0 });
    const bad = join(tmp(), 'bad.jsonl');
    const good = readFileSync(transcript, 'utf8').trim().split('\n');
    writeFileSync(
      bad,
      [...good.slice(0, 3), '{"session":"s","role":"robot","content":"x"}', ...good.slice(3)].join('\n'),
    );
    await expect(bulkImport(bad, { hx, batchSize: 2 })).rejects.toThrow(/line 4: role/);
    expect((await hx.getMetrics()).usage.events.ingested).toBe(0);
  });

  it('runs as a script', async () => {
    const { apiKey } = await newTenant(server, 'import-script');
    const stdout = await script('examples/bulk-import.ts', apiKey, [transcript]);
    expect(stdout).toMatch(/^12 lines in 1 batch\(es\): 12 ingested, 0 duplicates, 0 batch\(es\) replayed/);
  }, 60_000);
});

describe('examples/openapi-client (openapi-typescript + openapi-fetch)', () => {
  it('schema.d.ts is generated from the current docs/openapi.json', async () => {
    const current = readFileSync(schemaPath, 'utf8');
    expect(current === (await renderOpenApiTypes()), 'run npx tsx examples/scripts/generate-openapi-types.ts').toBe(
      true,
    );
  }, 60_000);

  it('captures, learns and synthesizes through the generated client; errors are typed envelopes', async () => {
    const { apiKey } = await newTenant(server, 'openapi');
    const result = await openapiRoundTrip(server.url, apiKey);
    expect(result.eventId).toMatch(/^evt_/);
    expect(result.job.status).toBe('completed');
    expect(result.context).toMatch(/Tuesday/);
    expect(result.missing).toEqual({ status: 404, code: 'not_found' });
    const stdout = await script('examples/openapi-client/client.ts', apiKey);
    expect(stdout).toMatch(/learn completed/);
  }, 120_000);
});

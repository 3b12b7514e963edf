/**
 * docs/quickstart.md does what it says, against a live server: its SDK script (run by Node from the
 * examples package, so `@hx-memory/sdk` resolves as in a user's project) and its CLI commands (run
 * by bash with the page's own `alias hx=...` line, in a private HOME) both end in a context that
 * knows what was captured.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, uniqueEmail } from '../helpers/server.js';

const run = promisify(execFile);
const root = process.cwd();
const page = readFileSync(join(root, 'docs/quickstart.md'), 'utf8');
const blocks = [...page.matchAll(/```(\w+)\n([\s\S]*?)```/g)].map((m) => ({ lang: m[1], code: m[2] ?? '' }));

let server: TestServer;
let home: string;
beforeAll(async () => {
  server = await startTestServer();
  home = mkdtempSync(join(tmpdir(), 'hx-quickstart-'));
});
afterAll(async () => {
  await server?.close();
  if (home) rmSync(home, { recursive: true, force: true });
});

describe('docs/quickstart.md', () => {
  it('the SDK script ends in a synthesized context', async () => {
    const code = blocks.find((b) => b.lang === 'js' && b.code.includes("from '@hx-memory/sdk'"))?.code;
    expect(code).toBeDefined();
    const file = join(root, 'examples', `.quickstart-doc-${process.pid}.mjs`);
    writeFileSync(file, code!);
    try {
      const { stdout } = await run(join(root, 'node_modules/.bin/tsx'), ['--conditions=hx-source', file], {
        cwd: join(root, 'examples'),
        env: { PATH: process.env.PATH ?? '', HX_BASE_URL: server.url },
        timeout: 120_000,
      });
      expect(stdout).toMatch(/^learn completed: \d+ memories/);
      expect(stdout).toMatch(/Berlin/);
    } finally {
      rmSync(file, { force: true });
    }
  }, 150_000);

  it('the CLI commands, as written, end in a synthesized context', async () => {
    const alias = blocks.find((b) => b.lang === 'sh' && b.code.startsWith('alias hx='))?.code;
    const session = blocks.find((b) => b.lang === 'sh' && b.code.includes('hx register'))?.code;
    const then = blocks.find((b) => b.lang === 'sh' && b.code.includes('hx artifacts list'))?.code;
    expect(alias && session && then).toBeTruthy();
    // The page's commands, with a fresh e-mail address; `hx import` needs a file of the reader's.
    const commands = [session!.replace('me@example.com', uniqueEmail('quickstart')), then!]
      .join('\n')
      .split('\n')
      .filter((line) => line.trim() && !line.startsWith('hx import'));
    const scriptText = [
      'set -euo pipefail',
      'shopt -s expand_aliases',
      alias!,
      ...commands.map((c) => `echo "+ ${c.replace(/"/g, '\\"')}"\n${c}`),
    ].join('\n');
    const { stdout } = await run('bash', ['-c', scriptText], {
      cwd: root,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: home,
        XDG_CONFIG_HOME: join(home, 'config'),
        XDG_STATE_HOME: join(home, 'state'),
        HX_BASE_URL: server.url,
        HX_PASSWORD: 'a-long-password',
        NO_COLOR: '1',
      },
      timeout: 240_000,
      maxBuffer: 16 * 1024 * 1024,
    });
    const synthesized = stdout.split('+ hx synthesize')[1]?.split('+ hx artifacts')[0] ?? '';
    expect(synthesized).toMatch(/Berlin/);
    expect(stdout).toMatch(/hx_test_[A-Za-z0-9]{32,}/);
  }, 300_000);
});

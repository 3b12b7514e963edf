/**
 * The docs do what they say, against a live server, and print what the text says they print:
 * - README.md's first session (its bash block as written, twice: a second run must work too, and
 *   an unreachable server stops it with an error instead of going on with an empty token);
 * - docs/quickstart.md's SDK script (run by Node from the examples package, so `@hx-memory/sdk`
 *   resolves as in a user's project) and its CLI commands (run by bash with the page's own
 *   `alias hx=...` line, in a private HOME), `hx import` of the sample file included.
 * The examples themselves are run by examples.test.ts and quickstart.test.ts.
 */
import { execFile } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { uniqueEmail, useTempDir, useTestServer } from '../helpers/index.js';

const run = promisify(execFile);
const root = process.cwd();
const page = readFileSync(join(root, 'docs/quickstart.md'), 'utf8');
const blocks = [...page.matchAll(/```(\w+)\n([\s\S]*?)```/g)].map((m) => ({ lang: m[1], code: m[2] ?? '' }));
const readme = readFileSync(join(root, 'README.md'), 'utf8');

const server = useTestServer({}, { timeout: 600_000 });
const home = useTempDir('hx-quickstart-');

/** The first ```sh block of a README section. */
function readmeBlock(heading: string): string {
  const section = readme.slice(readme.indexOf(`## ${heading}`));
  const code = /```sh\n([\s\S]*?)```/.exec(section)?.[1];
  if (!code) throw new Error(`no sh block under "## ${heading}" in README.md`);
  return code;
}

describe('README.md, a first session', () => {
  it('prints ingested, completed and a context about Berlin, and works when run again', async () => {
    const block = readmeBlock('A first session');
    const env = { PATH: process.env.PATH ?? '', HX_BASE_URL: server.url };
    for (const attempt of [1, 2]) {
      const { stdout } = await run('bash', ['-c', block], { cwd: home(), env, timeout: 120_000 });
      const lines = stdout.split('\n');
      expect(lines[0], `run ${attempt}`).toBe('ingested');
      expect(lines[1], `run ${attempt}`).toBe('completed');
      expect(stdout).toMatch(/\[\d{4}-\d\d-\d\d\] User lives in Berlin/);
      expect(stdout).toMatch(/I moved to Berlin last week/);
      expect(lines.filter(Boolean).at(-1)).toMatch(/^account me-\d+-\d+@example\.com, API key hx_test_\w{40}$/);
    }
  }, 300_000);

  it('stops with the error when the server does not answer, before any token is used', async () => {
    const block = readmeBlock('A first session');
    const failed = await run('bash', ['-c', block], {
      cwd: home(),
      env: { PATH: process.env.PATH ?? '', HX_BASE_URL: 'http://127.0.0.1:9' },
      timeout: 60_000,
    }).catch((err: { code: number; stdout: string; stderr: string }) => err);
    expect((failed as { code: number }).code).not.toBe(0);
    expect((failed as { stderr: string }).stderr).toMatch(/error: no answer from the server/);
    expect((failed as { stdout: string }).stdout).toBe('');
  }, 120_000);
});

describe('docs/quickstart.md', () => {
  it('the SDK script prints the learn job, its failure playbook, and a context that keeps "in German"', async () => {
    const code = blocks.find((b) => b.lang === 'js' && b.code.includes("from '@hx-memory/sdk'"))?.code;
    expect(code).toBeDefined();
    const file = join(root, 'examples', `.quickstart-doc-${process.pid}.mjs`);
    writeFileSync(file, code!);
    try {
      const started = Date.now();
      const { stdout } = await run(join(root, 'node_modules/.bin/tsx'), ['--conditions=hx-source', file], {
        cwd: join(root, 'examples'),
        env: { PATH: process.env.PATH ?? '', HX_BASE_URL: server.url },
        timeout: 120_000,
      });
      console.log(`quickstart SDK script: ${Date.now() - started} ms`);
      // What the page says it prints.
      expect(stdout).toMatch(/^learn completed: 6 memories; artifacts: .*\bprofile\b/);
      for (const type of ['session_summary', 'timeline', 'digest', 'failure_playbook']) {
        expect(stdout.split('\n')[0]).toContain(type);
      }
      expect(stdout).toMatch(/User lives in Berlin/);
      expect(stdout).toMatch(/User prefers short answers in German/);
    } finally {
      rmSync(file, { force: true });
    }
  }, 150_000);

  it('the CLI commands, as written, learn a procedure and a playbook and end in a context', async () => {
    const alias = blocks.find((b) => b.lang === 'sh' && b.code.startsWith('alias hx='))?.code;
    const session = blocks.find((b) => b.lang === 'sh' && b.code.includes('hx register'))?.code;
    const then = blocks.find((b) => b.lang === 'sh' && b.code.includes('hx artifacts list'))?.code;
    expect(alias && session && then).toBeTruthy();
    // The page's commands, with a fresh e-mail address (the reader types their own).
    const commands = [session!.replace('me@example.com', uniqueEmail('quickstart')), then!]
      .join('\n')
      .split('\n')
      .filter((line) => line.trim());
    const scriptText = [
      'set -euo pipefail',
      'shopt -s expand_aliases',
      alias!,
      ...commands.map((c) => `echo "+ ${c.replace(/"/g, '\\"')}"\n${c}`),
    ].join('\n');
    const started = Date.now();
    const { stdout } = await run('bash', ['-c', scriptText], {
      cwd: root,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: home(),
        XDG_CONFIG_HOME: join(home(), 'config'),
        XDG_STATE_HOME: join(home(), 'state'),
        HX_BASE_URL: server.url,
        HX_PASSWORD: 'a-long-password',
        NO_COLOR: '1',
      },
      timeout: 400_000,
      maxBuffer: 16 * 1024 * 1024,
    });
    console.log(`quickstart CLI commands: ${Date.now() - started} ms`);
    const section = (from: string, to: string) => stdout.split(`+ hx ${from}`)[1]?.split(`+ hx ${to}`)[0] ?? '';
    expect(stdout).toMatch(/hx_test_[A-Za-z0-9]{32,}/);
    expect(section('learn', 'synthesize')).toMatch(/failure_playbook 1/);
    expect(section('synthesize', 'artifacts')).toMatch(/Berlin/);
    expect(section('synthesize', 'artifacts')).toMatch(/in German/);
    expect(section('artifacts list', 'memories')).toMatch(/failure_playbook/);
    expect(section('memories list', 'usage')).toMatch(/procedure/);
    expect(section('memories list', 'usage')).toMatch(/German/);
    expect(section('import', '')).toMatch(/ingested\s+│ 13 /);
  }, 450_000);
});

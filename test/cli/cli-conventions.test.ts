/**
 * The conventions every `hx` command keeps, checked on the real process: exit code 2 for usage errors
 * (with a JSON envelope on stderr under --json), secrets refused on argv and taken from stdin, capture
 * from stdin (an empty message refused), no ANSI codes in a pipe or with NO_COLOR, an example in
 * every --help, and docs/cli.md generated from the command tree.
 */
import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderCliReference } from '../../cli/src/docs.js';
import { examplesOf } from '../../cli/src/help.js';
import { buildProgram } from '../../cli/src/program.js';
import { useTestServer } from '../helpers/server.js';
import { type HxHome, hx, json, signedUpHome, spawnHx } from './run-hx.js';

const server = useTestServer({}, { timeout: 600_000 });
let home: HxHome;
const ESC = '\u001b[';
const hasAnsi = (text: string) => text.includes(ESC);

beforeAll(async () => ({ home } = await signedUpHome(server.url, 'cli-conv')), 600_000);

describe('hx conventions', () => {
  it('usage errors exit 2: unknown flag or command, missing argument, bad option value', async () => {
    const runs = await Promise.all([
      hx(home, ['memories', 'list', '--bogus']),
      hx(home, ['nonsense']),
      hx(home, ['memories', 'get']),
      hx(home, ['capture', '--session', 's1', '--type', 'not-a-type', 'hi']),
      hx(home, ['memories', 'list', '--limit', 'many']),
    ]);
    for (const run of runs) {
      expect(run.code, run.stderr).toBe(2);
      expect(run.stdout).toBe('');
      expect(run.stderr).toMatch(/error: /);
    }
    const asJson = await hx(home, ['memories', 'get', '--json']);
    expect(asJson.code).toBe(2);
    expect(asJson.stdout).toBe('');
    expect(JSON.parse(asJson.stderr)).toEqual({
      ok: false,
      error: { code: 'usage_error', message: expect.stringMatching(/missing required argument 'id'/) },
    });
  }, 600_000);

  it('--json API errors go to stderr as an envelope, exit 1, nothing on stdout', async () => {
    const run = await hx(home, ['memories', 'get', 'mem_01JD8Z0000000000000000000', '--json']);
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    expect(JSON.parse(run.stderr)).toMatchObject({
      ok: false,
      error: { code: 'not_found', status: 404, requestId: expect.any(String) },
    });
  }, 600_000);

  it('refuses secrets on argv (exit 2, nothing sent) and takes them from stdin', async () => {
    const vault = await hx(home, ['vault', 'create', 'cli-secrets', '--json']);
    expect(vault.code, vault.stderr).toBe(0);
    const vaultId = json<{ id: string }>(vault).id;
    const refused = await Promise.all([
      hx(home, ['vault', 'put', vaultId, 'api-token', 's3cret-on-argv']),
      hx(home, ['vault', 'put', vaultId, 'api-token', '--value', 's3cret-on-argv']),
      hx(home, ['login', '--email', 'a@example.com', '--password', 's3cret-on-argv']),
      hx(home, ['--token', 's3cret-on-argv', 'whoami']),
      hx(home, ['--api-key', 's3cret-on-argv', 'memories', 'list']),
    ]);
    for (const run of refused) {
      expect(run.code, run.stderr).toBe(2);
      expect(run.stderr).toMatch(/refused/);
    }
    const items = json<unknown[]>(await hx(home, ['vault', 'items', vaultId, '--json']));
    expect(items).toEqual([]);

    const put = await hx(home, ['vault', 'put', vaultId, 'api-token', '--value-stdin', '--json'], {
      input: 'from-stdin-value\n',
    });
    expect(put.code, put.stderr).toBe(0);
    const itemId = json<{ id: string }>(put).id;
    const dash = await hx(home, ['vault', 'put', vaultId, 'db-password', '-'], { input: 'dash-value' });
    expect(dash.code, dash.stderr).toBe(0);
    const reveal = await hx(home, ['vault', 'reveal', vaultId, itemId]);
    expect(reveal.stdout).toBe('from-stdin-value');
    const empty = await hx(home, ['vault', 'put', vaultId, 'empty', '--value-stdin'], { input: '' });
    expect(empty.code).toBe(2);

    const updated = await hx(home, ['vault', 'update', vaultId, '--sensitivity', 'high', '--unshare', '--json']);
    expect(updated.code, updated.stderr).toBe(0);
    expect(json<{ sensitivity: string; organizationId: null }>(updated)).toMatchObject({
      sensitivity: 'high',
      organizationId: null,
    });
    const nothing = await hx(home, ['vault', 'update', vaultId]);
    expect(nothing.code).toBe(2);
  }, 600_000);

  it('capture reads the message from stdin when no argument is given and refuses an empty one', async () => {
    const [piped, empty, blank] = await Promise.all([
      hx(home, ['capture', '--session', 'stdin-s', '--json'], { input: 'Deploys go out on Tuesdays.\n' }),
      hx(home, ['capture', '--session', 'stdin-s']),
      hx(home, ['capture', '--session', 'stdin-s', '--json'], { input: '  \n' }),
    ]);
    expect(piped.code, piped.stderr).toBe(0);
    const { eventId } = json<{ eventId: string }>(piped);
    const [row] = await server.ctx.database.rows<{ payload: { content: string } }>(
      sql`select payload from events where id = ${eventId}`,
    );
    expect(row?.payload.content).toBe('Deploys go out on Tuesdays.');
    for (const run of [empty, blank]) expect(run.code).toBe(2);
    expect(empty.stderr).toMatch(/empty/);
    expect(JSON.parse(blank.stderr).error.code).toBe('usage_error');
  }, 600_000);

  it('prints no ANSI codes into a pipe or with NO_COLOR; colours only when forced', async () => {
    const args = ['memories', 'list', '--subject', 'nobody-here'];
    const [piped, noColor, flag, forced, forcedNoColor, error] = await Promise.all([
      hx(home, args),
      hx(home, args, { env: { NO_COLOR: '1', FORCE_COLOR: '1' } }),
      hx(home, ['--no-color', ...args], { env: { FORCE_COLOR: '1' } }),
      hx(home, args, { env: { FORCE_COLOR: '1' } }),
      hx(home, ['keys', 'list'], { env: { FORCE_COLOR: '1', NO_COLOR: '1' } }),
      hx(home, ['memories', 'get', 'mem_01JD8Z0000000000000000000']),
    ]);
    // The forced run proves the command does colour its output: the others must not.
    expect(hasAnsi(forced.stdout)).toBe(true);
    for (const run of [piped, noColor, flag, forcedNoColor, error]) {
      expect(hasAnsi(run.stdout)).toBe(false);
      expect(hasAnsi(run.stderr)).toBe(false);
    }
    expect(error.stderr).toMatch(/^error: not_found/);
  }, 600_000);

  it('exits quietly when the reader of its output goes away (`hx ... | head`)', async () => {
    // The pipe is closed before the process writes, so every write fails with EPIPE.
    for (const args of [['--help'], ['memories', 'list', '--json']]) {
      const child = spawnHx(home, args);
      child.stdout?.destroy();
      let stderr = '';
      child.stderr?.on('data', (chunk: Buffer) => {
        stderr += chunk.toString();
      });
      const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
      expect(stderr, args.join(' ')).toBe('');
      expect(code, args.join(' ')).toBe(0);
    }
  });

  it('every command has an example in its --help', async () => {
    const missing: string[] = [];
    type Node = ReturnType<typeof buildProgram>;
    const walk = (command: Node, path: string) => {
      if (examplesOf(command).length === 0) missing.push(path);
      for (const sub of command.commands) walk(sub, `${path} ${sub.name()}`);
    };
    walk(buildProgram(), 'hx');
    expect(missing).toEqual([]);
    const help = await hx(home, ['lifecycle', 'update', '--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/Examples:\n {2}\$ hx lifecycle update/);
  }, 600_000);

  it('docs/cli.md is generated from the current command tree (pnpm run docs:cli)', () => {
    expect(readFileSync('docs/cli.md', 'utf8')).toBe(renderCliReference());
  });
});

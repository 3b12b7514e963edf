/**
 * Runs the `hx` CLI as a real process, from source as `npm test` has no build step: the same entry
 * point, cli/src/main.ts, that the package's bin is built from, bundled once per run by the global
 * setup (bundle-hx.ts); the commands that start the server run through tsx. A private HOME and config
 * folder per test keep profiles apart.
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, inject } from 'vitest';
import { uniqueEmail } from '../helpers/fixtures.js';

const root = process.cwd();
const tsx = join(root, 'node_modules/.bin/tsx');
const main = join(root, 'cli/src/main.ts');
/** Commands that load @hx-memory/server, which the bundle leaves out (bundle-hx.ts says why). */
const SERVER_COMMANDS = new Set(['serve', 'migrate', 'worker']);

/** The program and arguments that run `hx args`. */
export function hxCommand(args: string[]): [string, string[]] {
  if (SERVER_COMMANDS.has(args[0] ?? '') && !args.includes('--help')) return [tsx, [main, ...args]];
  return [process.execPath, [inject('hxBundle'), ...args]];
}

export interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

export interface HxHome {
  dir: string;
  configDir: string;
  env: Record<string, string>;
}

/** The homes this test file made, removed after its tests (a CI run made hundreds under /tmp). */
const homes: string[] = [];
afterAll(() => {
  for (const dir of homes.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A fresh HOME (and XDG config and state folders inside it) for one test's profiles and checkpoints. */
export function newHome(url: string): HxHome {
  const dir = mkdtempSync(join(tmpdir(), 'hx-cli-'));
  homes.push(dir);
  return {
    dir,
    configDir: join(dir, 'config', 'hx'),
    env: {
      HOME: dir,
      XDG_CONFIG_HOME: join(dir, 'config'),
      XDG_STATE_HOME: join(dir, 'state'),
      HX_URL: url,
    },
  };
}

function childEnv(home: HxHome, env: Record<string, string>): NodeJS.ProcessEnv {
  // Only what the test names: no DATABASE_URL, HX_* or colour settings leak in from the runner.
  return { PATH: process.env.PATH ?? '', TERM: 'xterm-256color', ...home.env, ...env };
}

/** Runs `hx args` to completion; `input` is piped to stdin (an empty, closed stdin otherwise). */
export function hx(
  home: HxHome,
  args: string[],
  opts: { env?: Record<string, string>; input?: string } = {},
): Promise<Run> {
  return new Promise((resolve) => {
    const [program, argv] = hxCommand(args);
    const child = execFile(
      program,
      argv,
      { cwd: root, env: childEnv(home, opts.env ?? {}), timeout: 300_000, maxBuffer: 16 * 1024 * 1024 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
    child.stdin?.end(opts.input ?? '');
  });
}

/** Starts `hx args` and leaves it running (for --follow); the caller reads its output and stops it. */
export function spawnHx(home: HxHome, args: string[], env: Record<string, string> = {}): ChildProcess {
  const [program, argv] = hxCommand(args);
  return spawn(program, argv, { cwd: root, env: childEnv(home, env), stdio: ['pipe', 'pipe', 'pipe'] });
}

/** JSON of a run's stdout, with the run in the message when it is not JSON. */
export function json<T = Record<string, unknown>>(run: Run): T {
  try {
    return JSON.parse(run.stdout) as T;
  } catch {
    throw new Error(`not JSON (exit ${run.code}):\nstdout: ${run.stdout}\nstderr: ${run.stderr}`);
  }
}

/** Asserts the run exited 0 (stderr in the failure message) and answers its JSON output. */
export function ok<T = Record<string, unknown>>(run: Run): T {
  expect(run.code, `exit ${run.code}: ${run.stderr}`).toBe(0);
  return json<T>(run);
}

/** Registers a fresh user in the home's default profile (password piped) and saves an API key there. */
export async function signUp(home: HxHome, email: string, password = 'correct-horse-battery') {
  const registered = await hx(home, ['register', '--email', email, '--password-stdin', '--json'], {
    input: `${password}\n`,
  });
  if (registered.code !== 0) throw new Error(`register failed: ${registered.stderr}`);
  const key = await hx(home, ['keys', 'create', 'cli test', '--save', '--json']);
  if (key.code !== 0) throw new Error(`keys create failed: ${key.stderr}`);
  return { user: json<{ id: string; tenantId: string }>(registered), apiKey: json<{ key: string }>(key).key };
}

/** A fresh home on the server at `url`, signed up as a new user (`tag` in its e-mail) with a saved API key. */
export async function signedUpHome(url: string, tag: string) {
  const home = newHome(url);
  const { user, apiKey } = await signUp(home, uniqueEmail(tag));
  return { home, tenantId: user.tenantId, apiKey };
}

/**
 * What a new user of `hx` meets in the first hour, as a real process against a test server: errors
 * that name the fix (the flag, the variable, the command), destructive commands that ask on a
 * terminal and refuse without one unless --yes, tables that fit the terminal, and `hx import` reading
 * stdin and reporting a re-import as replayed.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTestServer, uniqueEmail } from '../helpers/server.js';
import { type HxHome, hx, hxCommand, json, newHome, signUp } from './run-hx.js';

const root = process.cwd();
const sample = join(root, 'examples/data/capture-events.jsonl');

const server = useTestServer({}, { timeout: 600_000 });

/** Every line of a table within `width` columns. */
function expectFits(stdout: string, width: number) {
  const wide = stdout.split('\n').filter((line) => line.length > width);
  expect(wide, `lines wider than ${width}`).toEqual([]);
}

/**
 * Runs `hx args` on a pseudo-terminal (util-linux `script`), answering `answer` once the y/N
 * question shows; answers the exit code and everything the terminal showed.
 */
function onTerminal(home: HxHome, args: string[], answer: string): Promise<{ code: number; screen: string }> {
  return new Promise((resolve) => {
    const [program, argv] = hxCommand(args);
    const command = [program, ...argv].join(' ');
    const child = spawn('script', ['-qec', command, '/dev/null'], {
      cwd: root,
      env: { PATH: process.env.PATH ?? '', TERM: 'dumb', NO_COLOR: '1', ...home.env },
    });
    let screen = '';
    let answered = false;
    child.stdout.on('data', (chunk: Buffer) => {
      screen += chunk.toString();
      if (!answered && screen.includes('[y/N]')) {
        answered = true;
        child.stdin.write(`${answer}\n`);
      }
    });
    child.on('close', (code) => resolve({ code: code ?? 1, screen }));
  });
}

describe('hx, the first hour', () => {
  it('errors name the fix: the password, a taken e-mail, a refused key, a route that needs a session', async () => {
    const home = newHome(server.url);
    const email = uniqueEmail('first-hour');
    // No terminal, no --password-stdin, no HX_PASSWORD.
    const noPassword = await hx(home, ['register', '--email', email]);
    expect(noPassword.code).toBe(2);
    expect(noPassword.stderr).toMatch(/password is empty/);
    expect(noPassword.stderr).toMatch(/--password-stdin/);
    expect(noPassword.stderr).toMatch(/HX_PASSWORD/);

    await signUp(home, email);
    const again = await hx(home, ['register', '--email', email, '--password-stdin'], { input: 'another-password\n' });
    expect(again.code).toBe(1);
    expect(again.stderr).toContain(`hx login --email ${email}`);

    const badKey = await hx(home, ['usage'], { env: { HX_API_KEY: `hx_test_${'x'.repeat(40)}` } });
    expect(badKey.code).toBe(1);
    expect(badKey.stderr).toMatch(/hint: the API key of HX_API_KEY was refused: create one with `hx keys create/);

    const whoami = await hx(home, ['whoami'], { env: { COLUMNS: '80' } });
    expect(whoami.code, whoami.stderr).toBe(0);
    expect(whoami.stdout).toContain(email);
    expect(whoami.stdout).toMatch(/plan\s+│ enterprise/);
    expect(whoami.stdout).not.toMatch(/[{}"]/);
    expectFits(whoami.stdout, 80);

    expect((await hx(home, ['logout'])).code).toBe(0);
    const afterLogout = await hx(home, ['whoami']);
    expect(afterLogout.code).toBe(1);
    expect(afterLogout.stderr).toContain(
      `this command needs a session (an API key is not enough): run \`hx login --email ${email}\``,
    );
  }, 300_000);

  it('destructive commands refuse without a terminal unless --yes, and ask on one', async () => {
    const home = newHome(server.url);
    await signUp(home, uniqueEmail('first-hour-yes'));
    const created = json<{ id: string }>(await hx(home, ['keys', 'create', 'victim', '--json']));
    const refused = await hx(home, ['keys', 'revoke', created.id]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/revoke API key .* needs confirmation: pass --yes/);
    const forget = await hx(home, ['forget', 'user-1']);
    expect(forget.code).toBe(2);
    expect(forget.stderr).toMatch(/--yes/);

    const no = await onTerminal(home, ['keys', 'revoke', created.id], 'n');
    expect(no.screen).toMatch(/Revoke API key .*\[y\/N\]/);
    expect(no.screen).toMatch(/cancelled, nothing was changed/);
    expect(no.code).toBe(1);
    const listed = json<{ id: string; revokedAt: string | null }[]>(await hx(home, ['keys', 'list', '--json']));
    expect(listed.find((k) => k.id === created.id)?.revokedAt ?? null).toBeNull();

    const yes = await onTerminal(home, ['keys', 'revoke', created.id], 'y');
    expect(yes.code, yes.screen).toBe(0);
    const withYes = await hx(home, ['forget', 'user-1', '--yes', '--json']);
    expect(withYes.code, withYes.stderr).toBe(0);
    const after = json<{ id: string; revokedAt: string | null }[]>(await hx(home, ['keys', 'list', '--json']));
    expect(after.find((k) => k.id === created.id)?.revokedAt).toBeTruthy();
  }, 300_000);

  it('imports the sample file from stdin, reports a re-import as replayed, and fits learn and memories to the terminal', async () => {
    const home = newHome(server.url);
    await signUp(home, uniqueEmail('first-hour-import'));
    const missing = await hx(home, ['import', 'transcript.jsonl']);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/cannot read transcript\.jsonl: no such file .*or - for stdin/);

    const { readFileSync } = await import('node:fs');
    const lines = readFileSync(sample, 'utf8').trim().split('\n').length;
    const first = await hx(home, ['import', '-', '--json'], { input: readFileSync(sample, 'utf8') });
    expect(first.code, first.stderr).toBe(0);
    expect(json(first)).toMatchObject({ file: 'stdin', total: lines, ingested: lines, replayed: 0, duplicates: 0 });
    const again = await hx(home, ['import', sample]);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stderr).toContain(`all ${lines} events replayed, nothing new stored`);
    expect(again.stdout).toMatch(/ingested\s+│ 0 /);
    expect(again.stdout).toMatch(new RegExp(`replayed\\s+│ ${lines} `));

    const learned = await hx(home, ['learn', '--wait'], { env: { COLUMNS: '80' } });
    expect(learned.code, learned.stderr).toBe(0);
    expect(learned.stdout).toMatch(/memories\s+│ \d+ created/);
    expect(learned.stdout).toMatch(/failure_playbook 1/);
    expectFits(learned.stdout, 80);
    const memories = await hx(home, ['memories', 'list'], { env: { COLUMNS: '100' } });
    expect(memories.code, memories.stderr).toBe(0);
    expectFits(memories.stdout, 100);
    expect(memories.stdout).toMatch(/in German/);
  }, 300_000);
});

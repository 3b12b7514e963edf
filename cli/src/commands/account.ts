/** `hx health`, `hx register`, `hx login`, `hx logout`, `hx whoami`: the deployment and the session. */
import { Hx } from '@hx-memory/sdk';
import type { Command } from 'commander';
import { configPath, writeConfig } from '../config-store.js';
import { action, clientFor, globalOptions, print, resolveSettings } from '../context.js';

async function readPassword(explicit?: string): Promise<string> {
  if (explicit) return explicit;
  if (process.env.HX_PASSWORD) return process.env.HX_PASSWORD;
  if (!process.stdin.isTTY) {
    const chunks: Buffer[] = [];
    for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString('utf8').trim();
  }
  const { createInterface } = await import('node:readline/promises');
  const rl = createInterface({ input: process.stdin, output: process.stderr });
  try {
    return (await rl.question('password: ')).trim();
  } finally {
    rl.close();
  }
}

export function registerAccount(program: Command): void {
  program
    .command('health')
    .description('show the health of the server (exit code 1 when it is down)')
    .action(
      action(async (_options: unknown, command: Command) => {
        const url = resolveSettings(globalOptions(command)).url;
        const health = await new Hx({ baseUrl: url, maxRetries: 0 }).health().catch((err: unknown) => {
          // 503 answers the health object too: show it rather than a bare error.
          const body = (err as { body?: unknown }).body;
          if (body && typeof body === 'object' && 'status' in body) return body as { status: string };
          throw err;
        });
        print(command, health);
        if (health.status === 'down') process.exitCode = 1;
      }),
    );

  const session = (
    command: Command,
    email: string,
    data: { tokens: { accessToken: string; refreshToken: string } },
  ) => {
    const url = resolveSettings(globalOptions(command)).url;
    const path = writeConfig({
      url,
      email,
      accessToken: data.tokens.accessToken,
      refreshToken: data.tokens.refreshToken,
    });
    if (!globalOptions(command).json) process.stderr.write(`saved the session to ${path}\n`);
  };

  program
    .command('register')
    .description('create an account (and its tenant) and save the session')
    .requiredOption('-e, --email <email>', 'e-mail address')
    .option('--password <password>', 'password (else HX_PASSWORD, stdin or a prompt)')
    .option('--name <name>', 'display name')
    .action(
      action(async (options: { email: string; password?: string; name?: string }, command: Command) => {
        const data = await clientFor(command).auth.register({
          email: options.email,
          password: await readPassword(options.password),
          name: options.name,
        });
        session(command, options.email, data);
        print(command, globalOptions(command).json ? data : data.user);
      }),
    );

  program
    .command('login')
    .description('log in and save the access token to ~/.config/hx/config.json (mode 0600)')
    .requiredOption('-e, --email <email>', 'e-mail address')
    .option('--password <password>', 'password (else HX_PASSWORD, stdin or a prompt)')
    .action(
      action(async (options: { email: string; password?: string }, command: Command) => {
        const data = await clientFor(command).auth.login({
          email: options.email,
          password: await readPassword(options.password),
        });
        session(command, options.email, data);
        print(command, globalOptions(command).json ? data : data.user);
      }),
    );

  program
    .command('logout')
    .description('revoke the saved refresh token and forget the session')
    .action(
      action(async (_options: unknown, command: Command) => {
        const { readConfig } = await import('../config-store.js');
        const stored = readConfig();
        if (stored.refreshToken) {
          await clientFor(command)
            .auth.logout({ refreshToken: stored.refreshToken })
            .catch(() => undefined);
        }
        writeConfig({ accessToken: undefined, refreshToken: undefined });
        print(command, { loggedOut: true, config: configPath() });
      }),
    );

  program
    .command('whoami')
    .description('show the user of the saved or given access token')
    .action(
      action(async (_options: unknown, command: Command) => {
        print(command, await clientFor(command).auth.me());
      }),
    );
}

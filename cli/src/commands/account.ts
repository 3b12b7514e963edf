/**
 * `hx health`, `hx register`, `hx login`, `hx logout`, `hx whoami`: the deployment and the session
 * of the current profile. Passwords and keys come from a hidden prompt, stdin or HX_PASSWORD, never argv.
 */
import { Hx } from '@hx-memory/sdk';
import type { Command } from 'commander';
import { readProfile, writeProfile } from '../config-store.js';
import { action, clientFor, settingsOf } from '../context.js';
import { CliError, UsageError } from '../errors.js';
import { withExamples } from '../help.js';
import { readSecret, refuseSecretOption } from '../input.js';
import { isJson, print, success } from '../output.js';

const PASSWORD_WAYS = 'pipe it with --password-stdin, set HX_PASSWORD, or run the command on a terminal to be asked';
const password = async (): Promise<string> =>
  process.env.HX_PASSWORD || readSecret('password', { instead: PASSWORD_WAYS });

export function registerAccount(program: Command): void {
  const health = program
    .command('health')
    .description('show the health of the server (exit code 1 when it is down)')
    .action(
      action(async (_options: unknown, command: Command) => {
        const { url } = settingsOf(command);
        const status = await new Hx({ baseUrl: url, maxRetries: 0 }).health().catch((err: unknown) => {
          // 503 answers the health object too: show it rather than a bare error.
          const body = (err as { body?: unknown }).body;
          if (body && typeof body === 'object' && 'status' in body) return body as { status: string };
          throw err;
        });
        print(status);
        if (status.status === 'down') process.exitCode = 1;
      }),
    );
  withExamples(health, 'hx health', 'hx health --url https://hx.example.com --json');

  /** Saves a new session (and the server it came from) into the profile. */
  const saveSession = (command: Command, email: string, tokens: { accessToken: string; refreshToken: string }) => {
    const s = settingsOf(command);
    writeProfile(s.profile, {
      settings: { url: s.url, email },
      credentials: { accessToken: tokens.accessToken, refreshToken: tokens.refreshToken },
    });
    success(`logged in as ${email} (profile ${s.profile})`);
  };

  const register = program
    .command('register')
    .description('create an account (and its tenant) and save the session in the profile')
    .requiredOption('-e, --email <email>', 'e-mail address')
    .option('--name <name>', 'display name')
    .option('--password-stdin', 'read the password from stdin (else HX_PASSWORD or a hidden prompt)')
    .action(
      action(async (options: { email: string; name?: string; passwordStdin?: boolean }, command: Command) => {
        const secret = options.passwordStdin
          ? await readSecret('password', {
              fromStdin: true,
              instead: 'pipe it, e.g. `printenv PASSWORD | hx ...`, or set HX_PASSWORD',
            })
          : await password();
        const data = await clientFor(command).auth.register({
          email: options.email,
          password: secret,
          name: options.name,
        });
        saveSession(command, options.email, data.tokens);
        print(data.user);
      }),
    );
  refuseSecretOption(
    register,
    '--password <password>',
    'type it at the prompt, pipe it with --password-stdin, or set HX_PASSWORD',
  );
  withExamples(
    register,
    'hx register --email ops@example.com --name "Ops"',
    'hx register -e ci@example.com --password-stdin < password.txt',
  );

  const login = program
    .command('login')
    .description(
      'log in and save the session in the profile (refreshed automatically); or save an API key or operator token',
    )
    .option('-e, --email <email>', 'e-mail address (password from a hidden prompt, stdin or HX_PASSWORD)')
    .option('--password-stdin', 'read the password from stdin')
    .option('--with-api-key', 'save an API key for the core commands instead (read from a hidden prompt or stdin)')
    .option('--with-operator-token', 'save the deployment’s OPERATOR_TOKEN for `hx admin` (hidden prompt or stdin)')
    .action(
      action(
        async (
          options: { email?: string; passwordStdin?: boolean; withApiKey?: boolean; withOperatorToken?: boolean },
          command: Command,
        ) => {
          const s = settingsOf(command);
          if (options.withApiKey || options.withOperatorToken) {
            if (options.email)
              throw new UsageError('--email cannot be combined with --with-api-key or --with-operator-token');
            const which = options.withApiKey ? 'apiKey' : 'operatorToken';
            const value = await readSecret(options.withApiKey ? 'API key' : 'operator token', {
              instead: `pipe it, e.g. \`printenv ${options.withApiKey ? 'HX_KEY' : 'OPERATOR_TOKEN'} | hx login ${options.withApiKey ? '--with-api-key' : '--with-operator-token'}\``,
            });
            writeProfile(s.profile, { settings: { url: s.url }, credentials: { [which]: value } });
            success(`saved the ${options.withApiKey ? 'API key' : 'operator token'} in profile ${s.profile}`);
            print({ profile: s.profile, url: s.url, saved: which });
            return;
          }
          if (!options.email) throw new UsageError('--email is required (or --with-api-key / --with-operator-token)');
          const secret = options.passwordStdin
            ? await readSecret('password', {
                fromStdin: true,
                instead: 'pipe it, e.g. `printenv PASSWORD | hx ...`, or set HX_PASSWORD',
              })
            : await password();
          const data = await clientFor(command).auth.login({ email: options.email, password: secret });
          saveSession(command, options.email, data.tokens);
          print(data.user);
        },
      ),
    );
  refuseSecretOption(
    login,
    '--password <password>',
    'type it at the prompt, pipe it with --password-stdin, or set HX_PASSWORD',
  );
  withExamples(
    login,
    'hx login --email ops@example.com',
    'hx --profile staging --url https://hx.staging.example.com login -e ops@example.com',
    'printenv HX_KEY | hx login --with-api-key',
  );

  const logout = program
    .command('logout')
    .description('revoke the saved refresh token and forget the session of the profile')
    .action(
      action(async (_options: unknown, command: Command) => {
        const s = settingsOf(command);
        const { refreshToken } = readProfile(s.profile).credentials;
        if (refreshToken) {
          await clientFor(command, { maxRetries: 0 })
            .auth.logout({ refreshToken })
            .catch(() => undefined);
        }
        writeProfile(s.profile, { credentials: { accessToken: undefined, refreshToken: undefined } });
        success(`logged out of profile ${s.profile}`);
        print({ profile: s.profile, loggedOut: true });
      }),
    );
  withExamples(logout, 'hx logout', 'hx --profile staging logout');

  const whoami = program
    .command('whoami')
    .description('show the user of the profile’s session (or of HX_TOKEN)')
    .action(
      action(async (_options: unknown, command: Command) => {
        // No session at all (e.g. after `hx logout`): say so here, rather than send the profile's API
        // key and show the server's "API keys are not accepted".
        const s = settingsOf(command);
        const profile = readProfile(s.profile);
        const { accessToken, refreshToken } = profile.credentials;
        if (!accessToken && !refreshToken && !process.env.HX_ACCESS_TOKEN && !process.env.HX_TOKEN) {
          const login = `hx login --email ${profile.settings.email ?? '<you@example.com>'}`;
          throw new CliError(
            `not logged in (profile ${s.profile} has no session); this command needs a session (an API key is not enough): run \`${login}\`, or set HX_ACCESS_TOKEN`,
            'not_logged_in',
          );
        }
        // One row per field: the user's fields and the plan, never an object as JSON in a cell.
        const me = await clientFor(command).auth.me();
        if (isJson()) print(me);
        else {
          const { user, ...rest } = me;
          print({ ...user, ...rest });
        }
      }),
    );
  withExamples(whoami, 'hx whoami', 'hx whoami --json');
}

/**
 * What every command shares: the profile and global options resolved into settings (flags, then
 * environment, then the saved profile) and an SDK client that refreshes a saved session by itself.
 */
import { Hx, HxError } from '@hx-memory/sdk';
import { Command } from 'commander';
import { DEFAULT_PROFILE, currentProfileName, isValidProfileName, readProfile } from './config-store.js';
import { UsageError } from './errors.js';
import { reportError } from './output.js';
import { refreshingFetch } from './session-refresh.js';

export const DEFAULT_URL = 'http://localhost:8080';

export interface GlobalOptions {
  url?: string;
  profile?: string;
  org?: string;
  json?: boolean;
  color?: boolean;
}

export function globalOptions(command: Command): GlobalOptions {
  return command.optsWithGlobals() as GlobalOptions;
}

/** --profile, then HX_PROFILE, then the profile chosen with `hx profiles use`, then "default". */
export function profileName(options: GlobalOptions): string {
  const name = options.profile ?? process.env.HX_PROFILE ?? currentProfileName() ?? DEFAULT_PROFILE;
  if (!isValidProfileName(name)) {
    throw new UsageError(`invalid profile name "${name}": letters, digits, _ . - (at most 64)`);
  }
  return name;
}

export interface Settings {
  profile: string;
  url: string;
  accessToken?: string;
  /** True when the access token is the profile's saved one, which the CLI may refresh. */
  savedSession: boolean;
  apiKey?: string;
  operatorToken?: string;
  organizationId?: string;
}

export function resolveSettings(options: GlobalOptions): Settings {
  const profile = profileName(options);
  const { settings, credentials } = readProfile(profile);
  // HX_ACCESS_TOKEN and HX_BASE_URL are the SDK's names; HX_TOKEN and HX_URL the CLI's earlier ones.
  const envToken = process.env.HX_ACCESS_TOKEN || process.env.HX_TOKEN || undefined;
  return {
    profile,
    url: options.url ?? (process.env.HX_BASE_URL || process.env.HX_URL || undefined) ?? settings.url ?? DEFAULT_URL,
    accessToken: envToken ?? credentials.accessToken,
    savedSession: !envToken && !!credentials.accessToken && !!credentials.refreshToken,
    apiKey: (process.env.HX_API_KEY || undefined) ?? credentials.apiKey,
    operatorToken: (process.env.HX_OPERATOR_TOKEN || undefined) ?? credentials.operatorToken,
    organizationId: options.org ?? (process.env.HX_ORGANIZATION_ID || undefined) ?? settings.organizationId,
  };
}

export const settingsOf = (command: Command): Settings => resolveSettings(globalOptions(command));

export function clientFor(command: Command, overrides: { maxRetries?: number } = {}): Hx {
  const s = settingsOf(command);
  return new Hx({
    baseUrl: s.url,
    accessToken: s.accessToken,
    apiKey: s.apiKey,
    operatorToken: s.operatorToken,
    organizationId: s.organizationId,
    ...overrides,
    ...(s.savedSession && s.accessToken
      ? { fetch: refreshingFetch({ profile: s.profile, baseUrl: s.url, accessToken: s.accessToken }) }
      : {}),
  });
}

/** The organization of an org-scoped command, or a usage error saying how to name one. */
export function requireOrg(command: Command): string {
  const org = settingsOf(command).organizationId;
  if (!org) {
    throw new UsageError('no organization: pass --org <orgId>, set HX_ORGANIZATION_ID or run `hx orgs use <orgId>`');
  }
  return org;
}

/** The client and organization of an org-scoped command. */
export function orgClient(command: Command): { hx: Hx; orgId: string } {
  return { orgId: requireOrg(command), hx: clientFor(command) };
}

/**
 * What to do about a failed call, naming the command, flag or variable that fixes it (as gh does):
 * which credential was refused and where it came from, or where the server was looked for.
 */
export function hintFor(err: unknown, command: Command | undefined): string | undefined {
  if (!(err instanceof HxError) || !command) return undefined;
  let s: Settings;
  try {
    s = settingsOf(command);
  } catch {
    return undefined;
  }
  const login = `hx login --email ${readProfile(s.profile).settings.email ?? '<you@example.com>'}`;
  if (!err.status) {
    return `no answer from ${s.url}: start the server (\`npm start\`), or point the CLI at yours with --url or HX_BASE_URL`;
  }
  if (err.status === 409 && command.name() === 'register') {
    const email = (command.opts() as { email?: string }).email;
    return `that e-mail has an account: \`hx login --email ${email ?? '<you@example.com>'}\`, or register another address`;
  }
  if (err.status !== 401) return undefined;
  const message = err.message;
  if (/^API key (is invalid|has been revoked|has expired)/.test(message)) {
    const from = process.env.HX_API_KEY ? 'HX_API_KEY' : `profile ${s.profile}`;
    return `the API key of ${from} was refused: create one with \`hx keys create <name> --save\` (needs a session: \`${login}\`)${process.env.HX_API_KEY ? ', or unset HX_API_KEY to use the profile’s' : ''}`;
  }
  if (/needs a JWT access token|a JWT is not accepted|^This route needs/.test(message)) {
    return /a JWT is not accepted/.test(message)
      ? 'this command needs an API key: `hx keys create <name> --save`, or set HX_API_KEY'
      : `this command needs a session (an API key is not enough): run \`${login}\`, or set HX_ACCESS_TOKEN`;
  }
  if (/^(Missing Authorization header|Authorization header must be)/.test(message)) {
    return `no credential: run \`${login}\` (or \`hx register\`), then \`hx keys create <name> --save\`; or set HX_API_KEY`;
  }
  if (/^Operator token/.test(message)) return 'set HX_OPERATOR_TOKEN or run `hx login --with-operator-token`';
  if (/^Invalid e-mail or password/.test(message)) return undefined;
  return `the session has ended: run \`${login}\``;
}

/** Wraps a command action: any failure is reported (stderr, JSON with --json) and sets the exit code. */
export function action<A extends unknown[]>(fn: (...args: A) => Promise<void>) {
  return async (...args: A) => {
    try {
      await fn(...args);
    } catch (err) {
      const command = [...args].reverse().find((a): a is Command => a instanceof Command);
      process.exitCode = reportError(err, hintFor(err, command));
    }
  };
}

/**
 * The CLI's saved state, per profile: settings in ~/.config/hx/config.json (url, email, default
 * organization) and secrets in ~/.config/hx/credentials.json (access and refresh token, API key,
 * operator token). XDG_CONFIG_HOME is respected; the folder is 0700, both files 0600, and every write
 * replaces the file atomically so a concurrent `hx` never reads half a file, under a lock
 * (config.lock) so two at once never lose each other's change.
 */
import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { withFileLockSync } from './file-lock.js';

export const DEFAULT_PROFILE = 'default';
const PROFILE_NAME = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/;

export interface ProfileSettings {
  url?: string;
  email?: string;
  organizationId?: string;
}

export interface ProfileCredentials {
  accessToken?: string;
  refreshToken?: string;
  apiKey?: string;
  operatorToken?: string;
}

interface ConfigFile {
  currentProfile?: string;
  profiles: Record<string, ProfileSettings>;
}

interface CredentialsFile {
  profiles: Record<string, ProfileCredentials>;
}

export function configDir(): string {
  return join(process.env.XDG_CONFIG_HOME || join(homedir(), '.config'), 'hx');
}
export const configPath = () => join(configDir(), 'config.json');
export const credentialsPath = () => join(configDir(), 'credentials.json');
/** Held while reading and rewriting either file (the lock is `config.lock`). */
const writeLockPath = () => join(configDir(), 'config');
/** Held by `hx` while it refreshes a profile's session (`<profile>.refresh.lock`). */
export const refreshLockPath = (profile: string) => join(configDir(), `${profile}.refresh`);

export function isValidProfileName(name: string): boolean {
  return PROFILE_NAME.test(name);
}

function readJson(path: string): Record<string, unknown> {
  if (!existsSync(path)) return {};
  try {
    const value = JSON.parse(readFileSync(path, 'utf8'));
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** Writes JSON through a temporary file and a rename, mode 0600 from the first byte. */
function writeJson(path: string, value: unknown): void {
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  const tmp = `${path}.${process.pid}.tmp`;
  writeFileSync(tmp, `${JSON.stringify(value, null, 2)}\n`, { mode: 0o600 });
  chmodSync(tmp, 0o600);
  renameSync(tmp, path);
}

const LEGACY_SECRET_KEYS = ['accessToken', 'refreshToken', 'apiKey', 'operatorToken'] as const;

/** Reads config.json; the single-profile layout of earlier versions becomes the default profile. */
function readConfigFile(): { config: ConfigFile; legacy?: ProfileCredentials } {
  const raw = readJson(configPath());
  if (raw.profiles && typeof raw.profiles === 'object') {
    return {
      config: {
        currentProfile: raw.currentProfile as string | undefined,
        profiles: raw.profiles as ConfigFile['profiles'],
      },
    };
  }
  if (Object.keys(raw).length === 0) return { config: { profiles: {} } };
  const { url, email, organizationId } = raw as ProfileSettings;
  const legacy: ProfileCredentials = {};
  for (const key of LEGACY_SECRET_KEYS) if (typeof raw[key] === 'string') legacy[key] = raw[key] as string;
  return { config: { profiles: { [DEFAULT_PROFILE]: { url, email, organizationId } } }, legacy };
}

function readCredentialsFile(): CredentialsFile {
  const raw = readJson(credentialsPath());
  return { profiles: (raw.profiles as CredentialsFile['profiles']) ?? {} };
}

export function currentProfileName(): string {
  return readConfigFile().config.currentProfile ?? DEFAULT_PROFILE;
}

export function listProfiles(): {
  name: string;
  current: boolean;
  settings: ProfileSettings;
  hasSession: boolean;
  hasApiKey: boolean;
}[] {
  const { config } = readConfigFile();
  const creds = readCredentialsFile();
  const current = config.currentProfile ?? DEFAULT_PROFILE;
  const names = new Set([...Object.keys(config.profiles), ...Object.keys(creds.profiles)]);
  return [...names].sort().map((name) => ({
    name,
    current: name === current,
    settings: config.profiles[name] ?? {},
    hasSession: !!creds.profiles[name]?.refreshToken,
    hasApiKey: !!creds.profiles[name]?.apiKey,
  }));
}

export function readProfile(name: string): { settings: ProfileSettings; credentials: ProfileCredentials } {
  const { config, legacy } = readConfigFile();
  const creds = readCredentialsFile();
  const fromLegacy = name === DEFAULT_PROFILE ? legacy : undefined;
  return {
    settings: config.profiles[name] ?? {},
    credentials: { ...fromLegacy, ...creds.profiles[name] },
  };
}

function merge<T extends object>(base: T | undefined, patch: Partial<T>): T {
  const next: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(patch)) {
    if (value === undefined) delete next[key];
    else next[key] = value;
  }
  return next as T;
}

/** Merges `patch` into a profile (undefined values remove keys); secrets go to credentials.json. */
export function writeProfile(
  name: string,
  patch: { settings?: Partial<ProfileSettings>; credentials?: Partial<ProfileCredentials> },
): void {
  withFileLockSync(writeLockPath(), () => {
    const { config, legacy } = readConfigFile();
    const creds = readCredentialsFile();
    if (legacy && !creds.profiles[DEFAULT_PROFILE]) creds.profiles[DEFAULT_PROFILE] = legacy;
    if (patch.settings || legacy) {
      config.profiles[name] = merge(config.profiles[name], patch.settings ?? {});
    }
    if (patch.credentials) creds.profiles[name] = merge(creds.profiles[name], patch.credentials);
    // Credentials first: a legacy config.json still holding tokens is rewritten without them after.
    writeJson(credentialsPath(), creds);
    writeJson(configPath(), config);
  });
}

export function setCurrentProfile(name: string): void {
  withFileLockSync(writeLockPath(), () => {
    const { config } = readConfigFile();
    config.currentProfile = name;
    writeJson(configPath(), config);
  });
}

export function deleteProfile(name: string): boolean {
  return withFileLockSync(writeLockPath(), () => {
    const { config } = readConfigFile();
    const creds = readCredentialsFile();
    const existed = name in config.profiles || name in creds.profiles;
    delete config.profiles[name];
    delete creds.profiles[name];
    if (config.currentProfile === name) delete config.currentProfile;
    writeJson(credentialsPath(), creds);
    writeJson(configPath(), config);
    return existed;
  });
}

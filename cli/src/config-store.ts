/**
 * The CLI's saved credentials: ~/.config/hx/config.json (XDG_CONFIG_HOME respected), written with
 * mode 0600. Environment variables (HX_URL, HX_TOKEN, HX_API_KEY, HX_ORGANIZATION_ID) win over it.
 */
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';

export interface StoredConfig {
  url?: string;
  email?: string;
  accessToken?: string;
  refreshToken?: string;
  apiKey?: string;
  organizationId?: string;
}

export function configPath(): string {
  const base = process.env.XDG_CONFIG_HOME || join(homedir(), '.config');
  return join(base, 'hx', 'config.json');
}

export function readConfig(): StoredConfig {
  const path = configPath();
  if (!existsSync(path)) return {};
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as StoredConfig;
  } catch {
    return {};
  }
}

/** Merges `patch` into the stored config (undefined values remove keys) and keeps the file 0600. */
export function writeConfig(patch: Partial<StoredConfig>): string {
  const path = configPath();
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  const next: Record<string, unknown> = { ...readConfig() };
  for (const [key, value] of Object.entries(patch)) {
    if (value === undefined) delete next[key];
    else next[key] = value;
  }
  writeFileSync(path, `${JSON.stringify(next, null, 2)}\n`, { mode: 0o600 });
  chmodSync(path, 0o600);
  return path;
}

/**
 * Secrets the server generates for itself on the embedded default (JWT signing secret, vault KEK):
 * created once into DATA_DIR with mode 0600, or kept in memory for a `memory://` data dir.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export function loadOrCreateSecret(dataDir: string, file: string, bytes = 32): { value: Buffer; created: boolean } {
  if (dataDir.startsWith('memory://')) return { value: randomBytes(bytes), created: true };
  const full = path.resolve(dataDir, file);
  if (existsSync(full)) return { value: Buffer.from(readFileSync(full, 'utf8').trim(), 'base64'), created: false };
  mkdirSync(path.dirname(full), { recursive: true });
  const value = randomBytes(bytes);
  writeFileSync(full, value.toString('base64'), { mode: 0o600 });
  return { value, created: true };
}

/**
 * Where the vault's key encryption keys come from: VAULT_KEK (base64, 32 bytes) with VAULT_KEK_ID in
 * production, or a key generated once into DATA_DIR (mode 0600, with a warning) on the embedded
 * default. Rotation in embedded mode persists the new KEK here; with VAULT_KEK the operator sets it.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { loadOrCreateSecret } from '../auth/secrets.js';
import type { Config } from '../config.js';
import type { Logger } from '../logger.js';
import { KEY_BYTES, type Kek, createKeyring } from './envelope.js';

const KEK_FILE = 'vault-kek';
const KEK_ID_FILE = 'vault-kek-id';
/** A rotation's new KEK, written before the re-wrap commits so a crash in between loses nothing. */
const PENDING_FILE = 'vault-kek.pending';

export type KekSource = 'env' | 'data-dir' | 'memory';

function decodeKek(id: string, base64: string, what: string): Kek {
  const key = Buffer.from(base64.trim(), 'base64');
  if (key.length !== KEY_BYTES) throw new Error(`${what} must be base64 of exactly ${KEY_BYTES} bytes`);
  return { id, key };
}

export function generateKek(id = `kek-${Date.now().toString(36)}`): Kek {
  return { id, key: randomBytes(KEY_BYTES) };
}

export function loadKeyring(config: Config, logger: Logger) {
  if (config.VAULT_KEK) {
    const ring = createKeyring(decodeKek(config.VAULT_KEK_ID, config.VAULT_KEK, 'VAULT_KEK'));
    return { ring, source: 'env' as KekSource };
  }
  const inMemory = config.DATA_DIR.startsWith('memory://');
  const { value, created } = loadOrCreateSecret(config.DATA_DIR, KEK_FILE, KEY_BYTES);
  if (created && !inMemory) {
    logger.warn('VAULT_KEK is not set: generated a vault key encryption key into DATA_DIR/vault-kek');
  }
  const idFile = path.resolve(config.DATA_DIR, KEK_ID_FILE);
  const id = !inMemory && existsSync(idFile) ? readFileSync(idFile, 'utf8').trim() : config.VAULT_KEK_ID;
  const ring = createKeyring(decodeKek(id, value.toString('base64'), 'DATA_DIR/vault-kek'));
  const pending = path.resolve(config.DATA_DIR, PENDING_FILE);
  if (!inMemory && existsSync(pending)) {
    const [pid, b64] = readFileSync(pending, 'utf8').trim().split(':');
    if (pid && b64) ring.add(decodeKek(pid, b64, 'DATA_DIR/vault-kek.pending'));
  }
  return { ring, source: (inMemory ? 'memory' : 'data-dir') as KekSource };
}

function writeSecretFile(full: string, content: string) {
  const tmp = `${full}.tmp`;
  writeFileSync(tmp, content, { mode: 0o600 });
  renameSync(tmp, full);
}

/** Embedded mode: the steps around a rotation's transaction. */
export function kekFiles(dataDir: string) {
  return {
    writePending(kek: Kek) {
      writeSecretFile(path.resolve(dataDir, PENDING_FILE), `${kek.id}:${kek.key.toString('base64')}`);
    },
    commit(kek: Kek) {
      writeSecretFile(path.resolve(dataDir, KEK_FILE), kek.key.toString('base64'));
      writeSecretFile(path.resolve(dataDir, KEK_ID_FILE), kek.id);
      rmSync(path.resolve(dataDir, PENDING_FILE), { force: true });
    },
    abort() {
      rmSync(path.resolve(dataDir, PENDING_FILE), { force: true });
    },
  };
}

/**
 * The local KeyProvider, the default: KEKs from VAULT_KEK (base64, 32 bytes; VAULT_KEK_ID, plus
 * VAULT_KEK_PREVIOUS during a rotation), or a key file generated once (mode 0600, with a warning)
 * at VAULT_KEK_FILE, default DATA_DIR/vault-kek; in memory for a `memory://` data dir.
 * A rotation's new key is saved to `<key file>.pending` before any DEK moves (and is current from
 * then on); it replaces the key file once every DEK is re-wrapped.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { loadOrCreateSecret } from '../auth/secrets.js';
import type { Config } from '../config.js';
import { conflict, invalid } from '../errors.js';
import type { Logger } from '../logger.js';
import { KEY_BYTES } from './blob.js';
import type { Kek, KeyProvider, RotationTarget } from './key-provider.js';
import { assertKek, createKeyring, ringCipher } from './keyring.js';

export type KekSource = 'env' | 'data-dir' | 'file' | 'memory';

function decodeKek(id: string, base64: string, what: string): Kek {
  const key = Buffer.from(base64.trim(), 'base64');
  if (key.length !== KEY_BYTES) throw new Error(`${what} must be base64 of exactly ${KEY_BYTES} bytes`);
  return { id, key };
}

export function generateKek(id = `kek-${Date.now().toString(36)}`): Kek {
  return { id, key: randomBytes(KEY_BYTES) };
}

/** `id:base64,id:base64` (VAULT_KEK_PREVIOUS). */
function parsePrevious(list: string | undefined): Kek[] {
  if (!list) return [];
  return list.split(',').map((pair) => {
    const [id, b64] = pair.trim().split(':');
    if (!id || !b64) throw new Error('VAULT_KEK_PREVIOUS must be id:base64 pairs separated by commas');
    return decodeKek(id, b64, `VAULT_KEK_PREVIOUS ${id}`);
  });
}

const isInside = (dir: string, file: string) => {
  const rel = path.relative(path.resolve(dir), path.resolve(file));
  return rel !== '' && !rel.startsWith('..') && !path.isAbsolute(rel);
};

function writeSecretFile(full: string, content: string) {
  const tmp = `${full}.tmp`;
  writeFileSync(tmp, content, { mode: 0o600 });
  renameSync(tmp, full);
}

/** The key file and its companions: `<file>-id` (its KEK id) and `<file>.pending` (a rotation's new key). */
function keyFiles(keyFile: string) {
  const idFile = `${keyFile}-id`;
  const pendingFile = `${keyFile}.pending`;
  return {
    readId: () => (existsSync(idFile) ? readFileSync(idFile, 'utf8').trim() : undefined),
    readPending(): Kek | undefined {
      if (!existsSync(pendingFile)) return undefined;
      const [id, b64] = readFileSync(pendingFile, 'utf8').trim().split(':');
      return id && b64 ? decodeKek(id, b64, `${pendingFile}`) : undefined;
    },
    writePending: (kek: Kek) => writeSecretFile(pendingFile, `${kek.id}:${kek.key.toString('base64')}`),
    promote(kek: Kek) {
      writeSecretFile(keyFile, kek.key.toString('base64'));
      writeSecretFile(idFile, kek.id);
      rmSync(pendingFile, { force: true });
    },
  };
}

function loadKeys(config: Config, logger: Logger) {
  if (config.VAULT_KEK) {
    const ring = createKeyring(
      decodeKek(config.VAULT_KEK_ID, config.VAULT_KEK, 'VAULT_KEK'),
      parsePrevious(config.VAULT_KEK_PREVIOUS),
    );
    return { ring, source: 'env' as KekSource, files: undefined, pending: undefined };
  }
  const keyFile = config.VAULT_KEK_FILE ?? path.join(config.DATA_DIR, 'vault-kek');
  const inMemory = !config.VAULT_KEK_FILE && config.DATA_DIR.startsWith('memory://');
  const { value, created } = inMemory
    ? loadOrCreateSecret(config.DATA_DIR, 'vault-kek', KEY_BYTES)
    : loadOrCreateSecret(path.dirname(keyFile), path.basename(keyFile), KEY_BYTES);
  if (inMemory)
    return {
      ring: createKeyring(decodeKek(config.VAULT_KEK_ID, value.toString('base64'), 'KEK')),
      source: 'memory' as KekSource,
      files: undefined,
      pending: undefined,
    };
  if (created) logger.warn({ keyFile }, 'VAULT_KEK is not set: generated a vault key encryption key file');
  if (config.NODE_ENV === 'production' && isInside(config.DATA_DIR, keyFile)) {
    logger.warn(
      { keyFile, dataDir: config.DATA_DIR },
      'The vault KEK file is inside DATA_DIR: a copy of the data (backup, volume snapshot) carries the key that decrypts its secrets. Set VAULT_KEK, or VAULT_KEK_FILE outside DATA_DIR',
    );
  }
  const files = keyFiles(keyFile);
  const ring = createKeyring(decodeKek(files.readId() ?? config.VAULT_KEK_ID, value.toString('base64'), keyFile));
  // An unfinished rotation: its key was saved before any DEK moved; it stays current until it completes.
  const pending = files.readPending();
  if (pending) ring.setCurrent(pending);
  return { ring, source: (config.VAULT_KEK_FILE ? 'file' : 'data-dir') as KekSource, files, pending };
}

export function createLocalKeyProvider(config: Config, logger: Logger): KeyProvider {
  const { ring, source, files, pending } = loadKeys(config, logger);
  /** The key the unfinished rotation moves DEKs to (loaded from the pending file after a restart). */
  let target: { kek: Kek; previousKeyId: string | null } | undefined = pending
    ? { kek: pending, previousKeyId: ring.ids().find((id) => id !== pending.id) ?? null }
    : undefined;

  return {
    source,
    ...ringCipher(ring),
    async beginRotation(next?: Kek): Promise<RotationTarget> {
      if (target) {
        if (next && next.id !== target.kek.id) {
          throw conflict(`A rotation to ${target.kek.id} is unfinished; run it again without a new key to complete it`);
        }
        return { keyId: target.kek.id, previousKeyId: target.previousKeyId, resumed: true };
      }
      const previousKeyId = ring.current.id;
      if (!next && source === 'env') {
        // VAULT_KEK is already the new key (the old ones in VAULT_KEK_PREVIOUS): move every DEK to it.
        const older = ring.ids().filter((id) => id !== previousKeyId);
        return { keyId: previousKeyId, previousKeyId: older[0] ?? null, resumed: false };
      }
      const kek = next ?? generateKek();
      assertKek(kek);
      if (ring.get(kek.id)) throw invalid('kekId', `KEK id ${kek.id} is already in use; choose a new id`);
      files?.writePending(kek); // durable before any DEK is wrapped with it
      ring.setCurrent(kek);
      target = { kek, previousKeyId };
      return { keyId: kek.id, previousKeyId, resumed: false };
    },
    async completeRotation() {
      if (target) files?.promote(target.kek);
      target = undefined;
    },
  };
}

/**
 * AES-256-GCM envelope encryption for vault items. Each item version gets a fresh 32-byte data key
 * (DEK) and 12-byte nonce; the DEK is wrapped by the key encryption key (KEK) and only the wrapped
 * form is stored. The plaintext DEK exists only inside `withDataKey`'s closure and is zeroed after.
 * Both blobs are `version || iv || ciphertext || tag`, authenticated with AAD that binds tenant, vault
 * and item ids, so a ciphertext copied into another row does not decrypt.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/** Blob format marker; a new format gets a new byte and `openBlob` keeps reading the old one. */
const BLOB_V1 = 0x01;
const IV_BYTES = 12;
const TAG_BYTES = 16;
export const KEY_BYTES = 32;

export interface Kek {
  id: string;
  key: Buffer;
}

/** Where a sealed value lives; every field is bound into the AAD. */
export interface SecretContext {
  tenantId: string;
  vaultId: string;
  itemId: string;
  version: number;
}

/** What is stored for one item version: both blobs base64, and the KEK that wrapped the DEK. */
export interface SealedSecret {
  ciphertext: string;
  wrappedDek: string;
  kekId: string;
}

/** Decryption or key failures. The message never carries key material or values. */
export class EnvelopeError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'EnvelopeError';
  }
}

function sealBlob(key: Buffer, plaintext: Buffer, aad: Buffer): Buffer {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
  cipher.setAAD(aad);
  const body = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  return Buffer.concat([Buffer.from([BLOB_V1]), iv, body, cipher.getAuthTag()]);
}

function openBlob(key: Buffer, blob: Buffer, aad: Buffer): Buffer {
  if (blob.length < 1 + IV_BYTES + TAG_BYTES || blob[0] !== BLOB_V1) {
    throw new EnvelopeError('unsupported or truncated cipher blob');
  }
  const iv = blob.subarray(1, 1 + IV_BYTES);
  const tag = blob.subarray(blob.length - TAG_BYTES);
  const body = blob.subarray(1 + IV_BYTES, blob.length - TAG_BYTES);
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
    decipher.setAAD(aad);
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(body), decipher.final()]);
  } catch {
    throw new EnvelopeError('authentication failed (wrong key or moved ciphertext)');
  }
}

const valueAad = (c: SecretContext) =>
  Buffer.from(`hx.vault.value.v1\0${c.tenantId}\0${c.vaultId}\0${c.itemId}\0${c.version}`, 'utf8');
const dekAad = (kekId: string, c: SecretContext) =>
  Buffer.from(`hx.vault.dek.v1\0${kekId}\0${c.tenantId}\0${c.vaultId}\0${c.itemId}\0${c.version}`, 'utf8');

export interface DataKeyCipher {
  encrypt(plaintext: Buffer): Buffer;
  decrypt(blob: Buffer): Buffer;
}

/** The KEKs the server knows: `current` wraps new DEKs, the others still unwrap older rows. */
export interface Keyring {
  current: Kek;
  get(id: string): Kek | undefined;
}

export function createKeyring(
  current: Kek,
  others: Kek[] = [],
): Keyring & { ids(): string[]; add(kek: Kek): void; setCurrent(kek: Kek): void } {
  for (const k of [current, ...others]) assertKek(k);
  const byId = new Map<string, Kek>([...others, current].map((k) => [k.id, k]));
  const ring = {
    current,
    get: (id: string) => byId.get(id),
    /** Ids of every KEK this process holds. */
    ids: () => [...byId.keys()],
    add(kek: Kek) {
      assertKek(kek);
      byId.set(kek.id, kek);
    },
    setCurrent(kek: Kek) {
      ring.add(kek);
      ring.current = kek;
    },
  };
  return ring;
}

export function assertKek(kek: Kek) {
  if (kek.key.length !== KEY_BYTES) throw new EnvelopeError(`KEK ${kek.id} must be ${KEY_BYTES} bytes`);
  if (!/^[A-Za-z0-9._-]{1,64}$/.test(kek.id)) throw new EnvelopeError('KEK id must be 1-64 characters [A-Za-z0-9._-]');
}

/**
 * Runs `fn` with a cipher over the item's DEK: a fresh one when `wrappedDek` is absent (then also
 * answering its wrapped form), else the unwrapped stored one. The DEK buffer is zeroed on return.
 */
function withDataKey<T>(
  ring: Keyring,
  context: SecretContext,
  stored: { wrappedDek: string; kekId: string } | null,
  fn: (cipher: DataKeyCipher) => T,
): { result: T; wrappedDek: string; kekId: string } {
  let dek: Buffer;
  let wrapped: { wrappedDek: string; kekId: string };
  if (stored) {
    const kek = ring.get(stored.kekId);
    if (!kek) throw new EnvelopeError(`key encryption key ${stored.kekId} is not configured`);
    dek = openBlob(kek.key, Buffer.from(stored.wrappedDek, 'base64'), dekAad(kek.id, context));
    wrapped = stored;
  } else {
    dek = randomBytes(KEY_BYTES);
    const kek = ring.current;
    wrapped = { wrappedDek: sealBlob(kek.key, dek, dekAad(kek.id, context)).toString('base64'), kekId: kek.id };
  }
  try {
    const aad = valueAad(context);
    const result = fn({
      encrypt: (plaintext) => sealBlob(dek, plaintext, aad),
      decrypt: (blob) => openBlob(dek, blob, aad),
    });
    return { result, ...wrapped };
  } finally {
    dek.fill(0);
  }
}

export function createEnvelope(ring: Keyring) {
  return {
    /** Encrypts a new item version under a fresh DEK wrapped by the current KEK. */
    seal(plaintext: string, context: SecretContext): SealedSecret {
      const { result, wrappedDek, kekId } = withDataKey(ring, context, null, (c) =>
        c.encrypt(Buffer.from(plaintext, 'utf8')).toString('base64'),
      );
      return { ciphertext: result, wrappedDek, kekId };
    },

    open(sealed: SealedSecret, context: SecretContext): string {
      return withDataKey(ring, context, sealed, (c) =>
        c.decrypt(Buffer.from(sealed.ciphertext, 'base64')).toString('utf8'),
      ).result;
    },

    /** Re-wraps the item's DEK under `to` (rotation); the value ciphertext is untouched. */
    rewrap(sealed: SealedSecret, context: SecretContext, to: Kek): SealedSecret {
      const from = ring.get(sealed.kekId);
      if (!from) throw new EnvelopeError(`key encryption key ${sealed.kekId} is not configured`);
      const dek = openBlob(from.key, Buffer.from(sealed.wrappedDek, 'base64'), dekAad(from.id, context));
      try {
        const wrappedDek = sealBlob(to.key, dek, dekAad(to.id, context)).toString('base64');
        return { ciphertext: sealed.ciphertext, wrappedDek, kekId: to.id };
      } finally {
        dek.fill(0);
      }
    },
  };
}

export type Envelope = ReturnType<typeof createEnvelope>;

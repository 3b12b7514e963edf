/**
 * The AES-256-GCM blob both the vault value and a locally wrapped DEK use:
 * `version(1) || iv(12) || ciphertext || tag(16)`, authenticated with the caller's AAD.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/** Blob format marker; a new format gets a new byte and `openBlob` keeps reading the old one. */
const BLOB_V1 = 0x01;
const IV_BYTES = 12;
const TAG_BYTES = 16;
export const KEY_BYTES = 32;

/** Decryption or key failures. The message never carries key material or values. */
export class EnvelopeError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'EnvelopeError';
  }
}

export function sealBlob(key: Buffer, plaintext: Buffer, aad: Buffer): Buffer {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
  cipher.setAAD(aad);
  const body = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  return Buffer.concat([Buffer.from([BLOB_V1]), iv, body, cipher.getAuthTag()]);
}

export function openBlob(key: Buffer, blob: Buffer, aad: Buffer): Buffer {
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

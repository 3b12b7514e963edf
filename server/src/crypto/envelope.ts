/**
 * AES-256-GCM envelope encryption for vault items. Each item version gets a fresh 32-byte data key
 * (DEK) and 12-byte nonce; the DEK is wrapped by a key encryption key through the KeyProvider and only
 * the wrapped form is stored. The plaintext DEK exists only inside one call and is zeroed after.
 * Both blobs are `version || iv || ciphertext || tag`, authenticated with AAD that binds tenant, vault,
 * item and version (and the KEK id for the DEK), so a ciphertext copied into another row does not decrypt.
 */
import { randomBytes } from 'node:crypto';
import { KEY_BYTES, openBlob, sealBlob } from './blob.js';
import type { KeyProvider } from './key-provider.js';

export { EnvelopeError } from './blob.js';
export { createKeyring } from './keyring.js';

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

const valueAad = (c: SecretContext) =>
  Buffer.from(`hx.vault.value.v1\0${c.tenantId}\0${c.vaultId}\0${c.itemId}\0${c.version}`, 'utf8');
const dekAad = (kekId: string, c: SecretContext) =>
  Buffer.from(`hx.vault.dek.v1\0${kekId}\0${c.tenantId}\0${c.vaultId}\0${c.itemId}\0${c.version}`, 'utf8');

type Keys = Pick<KeyProvider, 'currentKeyId' | 'wrapDek' | 'unwrapDek'>;

export function createEnvelope(keys: Keys) {
  const unwrap = (sealed: SealedSecret, context: SecretContext) =>
    keys.unwrapDek(sealed.kekId, Buffer.from(sealed.wrappedDek, 'base64'), dekAad(sealed.kekId, context));
  const wrap = async (kekId: string, dek: Buffer, context: SecretContext) =>
    (await keys.wrapDek(kekId, dek, dekAad(kekId, context))).toString('base64');

  return {
    /** Encrypts a new item version under a fresh DEK wrapped by the current KEK. */
    async seal(plaintext: string, context: SecretContext): Promise<SealedSecret> {
      const dek = randomBytes(KEY_BYTES);
      try {
        const kekId = keys.currentKeyId();
        const wrappedDek = await wrap(kekId, dek, context);
        const ciphertext = sealBlob(dek, Buffer.from(plaintext, 'utf8'), valueAad(context)).toString('base64');
        return { ciphertext, wrappedDek, kekId };
      } finally {
        dek.fill(0);
      }
    },

    async open(sealed: SealedSecret, context: SecretContext): Promise<string> {
      const dek = await unwrap(sealed, context);
      try {
        return openBlob(dek, Buffer.from(sealed.ciphertext, 'base64'), valueAad(context)).toString('utf8');
      } finally {
        dek.fill(0);
      }
    },

    /** Re-wraps the item's DEK under `toKekId` (rotation); the value ciphertext is untouched. */
    async rewrap(sealed: SealedSecret, context: SecretContext, toKekId: string): Promise<SealedSecret> {
      const dek = await unwrap(sealed, context);
      try {
        return { ciphertext: sealed.ciphertext, wrappedDek: await wrap(toKekId, dek, context), kekId: toKekId };
      } finally {
        dek.fill(0);
      }
    },
  };
}

export type Envelope = ReturnType<typeof createEnvelope>;

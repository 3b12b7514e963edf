/**
 * What the vault needs from a key manager, KMS-style: wrap and unwrap a data key (DEK) under a key
 * encryption key named by id, with an encryption context (AAD). The local key file / VAULT_KEK
 * (crypto/kek.ts) is the default implementation; a cloud KMS adapter implements the same shape
 * (AWS KMS Encrypt/Decrypt with EncryptionContext, GCP KMS with additionalAuthenticatedData).
 */
export interface Kek {
  id: string;
  key: Buffer;
}

/** Where a rotation stands when it starts: the key every DEK is moved to, and whether it resumes one. */
export interface RotationTarget {
  keyId: string;
  /** The key that was current before this rotation began; null when unknown (env: previous keys). */
  previousKeyId: string | null;
  resumed: boolean;
}

export interface KeyProvider {
  /** e.g. `env`, `data-dir`, `memory` for the local provider; an adapter names itself. */
  readonly source: string;
  /** The key new DEKs are wrapped with. */
  currentKeyId(): string;
  /** Every key id that can unwrap: the current one and those rows may still be wrapped with. */
  keyIds(): string[];
  wrapDek(keyId: string, dek: Buffer, aad: Buffer): Promise<Buffer>;
  unwrapDek(keyId: string, wrapped: Buffer, aad: Buffer): Promise<Buffer>;
  /**
   * Starts a rotation, or resumes the unfinished one: the target key is durable (persisted or
   * configured) before this returns, and is current from then on, so new DEKs never need moving.
   * `next` (tests and embedding code only) supplies the new key instead of generating one.
   */
  beginRotation(next?: Kek): Promise<RotationTarget>;
  /** Every DEK is under the target: the older keys are no longer needed. */
  completeRotation(): Promise<void>;
}

/**
 * KEKs held in process memory, and a KeyProvider over them that wraps DEKs with AES-256-GCM
 * (the local default; crypto/kek.ts decides where the keys come from and how rotation persists).
 */
import { EnvelopeError, KEY_BYTES, openBlob, sealBlob } from './blob.js';
import type { Kek } from './key-provider.js';

export interface Keyring {
  current: Kek;
  get(id: string): Kek | undefined;
  /** Ids of every KEK this process holds. */
  ids(): string[];
  add(kek: Kek): void;
  setCurrent(kek: Kek): void;
}

export function assertKek(kek: Kek) {
  if (kek.key.length !== KEY_BYTES) throw new EnvelopeError(`KEK ${kek.id} must be ${KEY_BYTES} bytes`);
  if (!/^[A-Za-z0-9._-]{1,64}$/.test(kek.id)) throw new EnvelopeError('KEK id must be 1-64 characters [A-Za-z0-9._-]');
}

export function createKeyring(current: Kek, others: Kek[] = []): Keyring {
  for (const k of [current, ...others]) assertKek(k);
  const byId = new Map<string, Kek>([...others, current].map((k) => [k.id, k]));
  const ring: Keyring = {
    current,
    get: (id) => byId.get(id),
    ids: () => [...byId.keys()],
    add(kek) {
      assertKek(kek);
      byId.set(kek.id, kek);
    },
    setCurrent(kek) {
      ring.add(kek);
      ring.current = kek;
    },
  };
  return ring;
}

function keyOf(ring: Keyring, keyId: string): Kek {
  const kek = ring.get(keyId);
  if (!kek) throw new EnvelopeError(`key encryption key ${keyId} is not configured`);
  return kek;
}

/** Wrap and unwrap under the ring's keys: the key-handling half of a KeyProvider. */
export function ringCipher(ring: Keyring) {
  return {
    currentKeyId: () => ring.current.id,
    keyIds: () => ring.ids(),
    wrapDek: async (keyId: string, dek: Buffer, aad: Buffer) => sealBlob(keyOf(ring, keyId).key, dek, aad),
    unwrapDek: async (keyId: string, wrapped: Buffer, aad: Buffer) => openBlob(keyOf(ring, keyId).key, wrapped, aad),
  };
}

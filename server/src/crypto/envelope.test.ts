/** Envelope encryption as unit tests: round trip, fresh keys per seal, AAD binding, wrong KEK, tampering, rotation. */
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { EnvelopeError, createEnvelope, createKeyring } from './envelope.js';
import { type Keyring, ringCipher } from './keyring.js';

/** The local KeyProvider's cipher over an in-memory keyring, the default the server uses. */
const envelopeOf = (ring: Keyring) => createEnvelope(ringCipher(ring));

const kek1 = { id: 'kek-1', key: randomBytes(32) };
const kek2 = { id: 'kek-2', key: randomBytes(32) };
const ctx = { tenantId: 'ten_a', vaultId: 'vlt_a', itemId: 'vit_a', version: 1 };
const secret = 'correct horse battery staple';

describe('envelope', async () => {
  it('round-trips and stores neither the value nor the DEK in clear', async () => {
    const env = envelopeOf(createKeyring(kek1));
    const sealed = await env.seal(secret, ctx);
    expect(sealed.kekId).toBe('kek-1');
    expect(Buffer.from(sealed.ciphertext, 'base64').toString('latin1')).not.toContain(secret);
    expect(Buffer.from(sealed.ciphertext, 'base64')[0]).toBe(1); // blob version marker
    expect(Buffer.from(sealed.wrappedDek, 'base64')).toHaveLength(1 + 12 + 32 + 16);
    expect(await env.open(sealed, ctx)).toBe(secret);
  });

  it('uses a fresh DEK and nonce for every seal', async () => {
    const env = envelopeOf(createKeyring(kek1));
    const a = await env.seal(secret, ctx);
    const b = await env.seal(secret, ctx);
    expect(a.ciphertext).not.toBe(b.ciphertext);
    expect(a.wrappedDek).not.toBe(b.wrappedDek);
    expect(Buffer.from(a.ciphertext, 'base64').subarray(1, 13)).not.toEqual(
      Buffer.from(b.ciphertext, 'base64').subarray(1, 13),
    );
  });

  it.each([
    ['another item', { ...ctx, itemId: 'vit_b' }],
    ['another vault', { ...ctx, vaultId: 'vlt_b' }],
    ['another tenant', { ...ctx, tenantId: 'ten_b' }],
    ['another version', { ...ctx, version: 2 }],
  ])('does not open under %s (AAD binding)', async (_label, moved) => {
    const env = envelopeOf(createKeyring(kek1));
    const sealed = await env.seal(secret, ctx);
    await expect(env.open(sealed, moved)).rejects.toThrow(EnvelopeError);
  });

  it('fails with the wrong KEK under the same id, and with an unknown KEK id', async () => {
    const sealed = await envelopeOf(createKeyring(kek1)).seal(secret, ctx);
    const wrong = envelopeOf(createKeyring({ id: 'kek-1', key: randomBytes(32) }));
    await expect(wrong.open(sealed, ctx)).rejects.toThrow(/authentication failed/);
    const other = envelopeOf(createKeyring(kek2));
    await expect(other.open(sealed, ctx)).rejects.toThrow(/kek-1 is not configured/);
  });

  it('rejects tampered or unknown-version blobs without echoing them', async () => {
    const env = envelopeOf(createKeyring(kek1));
    const sealed = await env.seal(secret, ctx);
    const blob = Buffer.from(sealed.ciphertext, 'base64');
    blob[20] = (blob[20] ?? 0) ^ 1;
    await expect(env.open({ ...sealed, ciphertext: blob.toString('base64') }, ctx)).rejects.toThrow(EnvelopeError);
    const v2 = Buffer.from(sealed.ciphertext, 'base64');
    v2[0] = 2;
    await expect(env.open({ ...sealed, ciphertext: v2.toString('base64') }, ctx)).rejects.toThrow(/unsupported/);
  });

  it('re-wraps the DEK under a new KEK without touching the ciphertext', async () => {
    const ring = createKeyring(kek1);
    const env = envelopeOf(ring);
    const sealed = await env.seal(secret, ctx);
    ring.add(kek2);
    const rotated = await env.rewrap(sealed, ctx, kek2.id);
    expect(rotated.kekId).toBe('kek-2');
    expect(rotated.ciphertext).toBe(sealed.ciphertext);
    expect(rotated.wrappedDek).not.toBe(sealed.wrappedDek);
    // Only the new KEK is needed afterwards.
    await expect(envelopeOf(createKeyring(kek2)).open(rotated, ctx)).resolves.toBe(secret);
  });

  it('refuses KEKs of the wrong size', async () => {
    expect(() => createKeyring({ id: 'k', key: randomBytes(16) })).toThrow(/32 bytes/);
  });

  it('works with any KMS-style key provider: it sees key ids and the encryption context, never a value', async () => {
    const calls: { op: string; keyId: string; aad: string }[] = [];
    const ring = createKeyring(kek1, [kek2]);
    const local = ringCipher(ring);
    // A stand-in for a cloud KMS: the same wrap/unwrap calls, recorded.
    const kms = {
      currentKeyId: () => 'kek-2',
      wrapDek: async (keyId: string, dek: Buffer, aad: Buffer) => {
        calls.push({ op: 'wrap', keyId, aad: aad.toString('utf8') });
        return local.wrapDek(keyId, dek, aad);
      },
      unwrapDek: async (keyId: string, wrapped: Buffer, aad: Buffer) => {
        calls.push({ op: 'unwrap', keyId, aad: aad.toString('utf8') });
        return local.unwrapDek(keyId, wrapped, aad);
      },
    };
    const env = createEnvelope(kms);
    const sealed = await env.seal(secret, ctx);
    expect(sealed.kekId).toBe('kek-2');
    await expect(env.open(sealed, ctx)).resolves.toBe(secret);
    expect(calls.map((c) => `${c.op}:${c.keyId}`)).toEqual(['wrap:kek-2', 'unwrap:kek-2']);
    for (const c of calls) {
      expect(c.aad).toContain(ctx.itemId);
      expect(c.aad).not.toContain(secret);
    }
  });
});

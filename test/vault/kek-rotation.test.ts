/**
 * KEK handling across restarts on a persisted data dir: the generated KEK file (0600), a wrong KEK
 * that fails, and operator rotation that re-wraps every DEK without touching the ciphertexts.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';

/** Several boots on an on-disk PGlite each: far above the default per-test timeout. */
const RESTARTS_TIMEOUT = 300_000;
import { auth, registerUser, startTestServer, type TestServer, useTempDirs, withTestServer } from '../helpers/index.js';

const tempDir = useTempDirs('hx-vault-');

const operator = {
  kind: 'operator' as const,
  tenantId: '',
  environment: 'live' as const,
  plan: 'enterprise' as const,
  requestId: 'op-rotate',
};

const withServer = <T>(env: Record<string, string>, fn: (s: TestServer) => Promise<T>) =>
  withTestServer({ JWT_SECRET: 'kek-rotation-test-jwt-secret-0123456789', ...env }, fn);

async function seed(s: TestServer) {
  const user = await registerUser(s, 'kek');
  const vault = (await s.http().post('/v1/vaults').set(auth(user.accessToken)).send({ name: 'v' })).body.data;
  const value = `rotate-me-${randomBytes(6).toString('hex')}`;
  const item = (
    await s.http().post(`/v1/vaults/${vault.id}/items`).set(auth(user.accessToken)).send({ name: 'k', value })
  ).body.data;
  return { jwt: user.accessToken, url: `/v1/vaults/${vault.id}/items/${item.id}`, itemId: item.id as string, value };
}

const sealedRow = async (s: TestServer, id: string) =>
  (
    await s.ctx.database.rows<{ ciphertext: string; wrapped_dek: string; kek_id: string }>(
      sql`select ciphertext, wrapped_dek, kek_id from vault_items where id = ${id}`,
    )
  )[0]!;

describe('KEK from DATA_DIR (embedded default)', () => {
  it(
    'generates the KEK once with mode 0600, keeps it across restarts, and rotation persists the new one',
    async () => {
      const dir = tempDir();
      const seeded = await withServer({ DATA_DIR: dir }, seed);
      const file = path.join(dir, 'vault-kek');
      expect(statSync(file).mode & 0o777).toBe(0o600);
      expect(Buffer.from(readFileSync(file, 'utf8'), 'base64')).toHaveLength(32);

      await withServer({ DATA_DIR: dir }, async (s) => {
        const got = await s.http().get(seeded.url).set(auth(seeded.jwt));
        expect(got.body.data.value).toBe(seeded.value);

        const before = await sealedRow(s, seeded.itemId);
        const result = await s.ctx.services.vault.rotateKek(operator);
        expect(result).toMatchObject({ previousKekId: 'kek-1', rewrapped: 1 });
        expect(result).not.toHaveProperty('generatedKek'); // persisted, never handed out
        const after = await sealedRow(s, seeded.itemId);
        expect(after.kek_id).toBe(result.kekId);
        expect(after.ciphertext).toBe(before.ciphertext);
        expect(after.wrapped_dek).not.toBe(before.wrapped_dek);
        expect((await s.http().get(seeded.url).set(auth(seeded.jwt))).body.data.value).toBe(seeded.value);

        const [audit] = await s.ctx.database.rows<{ details: Record<string, unknown> }>(
          // This tenant's entry: on a shared PostgreSQL other test files rotate too.
          sql`select details from audit_logs where action = 'vault.kek.rotated'
              and tenant_id = (select tenant_id from vault_items where id = ${seeded.itemId})`,
        );
        expect(audit!.details).toMatchObject({ fromKekId: 'kek-1', toKekId: result.kekId, itemsRewrapped: 1 });
      });

      // After a restart only the persisted new KEK is there, and it opens the re-wrapped rows.
      await withServer({ DATA_DIR: dir }, async (s) => {
        expect(s.ctx.services.vault.kekInfo().kekId).not.toBe('kek-1');
        const got = await s.http().get(seeded.url).set(auth(seeded.jwt));
        expect(got.status).toBe(200);
        expect(got.body.data.value).toBe(seeded.value);
      });
    },
    RESTARTS_TIMEOUT,
  );
});

describe('KEK from VAULT_KEK', () => {
  it(
    'fails with a wrong KEK, and rotation moves the rows to the new KEK id',
    async () => {
      const dir = tempDir();
      const keyA = randomBytes(32).toString('base64');
      const keyB = randomBytes(32).toString('base64');
      const envA = { DATA_DIR: dir, VAULT_KEK: keyA, VAULT_KEK_ID: 'kek-a' };
      const seeded = await withServer(envA, seed);

      await withServer({ ...envA, VAULT_KEK: keyB }, async (s) => {
        const res = await s.http().get(seeded.url).set(auth(seeded.jwt));
        expect(res.status).toBe(500);
        expect(res.body.error.code).toBe('internal_error');
        expect(JSON.stringify(res.body)).not.toContain(seeded.value);
      });

      await withServer(envA, async (s) => {
        expect((await s.http().get(seeded.url).set(auth(seeded.jwt))).body.data.value).toBe(seeded.value);
        await expect(
          s.ctx.services.vault.rotateKek(operator, { id: 'kek-a', key: randomBytes(32) }),
        ).rejects.toMatchObject({
          code: 'validation_error',
        });
        const result = await s.ctx.services.vault.rotateKek(operator, {
          id: 'kek-b',
          key: Buffer.from(keyB, 'base64'),
        });
        expect(result).toMatchObject({ kekId: 'kek-b', previousKekId: 'kek-a', rewrapped: 1 });
        expect((await s.http().get(seeded.url).set(auth(seeded.jwt))).body.data.value).toBe(seeded.value);
      });

      // The operator now runs with the new KEK; the old one no longer opens anything.
      await withServer({ DATA_DIR: dir, VAULT_KEK: keyB, VAULT_KEK_ID: 'kek-b' }, async (s) => {
        expect((await s.http().get(seeded.url).set(auth(seeded.jwt))).body.data.value).toBe(seeded.value);
      });
      await withServer(envA, async (s) => {
        expect((await s.http().get(seeded.url).set(auth(seeded.jwt))).status).toBe(500);
      });
    },
    RESTARTS_TIMEOUT,
  );

  it(
    'refuses a VAULT_KEK that is not 32 bytes at boot',
    async () => {
      await expect(startTestServer({ VAULT_KEK: Buffer.from('short').toString('base64') })).rejects.toThrow(
        /VAULT_KEK must be base64 of exactly 32 bytes/,
      );
    },
    RESTARTS_TIMEOUT,
  );
});

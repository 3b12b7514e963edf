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
import {
  expectStatus,
  must,
  registerUser,
  startTestServer,
  type TestServer,
  useTempDirs,
  withTestServer,
} from '../helpers/index.js';

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
  const api = s.api(user).vault;
  const vaultId = must('vault', await api.createVault({ body: { name: 'v' } }), 201).body.data.id;
  const value = `rotate-me-${randomBytes(6).toString('hex')}`;
  const item = await api.createItem({ params: { vaultId }, body: { name: 'k', value } });
  const itemId = must('item', item, 201).body.data.id;
  return { jwt: user.accessToken, params: { vaultId, itemId }, itemId, value };
}

type Seeded = Awaited<ReturnType<typeof seed>>;

/** The seeded item read back through `s`. */
const read = (s: TestServer, seeded: Seeded) => s.api(seeded.jwt).vault.getItem({ params: seeded.params });
/** The seeded item's value as `s` reads it (which must answer 200). */
const secretOf = async (s: TestServer, seeded: Seeded) => expectStatus(await read(s, seeded), 200).body.data.value;

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
        expect(await secretOf(s, seeded)).toBe(seeded.value);

        const before = await sealedRow(s, seeded.itemId);
        const result = await s.ctx.services.vault.rotateKek(operator);
        expect(result).toMatchObject({ previousKekId: 'kek-1', rewrapped: 1 });
        expect(result).not.toHaveProperty('generatedKek'); // persisted, never handed out
        const after = await sealedRow(s, seeded.itemId);
        expect(after.kek_id).toBe(result.kekId);
        expect(after.ciphertext).toBe(before.ciphertext);
        expect(after.wrapped_dek).not.toBe(before.wrapped_dek);
        expect(await secretOf(s, seeded)).toBe(seeded.value);

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
        const got = await read(s, seeded);
        expect(got.status).toBe(200);
        expect(expectStatus(got, 200).body.data.value).toBe(seeded.value);
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
        const res = await read(s, seeded);
        expect(res.status).toBe(500);
        expect(res.body).toMatchObject({ error: { code: 'internal_error' } });
        expect(JSON.stringify(res.body)).not.toContain(seeded.value);
      });

      await withServer(envA, async (s) => {
        expect(await secretOf(s, seeded)).toBe(seeded.value);
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
        expect(await secretOf(s, seeded)).toBe(seeded.value);
      });

      // The operator now runs with the new KEK; the old one no longer opens anything.
      await withServer({ DATA_DIR: dir, VAULT_KEK: keyB, VAULT_KEK_ID: 'kek-b' }, async (s) => {
        expect(await secretOf(s, seeded)).toBe(seeded.value);
      });
      await withServer(envA, async (s) => {
        expect((await read(s, seeded)).status).toBe(500);
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

/**
 * KEK rotation through the operator route POST /v1/admin/kek/rotate, on a persisted data dir across
 * restarts: batches stopped half-way (maxBatches, the same state a crash between batches leaves) keep
 * every item and older version readable, after a restart too, and the next call finishes the same
 * rotation; the VAULT_KEK path with VAULT_KEK_PREVIOUS; the warning for a key file inside DATA_DIR in
 * production.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  expectStatus,
  must,
  postRaw,
  registerUser,
  type TestServer,
  useTempDirs,
  withTestServer,
} from '../helpers/index.js';

/** Several boots on an on-disk PGlite each: far above the default per-test timeout. */
const RESTARTS_TIMEOUT = 400_000;
const OPERATOR_TOKEN = 'kek-route-operator-token-0123456789abcdef';
/** The operator's rotation route on `s`. */
const rotate = (s: TestServer, body: { batchSize?: number; maxBatches?: number } = {}) =>
  s.api(OPERATOR_TOKEN).admin.rotateKek({ body });

const tempDir = useTempDirs('hx-kek-route-');

const withServer = <T>(env: Record<string, string>, fn: (s: TestServer) => Promise<T>) =>
  withTestServer({ JWT_SECRET: 'kek-route-test-jwt-secret-0123456789', OPERATOR_TOKEN, ...env }, fn);

interface Seeded {
  jwt: string;
  /** Each readable version: the item, the version and its value. */
  reads: { params: { vaultId: string; itemId: string }; version: number; value: string }[];
  itemIds: string[];
}

/** Three items, one of them with two versions: four data keys. */
async function seed(s: TestServer): Promise<Seeded> {
  const user = await registerUser(s, 'kek-route');
  const api = s.api(user).vault;
  const vaultId = must('vault', await api.createVault({ body: { name: 'rotating' } }), 201).body.data.id;
  const seeded: Seeded = { jwt: user.accessToken, reads: [], itemIds: [] };
  for (let i = 0; i < 3; i++) {
    const value = `rot-${i}-${randomBytes(4).toString('hex')}`;
    const item = await api.createItem({ params: { vaultId }, body: { name: `k${i}`, value } });
    const params = { vaultId, itemId: must('item', item, 201).body.data.id };
    seeded.itemIds.push(params.itemId);
    seeded.reads.push({ params, version: 1, value });
    if (i === 0) {
      const next = `rot-0-v2-${randomBytes(4).toString('hex')}`;
      expect((await api.updateItem({ params, body: { value: next } })).status).toBe(200);
      seeded.reads.push({ params, version: 2, value: next });
    }
  }
  return seeded;
}

async function expectAllReadable(s: TestServer, seeded: Seeded) {
  for (const r of seeded.reads) {
    const res = await s.api(seeded.jwt).vault.getItem({ params: r.params, query: { version: r.version } });
    expect(res.status, `${r.params.itemId}?version=${r.version}`).toBe(200);
    expect(expectStatus(res, 200).body.data.value).toBe(r.value);
  }
}

/** KEK ids of the seeded data keys (current and older versions). */
const kekIdsOf = async (s: TestServer, itemIds: string[]) =>
  (
    await s.ctx.database.rows<{ kek_id: string }>(
      sql`select kek_id from vault_items where id in ${itemIds} union all
          select kek_id from vault_item_versions where item_id in ${itemIds}`,
    )
  ).map((r) => r.kek_id);

const notUnder = async (s: TestServer, kekId: string) =>
  (
    await s.ctx.database.rows<{ n: number }>(
      sql`select ((select count(*) from vault_items where kek_id <> ${kekId}) +
                  (select count(*) from vault_item_versions where kek_id <> ${kekId}))::int as n`,
    )
  )[0]!.n;

describe('POST /v1/admin/kek/rotate', () => {
  it(
    'is for the operator only and refuses unknown fields',
    async () => {
      await withServer({}, async (s) => {
        const user = await registerUser(s, 'not-operator');
        const admin = (credential?: string) => s.api(credential).admin;
        expect((await admin().rotateKek({ body: {} })).status).toBe(401);
        expect((await admin(user.accessToken).rotateKek({ body: {} })).status).toBe(401);
        // An unknown field: a body the contract cannot express, sent raw.
        const typo = await postRaw(s, '/v1/admin/kek/rotate', OPERATOR_TOKEN, { batchsize: 10 });
        expect(typo.status).toBe(400);
        expect(typo.body.error.code).toBe('validation_error');
        expect(JSON.stringify(typo.body.error)).toContain('batchsize');
        expect(s.ctx.services.vault.kekInfo().kekId).toBe('kek-1'); // nothing rotated
      });
    },
    RESTARTS_TIMEOUT,
  );

  it(
    'rotates in batches; an interrupted rotation keeps everything readable across a restart and the next call finishes it',
    async () => {
      const dir = tempDir();
      // A KEK id of its own: on a shared PostgreSQL, rows of other test files carry `kek-1` under other keys.
      const kekId = `kek-route-${randomBytes(4).toString('hex')}`;
      const env = { DATA_DIR: dir, VAULT_KEK_ID: kekId };
      const seeded = await withServer(env, seed);
      const oldKey = readFileSync(path.join(dir, 'vault-kek'), 'utf8');

      const first = await withServer(env, async (s) => {
        const r = expectStatus(await rotate(s, { batchSize: 1, maxBatches: 2 }), 200).body.data;
        expect(r).toMatchObject({ previousKekId: kekId, resumed: false, rewrapped: 2, batches: 2, complete: false });
        expect(r.kekId).not.toBe(kekId);
        expect(r.remaining).toBe(await notUnder(s, r.kekId));
        const ids = await kekIdsOf(s, seeded.itemIds);
        expect(ids.filter((id) => id === r.kekId)).toHaveLength(2);
        expect(ids.filter((id) => id === kekId)).toHaveLength(2);
        await expectAllReadable(s, seeded);
        return r;
      });
      // The new key was saved before any data key moved; the old key file is untouched until the end.
      expect(readFileSync(path.join(dir, 'vault-kek.pending'), 'utf8')).toContain(first.kekId);
      expect(readFileSync(path.join(dir, 'vault-kek'), 'utf8')).toBe(oldKey);

      await withServer(env, async (s) => {
        // After a restart both keys are loaded: every item and version still opens.
        await expectAllReadable(s, seeded);
        const res = expectStatus(await rotate(s, { batchSize: 1 }), 200);
        expect(res.body.data).toMatchObject({ kekId: first.kekId, resumed: true, rewrapped: 2, complete: true });
        expect(res.body.data.remaining).toBe(await notUnder(s, first.kekId));
        expect(new Set(await kekIdsOf(s, seeded.itemIds))).toEqual(new Set([first.kekId]));
        await expectAllReadable(s, seeded);

        const audits = await s.ctx.database.rows<{ details: { itemsRewrapped: number; toKekId: string } }>(
          sql`select details from audit_logs where action = 'vault.kek.rotated' and tenant_id = (select tenant_id from vault_items where id = ${seeded.itemIds[0]!})`,
        );
        expect(audits.reduce((n, a) => n + a.details.itemsRewrapped, 0)).toBe(4);
        expect(audits.every((a) => a.details.toKekId === first.kekId)).toBe(true);
      });
      expect(existsSync(path.join(dir, 'vault-kek.pending'))).toBe(false);
      expect(readFileSync(path.join(dir, 'vault-kek'), 'utf8')).not.toBe(oldKey);

      // Only the new key is left, and it opens everything.
      await withServer(env, async (s) => {
        expect(s.ctx.services.vault.kekInfo().kekId).toBe(first.kekId);
        await expectAllReadable(s, seeded);
      });
    },
    RESTARTS_TIMEOUT,
  );

  it(
    'with VAULT_KEK: moves every data key from VAULT_KEK_PREVIOUS to the new VAULT_KEK',
    async () => {
      const dir = tempDir();
      const keyA = randomBytes(32).toString('base64');
      const keyB = randomBytes(32).toString('base64');
      const [a, b] = [`kek-a-${randomBytes(4).toString('hex')}`, `kek-b-${randomBytes(4).toString('hex')}`];
      const seeded = await withServer({ DATA_DIR: dir, VAULT_KEK: keyA, VAULT_KEK_ID: a }, seed);
      const rolling = { DATA_DIR: dir, VAULT_KEK: keyB, VAULT_KEK_ID: b, VAULT_KEK_PREVIOUS: `${a}:${keyA}` };
      await withServer(rolling, async (s) => {
        await expectAllReadable(s, seeded);
        const res = expectStatus(await rotate(s), 200);
        expect(res.body.data).toMatchObject({ kekId: b, previousKekId: a, rewrapped: 4, complete: true });
        expect(new Set(await kekIdsOf(s, seeded.itemIds))).toEqual(new Set([b]));
      });
      await withServer({ DATA_DIR: dir, VAULT_KEK: keyB, VAULT_KEK_ID: b }, (s) => expectAllReadable(s, seeded));
    },
    RESTARTS_TIMEOUT,
  );
});

describe('the KEK file in production', () => {
  /** What the server logs at warn level while `fn` runs (pino writes through process.stdout). */
  async function warnings(env: Record<string, string>): Promise<string> {
    let logs = '';
    const write = process.stdout.write.bind(process.stdout);
    process.stdout.write = ((chunk: string | Uint8Array, ...rest: unknown[]) => {
      logs += typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
      return (write as (...a: unknown[]) => boolean)(chunk, ...rest);
    }) as typeof process.stdout.write;
    try {
      await withServer({ LOG_LEVEL: 'warn', NODE_ENV: 'production', ...env }, async () => {});
    } finally {
      process.stdout.write = write;
    }
    return logs;
  }

  it(
    'warns at start when the key file is inside DATA_DIR, not when VAULT_KEK_FILE is elsewhere',
    async () => {
      const inside = await warnings({ DATA_DIR: tempDir() });
      expect(inside).toMatch(/vault KEK file is inside DATA_DIR/);
      const keyDir = tempDir();
      const outside = await warnings({ DATA_DIR: tempDir(), VAULT_KEK_FILE: path.join(keyDir, 'hx-kek') });
      expect(outside).not.toMatch(/inside DATA_DIR/);
      expect(existsSync(path.join(keyDir, 'hx-kek'))).toBe(true);
    },
    RESTARTS_TIMEOUT,
  );
});

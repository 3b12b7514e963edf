/**
 * Backups as docs/self-hosting.md tells an operator to take them: `pg_dump -Fc` of a live deployment's
 * database, `pg_restore` into an empty one, a server started on the restored copy. The same API key
 * still works, and the memories and the synthesized context are the same as before the backup.
 * Needs DATABASE_URL (CI's PostgreSQL stage) and pg_dump / pg_restore; uses databases of its own.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { Hx } from '@hx-memory/sdk';
import { afterAll, describe, expect, it } from 'vitest';
import { adminQuery, withDatabase } from '../helpers/scratch-database.js';
import { startTestServer } from '../helpers/server.js';
import { useTempDir } from '../helpers/temp-dir.js';

const has = (bin: string) => {
  try {
    execFileSync(bin, ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
};
const skipReason = !process.env.DATABASE_URL
  ? 'needs DATABASE_URL (a PostgreSQL server): run in the PostgreSQL+Redis stage'
  : !has('pg_dump') || !has('pg_restore')
    ? 'needs pg_dump and pg_restore (Debian postgresql-client)'
    : undefined;
if (skipReason) console.info(`test/release/backup-restore skipped: ${skipReason}`);

const suffix = `${Date.now().toString(36)}_${process.pid}`;
const source = `hx_backup_src_${suffix}`;
const restored = `hx_backup_dst_${suffix}`;
const urlOf = (name: string) => withDatabase(process.env.DATABASE_URL as string, name);
const admin = adminQuery;

describe.skipIf(skipReason)('pg_dump backup and restore', () => {
  // Made in beforeAll, not here: a skipped describe's body still runs, and its afterAll does not.
  const tempDir = useTempDir('hx-backup-');
  afterAll(async () => {
    await admin(`drop database if exists ${source} with (force)`);
    await admin(`drop database if exists ${restored} with (force)`);
  });

  it('a restored dump serves the same key, memories and context', async () => {
    await admin(`create database ${source}`);
    const shared = {
      JWT_SECRET: 'backup-restore-jwt-secret-0123456789abcdef',
      VAULT_KEK: Buffer.alloc(32, 9).toString('base64'),
    };
    const before = await startTestServer({ DATABASE_URL: urlOf(source), ...shared });
    let key: string;
    let memories: number;
    let context: string;
    try {
      const anonymous = new Hx({ baseUrl: before.url, maxRetries: 0 });
      const { tokens } = await anonymous.auth.register({
        email: `backup-${suffix}@example.com`,
        password: 'correct-horse-battery',
        name: 'backup',
      });
      ({ key } = await anonymous.withOptions({ accessToken: tokens.accessToken }).apiKeys.create({
        name: 'backup',
        environment: 'test',
      }));
      const hx = new Hx({ baseUrl: before.url, apiKey: key, maxRetries: 0 });
      await hx.captureBatch([
        { type: 'message', sessionId: 'backup', payload: { role: 'user', content: 'I moved to Porto in May.' } },
        { type: 'message', sessionId: 'backup', payload: { role: 'user', content: 'I prefer answers in Portuguese.' } },
      ]);
      expect((await hx.learnAndWait()).status).toBe('completed');
      memories = (await hx.memories.list({ limit: 100 })).items.length;
      expect(memories).toBeGreaterThan(0);
      context = (await hx.synthesize('Where does the user live?', { maxTokens: 300 })).context;
      expect(context).toContain('Porto');
    } finally {
      await before.close();
    }

    // The backup and the restore, as the guide says.
    const dump = path.join(tempDir(), 'hx.dump');
    execFileSync('pg_dump', ['--format=custom', '--no-owner', `--file=${dump}`, `--dbname=${urlOf(source)}`]);
    await admin(`create database ${restored}`);
    execFileSync('pg_restore', ['--no-owner', '--exit-on-error', `--dbname=${urlOf(restored)}`, dump]);

    const after = await startTestServer({ DATABASE_URL: urlOf(restored), ...shared });
    try {
      const hx = new Hx({ baseUrl: after.url, apiKey: key, maxRetries: 0 });
      expect((await hx.memories.list({ limit: 100 })).items.length).toBe(memories);
      expect((await hx.synthesize('Where does the user live?', { maxTokens: 300 })).context).toBe(context);
    } finally {
      await after.close();
    }
  }, 240_000);
});

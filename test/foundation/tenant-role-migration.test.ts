/**
 * Migration 0003_users_tenant_role on a database that already holds users: the earliest-created user
 * of each tenant becomes its owner, the others members (embedded PGlite, whatever the run's driver).
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/src/db/client.js';
import { migrationsFolder } from '../../server/src/db/migrate.js';

const TAG = '0003_users_tenant_role';

describe('migration 0003_users_tenant_role', () => {
  it('backfills the earliest user of each tenant as owner, the others as member', async () => {
    const full = migrationsFolder();
    const before = mkdtempSync(path.join(tmpdir(), 'hx-mig-'));
    cpSync(full, before, { recursive: true });
    const journalPath = path.join(before, 'meta', '_journal.json');
    const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
    const at = journal.entries.findIndex((e) => e.tag === TAG);
    expect(at).toBeGreaterThan(0);
    journal.entries = journal.entries.slice(0, at);
    writeFileSync(journalPath, JSON.stringify(journal));

    const database = await openDatabase({ dataDir: 'memory://' });
    const { migrate } = await import('drizzle-orm/pglite/migrator');
    try {
      await database.db.execute(sql`create extension if not exists pg_trgm`);
      await migrate(database.db as never, { migrationsFolder: before });
      await database.db.execute(
        sql`insert into tenants (id, name, plan) values ('ten_a', 'a', 'free'), ('ten_b', 'b', 'free')`,
      );
      // ten_a: registered first, then two invitees (one inserted with an earlier id but a later time);
      // ten_b: two users created at the same instant, the smaller id wins.
      await database.db.execute(sql`insert into users (id, tenant_id, email, name, created_at) values
        ('usr_a1', 'ten_a', 'a1@example.com', 'a1', '2026-01-01T00:00:00Z'),
        ('usr_a0', 'ten_a', 'a0@example.com', 'a0', '2026-01-02T00:00:00Z'),
        ('usr_a2', 'ten_a', 'a2@example.com', 'a2', '2026-01-03T00:00:00Z'),
        ('usr_b2', 'ten_b', 'b2@example.com', 'b2', '2026-02-01T00:00:00Z'),
        ('usr_b1', 'ten_b', 'b1@example.com', 'b1', '2026-02-01T00:00:00Z')`);
      await migrate(database.db as never, { migrationsFolder: full });
      const rows = await database.rows<{ id: string; tenant_role: string }>(
        sql`select id, tenant_role from users order by id`,
      );
      expect(Object.fromEntries(rows.map((r) => [r.id, r.tenant_role]))).toEqual({
        usr_a0: 'member',
        usr_a1: 'owner',
        usr_a2: 'member',
        usr_b1: 'owner',
        usr_b2: 'member',
      });
      // One owner per tenant, and only the two known roles.
      await expect(
        database.db.execute(sql`update users set tenant_role = 'owner' where id = 'usr_a2'`),
      ).rejects.toThrow();
      await expect(
        database.db.execute(sql`update users set tenant_role = 'admin' where id = 'usr_a2'`),
      ).rejects.toThrow();
      // A user inserted without a role is a member: a forgotten path grants nothing.
      await database.db.execute(
        sql`insert into users (id, tenant_id, email, name) values ('usr_a3', 'ten_a', 'a3@example.com', 'a3')`,
      );
      const [late] = await database.rows<{ tenant_role: string }>(
        sql`select tenant_role from users where id = 'usr_a3'`,
      );
      expect(late!.tenant_role).toBe('member');
    } finally {
      await database.close();
      rmSync(before, { recursive: true, force: true });
    }
  });
});

/**
 * Looks for a string in every text, jsonb and text[] column of every table (information_schema walk):
 * the proof that a secret or an erased text is stored nowhere. Vault ciphertext is bytea, so it is
 * never read here.
 */
import { sql } from 'drizzle-orm';
import type { TestServer } from './server.js';

export interface Hit {
  table: string;
  column: string;
  value: string;
}

/**
 * Rows of tables with a tenant_id column are read for `tenantId` only (a shared PostgreSQL keeps
 * earlier runs' tenants); tables without one (tenants, users) are read whole.
 */
export async function findInTables(server: TestServer, tenantId: string, needles: string[]): Promise<Hit[]> {
  const db = server.ctx.database;
  const tenantTables = new Set(
    (
      await db.rows<{ table_name: string }>(
        sql`select table_name from information_schema.columns where table_schema = 'public' and column_name = 'tenant_id'`,
      )
    ).map((r) => r.table_name),
  );
  const columns = await db.rows<{ table_name: string; column_name: string }>(
    sql`select c.table_name, c.column_name from information_schema.columns c
        join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
        where c.table_schema = 'public' and t.table_type = 'BASE TABLE'
          and (c.data_type in ('text', 'jsonb', 'json', 'character varying') or c.udt_name in ('_text', '_varchar'))`,
  );
  const hits: Hit[] = [];
  for (const { table_name, column_name } of columns) {
    for (const needle of needles) {
      const rows = await db.rows<{ v: string }>(
        sql`select ${sql.identifier(column_name)}::text as v from ${sql.identifier(table_name)}
            where position(lower(${needle}) in lower(${sql.identifier(column_name)}::text)) > 0${
              tenantTables.has(table_name) ? sql` and tenant_id = ${tenantId}` : sql``
            } limit 3`,
      );
      for (const r of rows) hits.push({ table: table_name, column: column_name, value: r.v.slice(0, 300) });
    }
  }
  return hits;
}

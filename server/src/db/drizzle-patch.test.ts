/**
 * patches/drizzle-orm@0.45.4.patch: drizzle 0.45 found each selected field's decoder again for every
 * column of every row (up to three walks of the field's class chain) and walked its path with an
 * iterator. The patch finds the decoders once per list of selected fields. These tests hold both: one
 * look-up for many rows, and the rows answered as drizzle answers them (nested objects, a left join's
 * missing side as null, mapped SQL values), on the embedded database.
 */
import { PGlite } from '@electric-sql/pglite';
import { eq, type SQL, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const owners = pgTable('owners', { id: integer('id').primaryKey(), name: text('name').notNull() });
const pets = pgTable('pets', { id: integer('id').primaryKey(), ownerId: integer('owner_id'), name: text('name') });

let client: PGlite;
let db: ReturnType<typeof drizzle>;
beforeAll(async () => {
  client = new PGlite();
  db = drizzle(client);
  await client.exec(`
    create table owners (id int primary key, name text not null);
    create table pets (id int primary key, owner_id int, name text);
    insert into owners values (1, 'ann'), (2, 'bob'), (3, 'cy');
    insert into pets values (10, 1, 'rex'), (11, 2, 'tom');`);
});
afterAll(async () => {
  await client?.close();
});

/** An SQL field whose decoder is counted each time drizzle reads it. */
function countedDecoder(field: SQL<number>): { field: SQL<number>; reads: () => number } {
  let reads = 0;
  const decoder = { mapFromDriverValue: (v: unknown) => Number(v) * 10 };
  Object.defineProperty(field, 'decoder', {
    get: () => {
      reads += 1;
      return decoder;
    },
  });
  return { field, reads: () => reads };
}

describe('drizzle row mapping (patched)', () => {
  it('finds a field’s decoder once for a prepared query’s rows, not once per row', async () => {
    const { field, reads } = countedDecoder(sql<number>`${owners.id}`);
    const query = db.select({ n: field }).from(owners).orderBy(owners.id).prepare('drizzle_patch_decoders');
    const before = reads();
    expect(await query.execute()).toEqual([{ n: 10 }, { n: 20 }, { n: 30 }]);
    expect(await query.execute()).toEqual([{ n: 10 }, { n: 20 }, { n: 30 }]);
    // Six rows over two executions: one look-up (without the patch, one per row).
    expect(reads() - before).toBe(1);
  });

  it('answers nested objects, a left join’s missing side as null, and mapped SQL values', async () => {
    const rows = await db
      .select({
        owner: { id: owners.id, name: owners.name },
        pet: pets,
        upper: sql<string>`upper(${owners.name})`,
        count: sql<number>`(select count(*) from pets where owner_id = ${owners.id})`.mapWith(Number),
      })
      .from(owners)
      .leftJoin(pets, eq(pets.ownerId, owners.id))
      .orderBy(owners.id);
    expect(rows).toEqual([
      { owner: { id: 1, name: 'ann' }, pet: { id: 10, ownerId: 1, name: 'rex' }, upper: 'ANN', count: 1 },
      { owner: { id: 2, name: 'bob' }, pet: { id: 11, ownerId: 2, name: 'tom' }, upper: 'BOB', count: 1 },
      { owner: { id: 3, name: 'cy' }, pet: null, upper: 'CY', count: 0 },
    ]);
  });

  it('keeps a joined side whose columns are partly null', async () => {
    await client.exec(`insert into pets values (12, 3, null)`);
    const rows = await db
      .select({ name: owners.name, pet: { id: pets.id, name: pets.name } })
      .from(owners)
      .leftJoin(pets, eq(pets.ownerId, owners.id))
      .where(eq(owners.id, 3));
    expect(rows).toEqual([{ name: 'cy', pet: { id: 12, name: null } }]);
  });
});

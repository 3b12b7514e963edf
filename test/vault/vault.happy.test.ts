/** Vault happy paths over real HTTP: vaults, items sealed and retrieved, listing without values, deletion, audit. */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { expectStatus, newTenant, useTestServer } from '../helpers/index.js';

const server = useTestServer();

/** The vault area of the typed client, signed in with a fresh tenant's JWT. */
const vaultOfNewTenant = async () => server.api((await newTenant(server)).jwt).vault;

describe('vault happy paths', () => {
  it('creates a vault with the default sensitivity and lists it', async () => {
    const vault = await vaultOfNewTenant();
    const created = await vault.createVault({ body: { name: 'prod', description: 'production' } });
    const made = expectStatus(created, 201).body.data;
    expect(made).toMatchObject({
      name: 'prod',
      description: 'production',
      sensitivity: 'medium',
      system: false,
    });
    expect(made.id).toMatch(/^vlt_/);

    const list = expectStatus(await vault.listVaults(), 200).body.data;
    expect(list.vaults.map((v) => v.id)).toEqual([made.id]);
    expect(list.pagination).toEqual({ hasMore: false });
  });

  it('stores an item encrypted, retrieves and reveals its value, lists it without the value', async () => {
    const vault = await vaultOfNewTenant();
    const vaultId = expectStatus(await vault.createVault({ body: { name: 'v' } }), 201).body.data.id;
    const value = 'sup3r-s3cret-value-0001';
    const created = await vault.createItem({
      params: { vaultId },
      body: { name: 'STRIPE_KEY', value, type: 'api_key', metadata: { owner: 'billing' } },
    });
    const item = expectStatus(created, 201).body.data;
    expect(item).toMatchObject({
      name: 'STRIPE_KEY',
      type: 'api_key',
      metadata: { owner: 'billing' },
      version: 1,
    });
    expect(item.reference).toBe(`vault://${vaultId}/${item.id}`);
    expect(JSON.stringify(created.body)).not.toContain(value);

    // At rest: only ciphertext and a wrapped key, never the value.
    const [row] = await server.ctx.database.rows<Record<string, string>>(
      sql`select * from vault_items where id = ${item.id}`,
    );
    expect(JSON.stringify(row)).not.toContain(value);
    expect(row!.kek_id).toBe('kek-1');

    const got = await vault.getItem({ params: { vaultId, itemId: item.id } });
    expect(expectStatus(got, 200).body.data).toMatchObject({ id: item.id, name: 'STRIPE_KEY', value });

    const revealed = await vault.revealItem({ params: { id: vaultId, itemId: item.id }, body: {} });
    expect(expectStatus(revealed, 200).body.data).toMatchObject({ id: item.id, value });

    const list = await vault.listItems({ params: { vaultId } });
    const { items } = expectStatus(list, 200).body.data;
    expect(items).toHaveLength(1);
    expect(items[0]).not.toHaveProperty('value');
    expect(JSON.stringify(list.body)).not.toContain(value);
  });

  it('pages vaults and items with opaque cursors', async () => {
    const vault = await vaultOfNewTenant();
    for (const name of ['a', 'b', 'c']) await vault.createVault({ body: { name } });
    const first = expectStatus(await vault.listVaults({ query: { limit: 2 } }), 200).body.data;
    expect(first.vaults.map((v) => v.name)).toEqual(['a', 'b']);
    expect(first.pagination.hasMore).toBe(true);
    const second = await vault.listVaults({ query: { limit: 2, cursor: first.pagination.cursor } });
    const rest = expectStatus(second, 200).body.data;
    expect(rest.vaults.map((v) => v.name)).toEqual(['c']);
    expect(rest.pagination.hasMore).toBe(false);
  });

  it('deletes an item and a vault, and audits every operation without values', async () => {
    const vault = await vaultOfNewTenant();
    const vaultId = expectStatus(await vault.createVault({ body: { name: 'v', sensitivity: 'low' } }), 201).body.data
      .id;
    const value = 'delete-me-secret-0002';
    const itemId = expectStatus(await vault.createItem({ params: { vaultId }, body: { name: 'k', value } }), 201).body
      .data.id;
    const params = { vaultId, itemId };
    expectStatus(await vault.getItem({ params }), 200);
    const del = await vault.deleteItem({ params });
    expect(expectStatus(del, 200).body.data).toEqual({ id: itemId, deleted: true });
    const gone = await vault.getItem({ params });
    expect(expectStatus(gone, 404).body.error.code).toBe('not_found');

    const log = await vault.audit({ params: { id: vaultId } });
    expect(expectStatus(log, 200).body.data.entries.map((e) => e.action)).toEqual([
      'vault.item.deleted',
      'vault.item.retrieved',
      'vault.item.created',
      'vault.created',
    ]);
    expect(JSON.stringify(log.body)).not.toContain(value);

    const vdel = await vault.deleteVault({ params: { vaultId } });
    expect(expectStatus(vdel, 200).body.data).toEqual({ id: vaultId, deleted: true });
    expect(expectStatus(await vault.listVaults(), 200).body.data.vaults).toEqual([]);
  });
});

/** Vault happy paths over real HTTP: vaults, items sealed and retrieved, listing without values, deletion, audit. */
import { describe, expect, it } from 'vitest';
import { auth, newTenant, useTestServer } from '../helpers/index.js';

const server = useTestServer();

describe('vault happy paths', () => {
  it('creates a vault with the default sensitivity and lists it', async () => {
    const { jwt } = await newTenant(server);
    const created = await server
      .http()
      .post('/v1/vaults')
      .set(auth(jwt))
      .send({ name: 'prod', description: 'production' });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({
      name: 'prod',
      description: 'production',
      sensitivity: 'medium',
      system: false,
    });
    expect(created.body.data.id).toMatch(/^vlt_/);

    const list = await server.http().get('/v1/vaults').set(auth(jwt));
    expect(list.status).toBe(200);
    expect(list.body.data.vaults.map((v: { id: string }) => v.id)).toEqual([created.body.data.id]);
    expect(list.body.data.pagination).toEqual({ hasMore: false });
  });

  it('stores an item encrypted, retrieves and reveals its value, lists it without the value', async () => {
    const { jwt } = await newTenant(server);
    const vault = (await server.http().post('/v1/vaults').set(auth(jwt)).send({ name: 'v' })).body.data;
    const value = 'sup3r-s3cret-value-0001';
    const item = await server
      .http()
      .post(`/v1/vaults/${vault.id}/items`)
      .set(auth(jwt))
      .send({ name: 'STRIPE_KEY', value, type: 'api_key', metadata: { owner: 'billing' } });
    expect(item.status).toBe(201);
    expect(item.body.data).toMatchObject({
      name: 'STRIPE_KEY',
      type: 'api_key',
      metadata: { owner: 'billing' },
      version: 1,
    });
    expect(item.body.data.reference).toBe(`vault://${vault.id}/${item.body.data.id}`);
    expect(JSON.stringify(item.body)).not.toContain(value);

    // At rest: only ciphertext and a wrapped key, never the value.
    const [row] = await server.ctx.database.rows<Record<string, string>>(
      (await import('drizzle-orm')).sql`select * from vault_items where id = ${item.body.data.id}`,
    );
    expect(JSON.stringify(row)).not.toContain(value);
    expect(row!.kek_id).toBe('kek-1');

    const got = await server.http().get(`/v1/vaults/${vault.id}/items/${item.body.data.id}`).set(auth(jwt));
    expect(got.status).toBe(200);
    expect(got.body.data).toMatchObject({ id: item.body.data.id, name: 'STRIPE_KEY', value });

    const revealed = await server
      .http()
      .post(`/v1/vaults/${vault.id}/items/${item.body.data.id}/reveal`)
      .set(auth(jwt));
    expect(revealed.status).toBe(200);
    expect(revealed.body.data).toMatchObject({ id: item.body.data.id, value });

    const list = await server.http().get(`/v1/vaults/${vault.id}/items`).set(auth(jwt));
    expect(list.status).toBe(200);
    expect(list.body.data.items).toHaveLength(1);
    expect(list.body.data.items[0]).not.toHaveProperty('value');
    expect(JSON.stringify(list.body)).not.toContain(value);
  });

  it('pages vaults and items with opaque cursors', async () => {
    const { jwt } = await newTenant(server);
    for (const name of ['a', 'b', 'c']) await server.http().post('/v1/vaults').set(auth(jwt)).send({ name });
    const first = await server.http().get('/v1/vaults?limit=2').set(auth(jwt));
    expect(first.body.data.vaults.map((v: { name: string }) => v.name)).toEqual(['a', 'b']);
    expect(first.body.data.pagination.hasMore).toBe(true);
    const second = await server
      .http()
      .get(`/v1/vaults?limit=2&cursor=${first.body.data.pagination.cursor}`)
      .set(auth(jwt));
    expect(second.body.data.vaults.map((v: { name: string }) => v.name)).toEqual(['c']);
    expect(second.body.data.pagination.hasMore).toBe(false);
  });

  it('deletes an item and a vault, and audits every operation without values', async () => {
    const { jwt } = await newTenant(server);
    const vault = (await server.http().post('/v1/vaults').set(auth(jwt)).send({ name: 'v', sensitivity: 'low' })).body
      .data;
    const value = 'delete-me-secret-0002';
    const item = (await server.http().post(`/v1/vaults/${vault.id}/items`).set(auth(jwt)).send({ name: 'k', value }))
      .body.data;
    await server.http().get(`/v1/vaults/${vault.id}/items/${item.id}`).set(auth(jwt)).expect(200);
    const del = await server.http().delete(`/v1/vaults/${vault.id}/items/${item.id}`).set(auth(jwt));
    expect(del.status).toBe(200);
    expect(del.body.data).toEqual({ id: item.id, deleted: true });
    const gone = await server.http().get(`/v1/vaults/${vault.id}/items/${item.id}`).set(auth(jwt));
    expect(gone.status).toBe(404);
    expect(gone.body.error.code).toBe('not_found');

    const log = await server.http().get(`/v1/vaults/${vault.id}/audit`).set(auth(jwt));
    expect(log.status).toBe(200);
    expect(log.body.data.entries.map((e: { action: string }) => e.action)).toEqual([
      'vault.item.deleted',
      'vault.item.retrieved',
      'vault.item.created',
      'vault.created',
    ]);
    expect(JSON.stringify(log.body)).not.toContain(value);

    const vdel = await server.http().delete(`/v1/vaults/${vault.id}`).set(auth(jwt));
    expect(vdel.status).toBe(200);
    expect(vdel.body.data).toEqual({ id: vault.id, deleted: true });
    expect((await server.http().get('/v1/vaults').set(auth(jwt))).body.data.vaults).toEqual([]);
  });
});

/**
 * Vault item versions over real HTTP: PATCH with a value makes a new version, older ones stay readable
 * with ?version=N (retrieve and reveal), are listed newest first and pruned on demand, never the current
 * one; every version written, read and pruned is audited. Vault bodies refuse unknown fields.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auth, expectStatus, must, newTenant, useTestServer } from '../helpers/index.js';

const server = useTestServer();

async function itemWithVersions(values: string[]) {
  const { jwt } = await newTenant(server, 'versions');
  const vault = server.api(jwt).vault;
  const created = await vault.createVault({ body: { name: 'v', sensitivity: 'low' } });
  const vaultId = must('create vault', created, 201).body.data.id;
  const item = await vault.createItem({ params: { vaultId }, body: { name: 'DB_PASSWORD', value: values[0] } });
  const itemId = expectStatus(item, 201).body.data.id;
  const params = { vaultId, itemId };
  for (const value of values.slice(1)) {
    expectStatus(await vault.updateItem({ params, body: { value } }), 200);
  }
  return { jwt, vault, vaultId, itemId, params, url: `/v1/vaults/${vaultId}/items/${itemId}` };
}

describe('vault item versions', () => {
  it('makes a new version for a new value and keeps the older ones readable by version', async () => {
    const { vault, vaultId, itemId, params } = await itemWithVersions(['pw-one-1111']);
    const updated = expectStatus(await vault.updateItem({ params, body: { value: 'pw-two-2222' } }), 200);
    expect(updated.body.data).toMatchObject({ id: itemId, version: 2, name: 'DB_PASSWORD' });
    expect(JSON.stringify(updated.body)).not.toContain('pw-two-2222');

    // A rename changes the item in place: no new version.
    const renamed = await vault.updateItem({ params, body: { name: 'PG_PASSWORD', metadata: { env: 'prod' } } });
    expect(renamed.body).toMatchObject({ data: { version: 2, name: 'PG_PASSWORD', metadata: { env: 'prod' } } });

    const current = await vault.getItem({ params });
    expect(current.body).toMatchObject({ data: { version: 2, value: 'pw-two-2222' } });
    const first = await vault.getItem({ params, query: { version: 1 } });
    expect(expectStatus(first, 200).body.data).toMatchObject({ version: 1, value: 'pw-one-1111', name: 'PG_PASSWORD' });
    const revealed = await vault.revealItem({ params: { id: vaultId, itemId }, query: { version: 1 }, body: {} });
    expect(revealed.body).toMatchObject({ data: { version: 1, value: 'pw-one-1111' } });
    const missing = await vault.getItem({ params, query: { version: 7 } });
    expect(expectStatus(missing, 404).body.error.code).toBe('not_found');

    // Each version has its own ciphertext and data key; neither holds the value in clear.
    const rows = await server.ctx.database.rows<{ version: number; ciphertext: string; wrapped_dek: string }>(
      sql`select version, ciphertext, wrapped_dek from vault_item_versions where item_id = ${itemId}
          union all select version, ciphertext, wrapped_dek from vault_items where id = ${itemId} order by version`,
    );
    expect(rows.map((r) => r.version)).toEqual([1, 2]);
    expect(rows[0]!.wrapped_dek).not.toBe(rows[1]!.wrapped_dek);
    expect(JSON.stringify(rows)).not.toMatch(/pw-(one|two)/);
  });

  it('lists versions newest first, pages them, and prunes the older ones but never the current', async () => {
    const { vault, params } = await itemWithVersions(['v1-aaaa', 'v2-bbbb', 'v3-cccc', 'v4-dddd']);
    const list = expectStatus(await vault.listItemVersions({ params }), 200);
    expect(list.body.data.versions.map((v) => [v.version, v.current])).toEqual([
      [4, true],
      [3, false],
      [2, false],
      [1, false],
    ]);
    expect(JSON.stringify(list.body)).not.toMatch(/v\d-[a-d]{4}/);

    const seen: number[] = [];
    let cursor: string | undefined;
    do {
      const page = await vault.listItemVersions({ params, query: { limit: 3, ...(cursor ? { cursor } : {}) } });
      const { versions, pagination } = expectStatus(page, 200).body.data;
      seen.push(...versions.map((v) => v.version));
      cursor = pagination.cursor;
    } while (cursor);
    expect(seen).toEqual([4, 3, 2, 1]);

    const pruned = await vault.pruneItemVersions({ params, query: { keep: 2 } });
    expect(expectStatus(pruned, 200).body.data).toMatchObject({ version: 4, pruned: [2, 1] });
    expect((await vault.getItem({ params, query: { version: 3 } })).body).toMatchObject({ data: { value: 'v3-cccc' } });
    expect((await vault.getItem({ params, query: { version: 1 } })).status).toBe(404);

    const all = await vault.pruneItemVersions({ params });
    expect(all.body).toMatchObject({ data: { version: 4, pruned: [3] } });
    const after = expectStatus(await vault.listItemVersions({ params }), 200);
    expect(after.body.data.versions).toEqual([expect.objectContaining({ version: 4, current: true })]);
    expect((await vault.getItem({ params })).body).toMatchObject({ data: { value: 'v4-dddd' } });
  });

  it('audits every version written, read and pruned, without values', async () => {
    const { vault, vaultId, params } = await itemWithVersions(['audit-v1-x', 'audit-v2-y']);
    await vault.getItem({ params, query: { version: 1 } });
    await vault.pruneItemVersions({ params });
    const audit = expectStatus(await vault.audit({ params: { id: vaultId } }), 200);
    const entries = [...audit.body.data.entries].reverse();
    expect(entries.map((e) => [e.action, e.details.version])).toEqual([
      ['vault.created', undefined],
      ['vault.item.created', 1],
      ['vault.item.updated', 2],
      ['vault.item.retrieved', 1],
      ['vault.item.versions.pruned', 2],
    ]);
    expect(entries[2]!.details).toMatchObject({ previousVersion: 1, fields: ['value'] });
    expect(entries[4]!.details).toMatchObject({ pruned: [1] });
    expect(JSON.stringify(audit.body)).not.toContain('audit-v');
  });

  it('deleting the item deletes every version', async () => {
    const { vault, itemId, params } = await itemWithVersions(['del-1', 'del-2', 'del-3']);
    expect((await vault.deleteItem({ params })).status).toBe(200);
    const [left] = await server.ctx.database.rows<{ n: number }>(
      sql`select count(*)::int as n from vault_item_versions where item_id = ${itemId}`,
    );
    expect(left!.n).toBe(0);
    expect((await vault.getItem({ params, query: { version: 1 } })).status).toBe(404);
  });
});

describe('vault bodies refuse unknown fields', () => {
  // Bodies and queries the contract cannot express (unknown fields): sent raw.
  it.each([
    ['create vault', 'post', () => '/v1/vaults', { name: 'x', sensitivty: 'high' }, 'sensitivty'],
    ['store item', 'post', (v: string) => `/v1/vaults/${v}/items`, { name: 'x', value: 'y', ttl: 60 }, 'ttl'],
    [
      'update item',
      'patch',
      (v: string, i: string) => `/v1/vaults/${v}/items/${i}`,
      { value: 'z', rotate: true },
      'rotate',
    ],
  ] as const)(
    '%s: 400 validation_error naming the field, nothing changed',
    async (_label, method, path, body, field) => {
      const { jwt, vault, vaultId, itemId, params } = await itemWithVersions(['strict-1']);
      const res = await server.http()[method](path(vaultId, itemId)).set(auth(jwt)).send(body);
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('validation_error');
      expect(JSON.stringify(res.body.error)).toContain(field);
      expect((await vault.getItem({ params })).body).toMatchObject({ data: { version: 1, value: 'strict-1' } });
    },
  );

  it('an empty update and an unknown prune parameter answer 400', async () => {
    const { jwt, vault, params, url } = await itemWithVersions(['strict-a', 'strict-b']);
    expect((await vault.updateItem({ params, body: {} })).status).toBe(400);
    const typo = await server.http().delete(`${url}/versions`).query({ kep: 5 }).set(auth(jwt));
    expect(typo.status).toBe(400);
    expect(JSON.stringify(typo.body.error)).toContain('kep');
    expect((await vault.getItem({ params, query: { version: 1 } })).status).toBe(200);
  });
});

/**
 * Vault item versions over real HTTP: PATCH with a value makes a new version, older ones stay readable
 * with ?version=N (retrieve and reveal), are listed newest first and pruned on demand, never the current
 * one; every version written, read and pruned is audited. Vault bodies refuse unknown fields.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auth, newTenant, useTestServer } from '../helpers/index.js';

const server = useTestServer();

async function itemWithVersions(values: string[]) {
  const { jwt } = await newTenant(server, 'versions');
  const vault = (await server.http().post('/v1/vaults').set(auth(jwt)).send({ name: 'v', sensitivity: 'low' })).body
    .data;
  const created = await server
    .http()
    .post(`/v1/vaults/${vault.id}/items`)
    .set(auth(jwt))
    .send({ name: 'DB_PASSWORD', value: values[0] });
  expect(created.status).toBe(201);
  const url = `/v1/vaults/${vault.id}/items/${created.body.data.id}`;
  for (const value of values.slice(1)) {
    const res = await server.http().patch(url).set(auth(jwt)).send({ value });
    expect(res.status).toBe(200);
  }
  return { jwt, vaultId: vault.id as string, itemId: created.body.data.id as string, url };
}

describe('vault item versions', () => {
  it('makes a new version for a new value and keeps the older ones readable by version', async () => {
    const { jwt, vaultId, itemId, url } = await itemWithVersions(['pw-one-1111']);
    const updated = await server.http().patch(url).set(auth(jwt)).send({ value: 'pw-two-2222' });
    expect(updated.status).toBe(200);
    expect(updated.body.data).toMatchObject({ id: itemId, version: 2, name: 'DB_PASSWORD' });
    expect(JSON.stringify(updated.body)).not.toContain('pw-two-2222');

    // A rename changes the item in place: no new version.
    const renamed = await server
      .http()
      .patch(url)
      .set(auth(jwt))
      .send({ name: 'PG_PASSWORD', metadata: { env: 'prod' } });
    expect(renamed.body.data).toMatchObject({ version: 2, name: 'PG_PASSWORD', metadata: { env: 'prod' } });

    const current = await server.http().get(url).set(auth(jwt));
    expect(current.body.data).toMatchObject({ version: 2, value: 'pw-two-2222' });
    const first = await server.http().get(url).query({ version: 1 }).set(auth(jwt));
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ version: 1, value: 'pw-one-1111', name: 'PG_PASSWORD' });
    const revealed = await server
      .http()
      .post(`/v1/vaults/${vaultId}/items/${itemId}/reveal`)
      .query({ version: 1 })
      .set(auth(jwt));
    expect(revealed.body.data).toMatchObject({ version: 1, value: 'pw-one-1111' });
    const missing = await server.http().get(url).query({ version: 7 }).set(auth(jwt));
    expect(missing.status).toBe(404);
    expect(missing.body.error.code).toBe('not_found');

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
    const { jwt, url } = await itemWithVersions(['v1-aaaa', 'v2-bbbb', 'v3-cccc', 'v4-dddd']);
    const list = await server.http().get(`${url}/versions`).set(auth(jwt));
    expect(list.status).toBe(200);
    expect(list.body.data.versions.map((v: { version: number; current: boolean }) => [v.version, v.current])).toEqual([
      [4, true],
      [3, false],
      [2, false],
      [1, false],
    ]);
    expect(JSON.stringify(list.body)).not.toMatch(/v\d-[a-d]{4}/);

    const seen: number[] = [];
    let cursor: string | undefined;
    do {
      const page = await server
        .http()
        .get(`${url}/versions`)
        .query({ limit: 3, ...(cursor ? { cursor } : {}) })
        .set(auth(jwt));
      seen.push(...page.body.data.versions.map((v: { version: number }) => v.version));
      cursor = page.body.data.pagination.cursor;
    } while (cursor);
    expect(seen).toEqual([4, 3, 2, 1]);

    const pruned = await server.http().delete(`${url}/versions`).query({ keep: 2 }).set(auth(jwt));
    expect(pruned.status).toBe(200);
    expect(pruned.body.data).toMatchObject({ version: 4, pruned: [2, 1] });
    expect((await server.http().get(url).query({ version: 3 }).set(auth(jwt))).body.data.value).toBe('v3-cccc');
    expect((await server.http().get(url).query({ version: 1 }).set(auth(jwt))).status).toBe(404);

    const all = await server.http().delete(`${url}/versions`).set(auth(jwt));
    expect(all.body.data).toMatchObject({ version: 4, pruned: [3] });
    const after = await server.http().get(`${url}/versions`).set(auth(jwt));
    expect(after.body.data.versions).toEqual([expect.objectContaining({ version: 4, current: true })]);
    expect((await server.http().get(url).set(auth(jwt))).body.data.value).toBe('v4-dddd');
  });

  it('audits every version written, read and pruned, without values', async () => {
    const { jwt, vaultId, url } = await itemWithVersions(['audit-v1-x', 'audit-v2-y']);
    await server.http().get(url).query({ version: 1 }).set(auth(jwt));
    await server.http().delete(`${url}/versions`).set(auth(jwt));
    const audit = await server.http().get(`/v1/vaults/${vaultId}/audit`).set(auth(jwt));
    const entries = (audit.body.data.entries as { action: string; details: Record<string, unknown> }[]).reverse();
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
    const { jwt, itemId, url } = await itemWithVersions(['del-1', 'del-2', 'del-3']);
    expect((await server.http().delete(url).set(auth(jwt))).status).toBe(200);
    const [left] = await server.ctx.database.rows<{ n: number }>(
      sql`select count(*)::int as n from vault_item_versions where item_id = ${itemId}`,
    );
    expect(left!.n).toBe(0);
    expect((await server.http().get(url).query({ version: 1 }).set(auth(jwt))).status).toBe(404);
  });
});

describe('vault bodies refuse unknown fields', () => {
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
      const { jwt, vaultId, itemId, url } = await itemWithVersions(['strict-1']);
      const res = await server.http()[method](path(vaultId, itemId)).set(auth(jwt)).send(body);
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('validation_error');
      expect(JSON.stringify(res.body.error)).toContain(field);
      expect((await server.http().get(url).set(auth(jwt))).body.data).toMatchObject({ version: 1, value: 'strict-1' });
    },
  );

  it('an empty update and an unknown prune parameter answer 400', async () => {
    const { jwt, url } = await itemWithVersions(['strict-a', 'strict-b']);
    expect((await server.http().patch(url).set(auth(jwt)).send({})).status).toBe(400);
    const typo = await server.http().delete(`${url}/versions`).query({ kep: 5 }).set(auth(jwt));
    expect(typo.status).toBe(400);
    expect(JSON.stringify(typo.body.error)).toContain('kep');
    expect((await server.http().get(url).query({ version: 1 }).set(auth(jwt))).status).toBe(200);
  });
});

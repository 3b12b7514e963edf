/**
 * Vault security: JWT only, tenant isolation, AAD binding of stored rows, values kept out of lists,
 * audit entries and logs, and audit detail that follows the vault's sensitivity.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectStatus, must, newTenant, useTestServer } from '../helpers/index.js';

/** Everything the server's logger writes while this file runs (pino writes through process.stdout). */
let logs = '';
const realWrite = process.stdout.write.bind(process.stdout);
beforeAll(() => {
  process.stdout.write = ((chunk: string | Uint8Array, ...rest: never[]) => {
    logs += typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
    return realWrite(chunk, ...rest);
  }) as typeof process.stdout.write;
});
afterAll(() => {
  process.stdout.write = realWrite;
});
const server = useTestServer({ LOG_LEVEL: 'trace' });

const secrets: string[] = [];

type Sensitivity = 'low' | 'medium' | 'high' | 'critical';

async function vaultWithItem(jwt: string, sensitivity: Sensitivity = 'medium') {
  const value = `s3cret-${sensitivity}-${Math.random().toString(36).slice(2)}-value`;
  secrets.push(value);
  const api = server.api(jwt).vault;
  const created = await api.createVault({ body: { name: `v-${Math.random()}`, sensitivity } });
  const vault = must('create vault', created, 201).body.data;
  const stored = await api.createItem({
    params: { vaultId: vault.id },
    body: { name: 'DB_PASSWORD', value, type: 'password' },
  });
  const item = must('create item', stored, 201).body.data;
  const params = { vaultId: vault.id, itemId: item.id };
  return { vault, item, value, params };
}

/** Every vault route on `vault`'s item, called as `credential`. */
function everyRoute(
  credential: string | undefined,
  { vault, item, params }: Awaited<ReturnType<typeof vaultWithItem>>,
) {
  const api = server.api(credential).vault;
  return {
    listVaults: () => api.listVaults(),
    createVault: () => api.createVault({ body: { name: 'x' } }),
    listItems: () => api.listItems({ params: { vaultId: vault.id } }),
    createItem: () => api.createItem({ params: { vaultId: vault.id }, body: { name: 'x', value: 'y' } }),
    getItem: () => api.getItem({ params }),
    revealItem: () => api.revealItem({ params: { id: vault.id, itemId: item.id }, body: {} }),
    audit: () => api.audit({ params: { id: vault.id } }),
    deleteItem: () => api.deleteItem({ params }),
    updateVault: () => api.updateVault({ params: { vaultId: vault.id }, body: { organizationId: null } }),
    deleteVault: () => api.deleteVault({ params: { vaultId: vault.id } }),
  };
}

describe('vault security', () => {
  it('refuses API keys on every vault route with 401 naming the JWT', async () => {
    const { jwt, apiKey } = await newTenant(server);
    const routes = everyRoute(apiKey, await vaultWithItem(jwt));
    const names = [
      'listVaults',
      'createVault',
      'listItems',
      'getItem',
      'revealItem',
      'audit',
      'updateVault',
      'deleteVault',
    ] as const;
    for (const name of names) {
      const res = await routes[name]();
      expect(res.status, name).toBe(401);
      const { error } = expectStatus(res, 401).body;
      expect(error.code).toBe('unauthorized');
      expect(error.message).toMatch(/JWT/);
    }
    const none = await server.api().vault.listVaults();
    expect(none.status).toBe(401);
  });

  it("answers 404 for another tenant's vault and item and lists only the caller's vaults", async () => {
    const a = await newTenant(server, 'a');
    const b = await newTenant(server, 'b');
    const made = await vaultWithItem(a.jwt);
    const routes = everyRoute(b.jwt, made);
    const names = [
      'listItems',
      'getItem',
      'revealItem',
      'createItem',
      'audit',
      'deleteItem',
      'updateVault',
      'deleteVault',
    ] as const;
    for (const name of names) {
      const res = await routes[name]();
      expect(res.status, name).toBe(404);
      expect(expectStatus(res, 404).body.error.code).toBe('not_found');
    }
    expect(expectStatus(await routes.listVaults(), 200).body.data.vaults).toEqual([]);
    // Still there for its owner.
    expectStatus(await server.api(a.jwt).vault.getItem({ params: made.params }), 200);
  });

  it('does not decrypt a ciphertext moved into another item row', async () => {
    const { jwt } = await newTenant(server);
    const { vault, item, value, params } = await vaultWithItem(jwt);
    const api = server.api(jwt).vault;
    const stored = await api.createItem({
      params: { vaultId: vault.id },
      body: { name: 'OTHER', value: 'other-value-123' },
    });
    const other = must('create item', stored, 201).body.data;
    // Copy the whole sealed record (ciphertext, wrapped DEK and KEK id) of `item` over `other`.
    await server.ctx.database.rows(sql`
      update vault_items set ciphertext = src.ciphertext, wrapped_dek = src.wrapped_dek, kek_id = src.kek_id
      from (select ciphertext, wrapped_dek, kek_id from vault_items where id = ${item.id}) as src
      where vault_items.id = ${other.id}`);
    const res = await api.getItem({ params: { vaultId: vault.id, itemId: other.id } });
    expect(res.status).toBe(500);
    expect(res.body).toMatchObject({ error: { code: 'internal_error' } });
    expect(JSON.stringify(res.body)).not.toContain(value);
    const reveal = await api.revealItem({ params: { id: vault.id, itemId: other.id }, body: {} });
    expect(reveal.status).toBe(500);
    // The original row still opens.
    const ok = await api.getItem({ params });
    expect(ok.body).toMatchObject({ data: { value } });
  });

  it('does not decrypt a row moved into another vault of the same tenant', async () => {
    const { jwt } = await newTenant(server);
    const { item } = await vaultWithItem(jwt);
    const api = server.api(jwt).vault;
    const target = must('create vault', await api.createVault({ body: { name: 'target' } }), 201).body.data;
    await server.ctx.database.rows(sql`update vault_items set vault_id = ${target.id} where id = ${item.id}`);
    const res = await api.getItem({ params: { vaultId: target.id, itemId: item.id } });
    expect(res.status).toBe(500);
  });

  it('audits retrieval and reveal with detail that grows with sensitivity', async () => {
    const { jwt } = await newTenant(server);
    const entriesFor = async (sensitivity: Sensitivity) => {
      const { vault, item, params } = await vaultWithItem(jwt, sensitivity);
      const api = server.api(jwt, { 'User-Agent': 'hx-audit-test/1.0' }).vault;
      expectStatus(await api.getItem({ params }), 200);
      const revealed = await api.revealItem({
        params: { id: vault.id, itemId: item.id },
        extraHeaders: { 'X-Request-Id': `reveal-${sensitivity}` },
        body: {},
      });
      expectStatus(revealed, 200);
      const res = await api.audit({ params: { id: vault.id } });
      return expectStatus(res, 200).body.data.entries;
    };

    const low = await entriesFor('low');
    expect(low.map((e) => e.action)).toEqual([
      'vault.item.revealed',
      'vault.item.retrieved',
      'vault.item.created',
      'vault.created',
    ]);
    for (const e of low) {
      expect(e.actorType).toBe('user');
      expect(e.actorId).toMatch(/^usr_/);
      expect(e.createdAt).toBeTruthy();
      expect(e).toMatchObject({ ip: null, userAgent: null, requestId: null });
      expect(e.details).not.toHaveProperty('itemName');
    }

    const medium = (await entriesFor('medium'))[0]!;
    expect(medium).toMatchObject({ requestId: 'reveal-medium', ip: null, userAgent: null });

    const high = (await entriesFor('high'))[0]!;
    expect(high).toMatchObject({ requestId: 'reveal-high', userAgent: 'hx-audit-test/1.0' });
    expect(high.ip).toBeTruthy();
    expect(high.details).not.toHaveProperty('itemName');

    const critical = (await entriesFor('critical'))[0]!;
    expect(critical).toMatchObject({
      action: 'vault.item.revealed',
      requestId: 'reveal-critical',
      userAgent: 'hx-audit-test/1.0',
    });
    expect(critical.ip).toBeTruthy();
    expect(critical.details).toMatchObject({ itemName: 'DB_PASSWORD', itemType: 'password', sensitivity: 'critical' });
  });

  it('keeps values out of list responses, audit rows and the server log', async () => {
    const { jwt } = await newTenant(server);
    const { vault, value, params } = await vaultWithItem(jwt, 'critical');
    const api = server.api(jwt).vault;
    expectStatus(await api.getItem({ params }), 200);
    const list = await api.listItems({ params: { vaultId: vault.id } });
    expect(JSON.stringify(list.body)).not.toContain(value);
    const vaults = await api.listVaults();
    expect(JSON.stringify(vaults.body)).not.toContain(value);

    const rows = await server.ctx.database.rows(sql`select * from audit_logs`);
    expect(rows.length).toBeGreaterThan(0);
    const stored = JSON.stringify(rows);
    expect(logs).toContain('vault decrypt failed'); // the log capture works (the moved-row tests logged)
    for (const s of secrets) {
      expect(stored).not.toContain(s);
      expect(logs).not.toContain(s);
    }
  });
});

/** Vault error cases: validation names fields, unknown ids 404, name conflicts 409, the system vault is kept. */
import { describe, expect, it } from 'vitest';
import { errorFields, expectStatus, must, newTenant, postRaw, useTestServer } from '../helpers/index.js';

const server = useTestServer();

/** The fields an error envelope names, sorted. */
const fields = (body: { error: { details?: { field: string }[] } }) => errorFields(body).sort();

/** A new vault named `name` of `jwt`'s tenant; answers its id. */
async function vaultOf(jwt: string, name = 'v') {
  return must('create vault', await server.api(jwt).vault.createVault({ body: { name } }), 201).body.data.id;
}

describe('vault errors', () => {
  it('names the offending fields of a bad vault or item', async () => {
    const { jwt } = await newTenant(server);
    // Values outside the contract's types (an unknown sensitivity, metadata that is no object): sent raw.
    const bad = await postRaw(server, '/v1/vaults', jwt, { name: '', sensitivity: 'extreme' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('validation_error');
    expect(fields(bad.body)).toEqual(['name', 'sensitivity']);

    const vaultId = await vaultOf(jwt);
    const item = await postRaw(server, `/v1/vaults/${vaultId}/items`, jwt, { name: 'k', value: '', metadata: 'x' });
    expect(item.status).toBe(400);
    expect(fields(item.body)).toEqual(['metadata', 'value']);
  });

  it('refuses a bad cursor and a limit over 100 with 400', async () => {
    const { jwt } = await newTenant(server);
    const vault = server.api(jwt).vault;
    const cursor = await vault.listVaults({ query: { cursor: 'not-a-cursor' } });
    expect(fields(expectStatus(cursor, 400).body)).toEqual(['query.cursor']);
    const limit = await vault.listVaults({ query: { limit: 101 } });
    expect(fields(expectStatus(limit, 400).body)).toEqual(['query.limit']);
  });

  it('answers 404 for unknown vaults and items on every route', async () => {
    const { jwt } = await newTenant(server);
    const vaultId = await vaultOf(jwt);
    const vault = server.api(jwt).vault;
    const missing = { vaultId: 'vlt_missing' };
    const calls = [
      () => vault.listItems({ params: missing }),
      () => vault.createItem({ params: missing, body: { name: 'k', value: 'v' } }),
      () => vault.audit({ params: { id: 'vlt_missing' } }),
      () => vault.deleteVault({ params: missing }),
      () => vault.getItem({ params: { vaultId, itemId: 'vit_missing' } }),
      () => vault.revealItem({ params: { id: vaultId, itemId: 'vit_missing' }, body: {} }),
      () => vault.deleteItem({ params: { vaultId, itemId: 'vit_missing' } }),
    ];
    for (const [i, call] of calls.entries()) {
      const res = await call();
      expect(res.status, `call ${i}`).toBe(404);
      expect(res.body).toMatchObject({ ok: false, error: { code: 'not_found' } });
    }
  });

  it('answers 404 for an item addressed through another vault of the same tenant', async () => {
    const { jwt } = await newTenant(server);
    const a = await vaultOf(jwt, 'a');
    const b = await vaultOf(jwt, 'b');
    const vault = server.api(jwt).vault;
    const item = await vault.createItem({ params: { vaultId: a }, body: { name: 'k', value: 'v-123456' } });
    const itemId = must('create item', item, 201).body.data.id;
    const res = await vault.getItem({ params: { vaultId: b, itemId } });
    expect(res.status).toBe(404);
  });

  it('answers 409 for a duplicate vault name and for the reserved name "system"', async () => {
    const { jwt } = await newTenant(server);
    const vault = server.api(jwt).vault;
    expectStatus(await vault.createVault({ body: { name: 'dup' } }), 201);
    const dup = await vault.createVault({ body: { name: 'dup' } });
    expect(expectStatus(dup, 409).body.error.code).toBe('conflict');
    const reserved = await vault.createVault({ body: { name: 'System' } });
    expect(reserved.status).toBe(409);
  });

  it('keeps the system vault: deleting it answers 403', async () => {
    const { jwt, apiKey } = await newTenant(server);
    const captured = await server.api(apiKey).capture.capture({
      body: { type: 'message', sessionId: 's1', payload: { role: 'user', content: 'key AKIAQ3VZ7T2XKM4PLR6W' } },
    });
    expectStatus(captured, 201);
    const vault = server.api(jwt).vault;
    const system = expectStatus(await vault.listVaults(), 200).body.data.vaults.find((v) => v.system);
    expect(system).toBeDefined();
    const res = await vault.deleteVault({ params: { vaultId: system!.id } });
    expect(expectStatus(res, 403).body.error.code).toBe('forbidden');
  });
});

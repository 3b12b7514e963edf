/** Vault error cases: validation names fields, unknown ids 404, name conflicts 409, the system vault is kept. */
import { describe, expect, it } from 'vitest';
import { auth, newTenant, useTestServer } from '../helpers/index.js';

const server = useTestServer();

const fields = (body: { error: { details?: { field: string }[] } }) =>
  (body.error.details ?? []).map((d) => d.field).sort();

describe('vault errors', () => {
  it('names the offending fields of a bad vault or item', async () => {
    const { jwt } = await newTenant(server);
    const bad = await server.http().post('/v1/vaults').set(auth(jwt)).send({ name: '', sensitivity: 'extreme' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('validation_error');
    expect(fields(bad.body)).toEqual(['name', 'sensitivity']);

    const vault = (await server.http().post('/v1/vaults').set(auth(jwt)).send({ name: 'v' })).body.data;
    const item = await server
      .http()
      .post(`/v1/vaults/${vault.id}/items`)
      .set(auth(jwt))
      .send({ name: 'k', value: '', metadata: 'x' });
    expect(item.status).toBe(400);
    expect(fields(item.body)).toEqual(['metadata', 'value']);
  });

  it('refuses a bad cursor and a limit over 100 with 400', async () => {
    const { jwt } = await newTenant(server);
    const cursor = await server.http().get('/v1/vaults?cursor=not-a-cursor').set(auth(jwt));
    expect(cursor.status).toBe(400);
    expect(fields(cursor.body)).toEqual(['query.cursor']);
    const limit = await server.http().get('/v1/vaults?limit=101').set(auth(jwt));
    expect(limit.status).toBe(400);
    expect(fields(limit.body)).toEqual(['query.limit']);
  });

  it('answers 404 for unknown vaults and items on every route', async () => {
    const { jwt } = await newTenant(server);
    const vault = (await server.http().post('/v1/vaults').set(auth(jwt)).send({ name: 'v' })).body.data;
    const calls = [
      server.http().get('/v1/vaults/vlt_missing/items'),
      server.http().post('/v1/vaults/vlt_missing/items').send({ name: 'k', value: 'v' }),
      server.http().get('/v1/vaults/vlt_missing/audit'),
      server.http().delete('/v1/vaults/vlt_missing'),
      server.http().get(`/v1/vaults/${vault.id}/items/vit_missing`),
      server.http().post(`/v1/vaults/${vault.id}/items/vit_missing/reveal`),
      server.http().delete(`/v1/vaults/${vault.id}/items/vit_missing`),
    ];
    for (const [i, call] of calls.entries()) {
      const res = await call.set(auth(jwt));
      expect(res.status, `call ${i}`).toBe(404);
      expect(res.body).toMatchObject({ ok: false, error: { code: 'not_found' } });
    }
  });

  it('answers 404 for an item addressed through another vault of the same tenant', async () => {
    const { jwt } = await newTenant(server);
    const a = (await server.http().post('/v1/vaults').set(auth(jwt)).send({ name: 'a' })).body.data;
    const b = (await server.http().post('/v1/vaults').set(auth(jwt)).send({ name: 'b' })).body.data;
    const item = (
      await server.http().post(`/v1/vaults/${a.id}/items`).set(auth(jwt)).send({ name: 'k', value: 'v-123456' })
    ).body.data;
    const res = await server.http().get(`/v1/vaults/${b.id}/items/${item.id}`).set(auth(jwt));
    expect(res.status).toBe(404);
  });

  it('answers 409 for a duplicate vault name and for the reserved name "system"', async () => {
    const { jwt } = await newTenant(server);
    await server.http().post('/v1/vaults').set(auth(jwt)).send({ name: 'dup' }).expect(201);
    const dup = await server.http().post('/v1/vaults').set(auth(jwt)).send({ name: 'dup' });
    expect(dup.status).toBe(409);
    expect(dup.body.error.code).toBe('conflict');
    const reserved = await server.http().post('/v1/vaults').set(auth(jwt)).send({ name: 'System' });
    expect(reserved.status).toBe(409);
  });

  it('keeps the system vault: deleting it answers 403', async () => {
    const { jwt, apiKey } = await newTenant(server);
    await server
      .http()
      .post('/v1/capture')
      .set(auth(apiKey))
      .send({ type: 'message', sessionId: 's1', payload: { role: 'user', content: 'key AKIAQ3VZ7T2XKM4PLR6W' } })
      .expect(201);
    const system = (await server.http().get('/v1/vaults').set(auth(jwt))).body.data.vaults.find(
      (v: { system: boolean }) => v.system,
    );
    expect(system).toBeDefined();
    const res = await server.http().delete(`/v1/vaults/${system.id}`).set(auth(jwt));
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('forbidden');
  });
});

/** Vault routes (JWT only) and capture-time secret detection, per SPEC.md and DESIGN §6. */
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestServer, auth, newTenant } from '../helpers/index.js';
import { expectError, expectOk, expectPage, expectValidation } from './wire.js';

const server = useTestServer();
let jwt: string;
let apiKey: string;
const J = () => ({ Authorization: `Bearer ${jwt}` });

beforeAll(async () => {
  ({ jwt, apiKey } = await newTenant(server, 'vault'));
});

describe('vaults', () => {
  it('create {name, description, sensitivity}; sensitivity defaults to medium; list', async () => {
    const v = expectOk(await server.http().post('/v1/vaults').set(J()).send({ name: 'payments' }), 201);
    expect(v.name).toBe('payments');
    expect(v.sensitivity).toBe('medium');
    const w = expectOk(
      await server
        .http()
        .post('/v1/vaults')
        .set(J())
        .send({ name: 'crit', description: 'root creds', sensitivity: 'critical' }),
      201,
    );
    expect(w).toMatchObject({ name: 'crit', description: 'root creds', sensitivity: 'critical' });
    const list = expectOk(await server.http().get('/v1/vaults').set(J()));
    const ids = expectPage(list, 'vaults').map((x: { id: string }) => x.id);
    expect(ids).toEqual(expect.arrayContaining([v.id, w.id]));
    expectValidation(
      await server.http().post('/v1/vaults').set(J()).send({ name: 'x', sensitivity: 'extreme' }),
      'sensitivity',
    );
    expectValidation(await server.http().post('/v1/vaults').set(J()).send({}), 'name');
  });

  it('items: store {name, value, type, metadata}; retrieve has the decrypted value; list; reveal; audit', async () => {
    const v = expectOk(
      await server.http().post('/v1/vaults').set(J()).send({ name: 'items', sensitivity: 'high' }),
      201,
    );
    const secret = 'sk_live_conformance_0123456789abcdef';
    const item = expectOk(
      await server
        .http()
        .post(`/v1/vaults/${v.id}/items`)
        .set(J())
        .send({ name: 'stripe', value: secret, type: 'api_key', metadata: { env: 'prod' } }),
      201,
    );
    expect(item.name).toBe('stripe');
    expect(JSON.stringify(item)).not.toContain(secret);
    const got = expectOk(await server.http().get(`/v1/vaults/${v.id}/items/${item.id}`).set(J()));
    expect(got.value).toBe(secret);
    expect(got).toMatchObject({ name: 'stripe', type: 'api_key', metadata: { env: 'prod' } });
    const list = expectOk(await server.http().get(`/v1/vaults/${v.id}/items`).set(J()));
    const items = expectPage(list, 'items');
    expect(items.map((i: { id: string }) => i.id)).toContain(item.id);
    expect(JSON.stringify(list)).not.toContain(secret);
    const rev = expectOk(await server.http().post(`/v1/vaults/${v.id}/items/${item.id}/reveal`).set(J()));
    expect(JSON.stringify(rev)).toContain(secret);
    const audit = expectOk(await server.http().get(`/v1/vaults/${v.id}/audit`).set(J()));
    const entries = expectPage(audit, 'entries');
    expect(entries.length).toBeGreaterThanOrEqual(3);
    expect(JSON.stringify(audit)).not.toContain(secret);
    expectValidation(await server.http().post(`/v1/vaults/${v.id}/items`).set(J()).send({ name: 'no value' }), 'value');
  });

  it('retrieval is always audited (each GET of an item adds an audit entry)', async () => {
    const v = expectOk(await server.http().post('/v1/vaults').set(J()).send({ name: 'low', sensitivity: 'low' }), 201);
    const item = expectOk(
      await server.http().post(`/v1/vaults/${v.id}/items`).set(J()).send({ name: 'pw', value: 'hunter2hunter2' }),
      201,
    );
    const before = expectOk(await server.http().get(`/v1/vaults/${v.id}/audit?limit=100`).set(J())).entries.length;
    expectOk(await server.http().get(`/v1/vaults/${v.id}/items/${item.id}`).set(J()));
    const after = expectOk(await server.http().get(`/v1/vaults/${v.id}/audit?limit=100`).set(J())).entries.length;
    expect(after).toBe(before + 1);
  });

  it('every vault route refuses an API key with 401; unknown vaults/items are 404; other tenants see 404', async () => {
    const K = { Authorization: `Bearer ${apiKey}` };
    const v = expectOk(await server.http().post('/v1/vaults').set(J()).send({ name: 'iso' }), 201);
    const item = expectOk(
      await server.http().post(`/v1/vaults/${v.id}/items`).set(J()).send({ name: 'a', value: 'b' }),
      201,
    );
    expectError(await server.http().post('/v1/vaults').set(K).send({ name: 'x' }), 'unauthorized');
    expectError(await server.http().get('/v1/vaults').set(K), 'unauthorized');
    expectError(await server.http().get(`/v1/vaults/${v.id}/items`).set(K), 'unauthorized');
    expectError(await server.http().get(`/v1/vaults/${v.id}/items/${item.id}`).set(K), 'unauthorized');
    expectError(
      await server.http().post(`/v1/vaults/${v.id}/items`).set(K).send({ name: 'a', value: 'b' }),
      'unauthorized',
    );
    expectError(await server.http().post(`/v1/vaults/${v.id}/items/${item.id}/reveal`).set(K), 'unauthorized');
    expectError(await server.http().get(`/v1/vaults/${v.id}/audit`).set(K), 'unauthorized');
    expectError(await server.http().get('/v1/vaults/vlt_01ARZ3NDEKTSV4RRFFQ69G5FAV/items').set(J()), 'not_found');
    expectError(
      await server.http().get(`/v1/vaults/${v.id}/items/vit_01ARZ3NDEKTSV4RRFFQ69G5FAV`).set(J()),
      'not_found',
    );
    const other = await newTenant(server, 'vault-other');
    expectError(await server.http().get(`/v1/vaults/${v.id}/items/${item.id}`).set(auth(other.jwt)), 'not_found');
  });
});

describe('capture-time secret detection (SPEC Events)', () => {
  it('the capture answer is unchanged, the stored event is redacted to a vault reference', async () => {
    const K = { Authorization: `Bearer ${apiKey}` };
    const secret = 'postgres://admin:S3cr3tPassw0rd!@db.internal:5432/prod';
    const res = await server
      .http()
      .post('/v1/capture')
      .set(K)
      .send({ type: 'message', sessionId: 'sec', payload: { role: 'user', content: `connect with ${secret} please` } });
    const d = expectOk(res, 201);
    expect(Object.keys(d).sort()).toEqual(['eventId', 'salienceScore', 'status']);
    await server.http().post('/v1/learn').set(K).send({ wait: true });
    const syn = expectOk(
      await server.http().post('/v1/synthesize').set(K).send({ query: 'connect database postgres' }),
    );
    expect(JSON.stringify(syn)).not.toContain('S3cr3tPassw0rd');
    const vaults = expectOk(await server.http().get('/v1/vaults').set(J()));
    expect(vaults.vaults.length).toBeGreaterThan(0);
  });
});

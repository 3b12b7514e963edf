/**
 * Vaults owned by an organization, shared by role over real HTTP: owner and admin read and change,
 * manager (vault:read + vault:write) too, developer (vault:read) reads and gets 403 on changes, analyst
 * and viewer get 404 like an unknown id, as do a member of another organization of the tenant and
 * another tenant. The creator and the tenant owner keep access; a role change or removal applies at once.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import {
  useTestServer,
  addMember,
  bearer,
  createOrg,
  registerUser,
  type TestMember,
  type TestOrg,
  type TestUser,
} from '../helpers/index.js';

const server = useTestServer();
let org: TestOrg;
let members: Record<'admin' | 'manager' | 'developer' | 'analyst' | 'viewer', TestMember>;
let otherOrgAdmin: TestMember;
let otherTenant: TestUser;

beforeAll(async () => {
  org = await createOrg(server);
  const [admin, manager, developer, analyst, viewer] = await Promise.all(
    (['admin', 'manager', 'developer', 'analyst', 'viewer'] as const).map((role) => addMember(server, org, role)),
  );
  members = { admin: admin!, manager: manager!, developer: developer!, analyst: analyst!, viewer: viewer! };
  const otherOrg = await createOrg(server, org.owner, 'Other');
  otherOrgAdmin = await addMember(server, otherOrg, 'admin');
  otherTenant = await registerUser(server, 'stranger');
}, 120_000);

const as = (user: { accessToken: string }) => ({ Authorization: bearer(user) });
let counter = 0;

async function orgVault(creator: TestUser, organizationId = org.id) {
  counter += 1;
  const vault = await server
    .http()
    .post('/v1/vaults')
    .set(as(creator))
    .send({ name: `shared-${counter}-${Math.random().toString(36).slice(2)}`, organizationId });
  expect(vault.status, JSON.stringify(vault.body)).toBe(201);
  expect(vault.body.data.organizationId).toBe(organizationId);
  const value = `shared-secret-${counter}`;
  const item = await server
    .http()
    .post(`/v1/vaults/${vault.body.data.id}/items`)
    .set(as(creator))
    .send({ name: 'k', value });
  expect(item.status).toBe(201);
  return { vaultId: vault.body.data.id as string, itemId: item.body.data.id as string, value };
}

async function listedVaultIds(user: TestUser): Promise<string[]> {
  const res = await server.http().get('/v1/vaults').query({ limit: 100 }).set(as(user));
  expect(res.status).toBe(200);
  return res.body.data.vaults.map((v: { id: string }) => v.id);
}

/** Status of each read and each change of the vault, as `user`. */
async function probe(user: TestUser, f: { vaultId: string; itemId: string }) {
  const h = () => server.http();
  const item = `/v1/vaults/${f.vaultId}/items/${f.itemId}`;
  const [retrieve, reveal, items, versions, audit] = await Promise.all([
    h().get(item).set(as(user)),
    h().post(`${item}/reveal`).set(as(user)),
    h().get(`/v1/vaults/${f.vaultId}/items`).set(as(user)),
    h().get(`${item}/versions`).set(as(user)),
    h().get(`/v1/vaults/${f.vaultId}/audit`).set(as(user)),
  ]);
  const store = await h().post(`/v1/vaults/${f.vaultId}/items`).set(as(user)).send({ name: 'n', value: 'probe-value' });
  const update = await h().patch(item).set(as(user)).send({ value: 'probe-update' });
  const prune = await h().delete(`${item}/versions`).set(as(user));
  return {
    reads: [retrieve, reveal, items, versions, audit].map((r) => r.status),
    writes: [store, update, prune].map((r) => r.status),
    bodies: [retrieve, reveal, items, versions, audit, store, update, prune].map((r) => JSON.stringify(r.body)),
  };
}

describe('a vault owned by an organization', () => {
  it.each([
    ['admin', 200, [201, 200, 200]],
    ['manager', 200, [201, 200, 200]],
    ['developer', 200, [403, 403, 403]],
    ['analyst', 404, [404, 404, 404]],
    ['viewer', 404, [404, 404, 404]],
  ] as const)('%s of the organization: reads %i, changes %j', async (role, read, writes) => {
    const f = await orgVault(org.owner);
    const got = await probe(members[role], f);
    expect(got.reads).toEqual([200, 200, 200, 200, 200].map(() => read));
    expect(got.writes).toEqual(writes);
    expect((await listedVaultIds(members[role])).includes(f.vaultId)).toBe(read === 200);
    if (read === 404) {
      for (const body of got.bodies) expect(body).not.toContain(f.value);
      expect(got.bodies[0]).toContain('not_found');
    } else {
      const value = await server.http().get(`/v1/vaults/${f.vaultId}/items/${f.itemId}`).set(as(members[role]));
      expect(value.body.data.value).toMatch(/^(shared-secret-\d+|probe-update)$/);
    }
  });

  it('is invisible (404) to an admin of another organization of the tenant and to another tenant', async () => {
    const f = await orgVault(org.owner);
    for (const user of [otherOrgAdmin, otherTenant]) {
      const got = await probe(user, f);
      expect(got.reads).toEqual([404, 404, 404, 404, 404]);
      expect(got.writes).toEqual([404, 404, 404]);
      expect(await listedVaultIds(user)).not.toContain(f.vaultId);
      for (const body of got.bodies) expect(body).not.toContain(f.value);
    }
  });

  it('is created only by who may change vaults in the organization; others get 404 for the organization', async () => {
    const byManager = await orgVault(members.manager);
    expect(await listedVaultIds(org.owner)).toContain(byManager.vaultId);
    for (const user of [members.developer, members.viewer, otherOrgAdmin, otherTenant]) {
      const res = await server
        .http()
        .post('/v1/vaults')
        .set(as(user))
        .send({ name: `nope-${Math.random()}`, organizationId: org.id });
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe('not_found');
    }
    const unknown = await server
      .http()
      .post('/v1/vaults')
      .set(as(org.owner))
      .send({ name: 'x-unknown-org', organizationId: 'org_unknown' });
    expect(unknown.status).toBe(404);
  });

  it('keeps the creator in and follows role changes and removal at once', async () => {
    const [creator, reader] = await Promise.all([
      addMember(server, org, 'manager'),
      addMember(server, org, 'developer'),
    ]);
    const f = await orgVault(creator);
    expect((await probe(reader, f)).reads[0]).toBe(200);

    const setRole = (m: TestMember, role: string) =>
      server.http().patch(`/v1/organizations/${org.id}/members/${m.memberId}`).set(as(org.owner)).send({ role });
    expect((await setRole(creator, 'viewer')).status).toBe(200);
    expect((await setRole(reader, 'viewer')).status).toBe(200);
    // The creator keeps their vault whatever their role; the demoted reader no longer sees it.
    expect((await probe(creator, f)).reads).toEqual([200, 200, 200, 200, 200]);
    expect((await probe(reader, f)).reads).toEqual([404, 404, 404, 404, 404]);

    expect((await setRole(reader, 'admin')).status).toBe(200);
    expect((await probe(reader, f)).writes).toEqual([201, 200, 200]);
    expect(
      (await server.http().delete(`/v1/organizations/${org.id}/members/${reader.memberId}`).set(as(org.owner))).status,
    ).toBe(200);
    expect((await server.http().get(`/v1/vaults/${f.vaultId}/items`).set(as(reader))).status).toBe(404);
  });

  it('leaves vaults without an organization to their creator and the tenant owner', async () => {
    const own = await server
      .http()
      .post('/v1/vaults')
      .set(as(members.admin))
      .send({ name: `personal-${Math.random()}` });
    expect(own.body.data.organizationId).toBeNull();
    const f = { vaultId: own.body.data.id as string, itemId: 'vit_none' };
    expect((await server.http().get(`/v1/vaults/${f.vaultId}/items`).set(as(members.manager))).status).toBe(404);
    expect((await server.http().get(`/v1/vaults/${f.vaultId}/items`).set(as(org.owner))).status).toBe(200);
  });
});

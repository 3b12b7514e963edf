/**
 * Vaults owned by an organization, shared by role over real HTTP: owner and admin read and change,
 * manager (vault:read + vault:write) too, developer (vault:read) reads and gets 403 on changes, analyst
 * and viewer get 404 like an unknown id, as do a member of another organization of the tenant and
 * another tenant. The creator and the tenant owner keep access; a role change or removal applies at once.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '@hx-memory/contract';
import { addMember, createOrg, expectStatus, registerUser, useTestServer } from '../helpers/index.js';
import type { TestMember, TestOrg, TestUser } from '../helpers/index.js';

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

let counter = 0;

async function orgVault(creator: TestUser, organizationId = org.id) {
  counter += 1;
  const api = server.api(creator).vault;
  const name = `shared-${counter}-${Math.random().toString(36).slice(2)}`;
  const vault = expectStatus(await api.createVault({ body: { name, organizationId } }), 201).body.data;
  expect(vault.organizationId).toBe(organizationId);
  const value = `shared-secret-${counter}`;
  const item = await api.createItem({ params: { vaultId: vault.id }, body: { name: 'k', value } });
  return { vaultId: vault.id, itemId: expectStatus(item, 201).body.data.id, value };
}

async function listedVaultIds(user: TestUser): Promise<string[]> {
  const res = await server.api(user).vault.listVaults({ query: { limit: 100 } });
  return expectStatus(res, 200).body.data.vaults.map((v) => v.id);
}

/** Status of each read and each change of the vault, as `user`. */
async function probe(user: TestUser, f: { vaultId: string; itemId: string }) {
  const api = server.api(user).vault;
  const params = { vaultId: f.vaultId, itemId: f.itemId };
  const [retrieve, reveal, items, versions, audit] = await Promise.all([
    api.getItem({ params }),
    api.revealItem({ params: { id: f.vaultId, itemId: f.itemId }, body: {} }),
    api.listItems({ params: { vaultId: f.vaultId } }),
    api.listItemVersions({ params }),
    api.audit({ params: { id: f.vaultId } }),
  ]);
  const store = await api.createItem({ params: { vaultId: f.vaultId }, body: { name: 'n', value: 'probe-value' } });
  const update = await api.updateItem({ params, body: { value: 'probe-update' } });
  const prune = await api.pruneItemVersions({ params });
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
      const value = await server.api(members[role]).vault.getItem({ params: f });
      expect(expectStatus(value, 200).body.data.value).toMatch(/^(shared-secret-\d+|probe-update)$/);
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
        .api(user)
        .vault.createVault({ body: { name: `nope-${Math.random()}`, organizationId: org.id } });
      expect(expectStatus(res, 404).body.error.code).toBe('not_found');
    }
    const unknown = await server
      .api(org.owner)
      .vault.createVault({ body: { name: 'x-unknown-org', organizationId: 'org_unknown' } });
    expect(unknown.status).toBe(404);
  });

  it('keeps the creator in and follows role changes and removal at once', async () => {
    const [creator, reader] = await Promise.all([
      addMember(server, org, 'manager'),
      addMember(server, org, 'developer'),
    ]);
    const f = await orgVault(creator);
    expect((await probe(reader, f)).reads[0]).toBe(200);

    const owner = server.api(org.owner).members;
    const setRole = (m: TestMember, role: Role) =>
      owner.update({ params: { orgId: org.id, memberId: m.memberId }, body: { role } });
    expect((await setRole(creator, 'viewer')).status).toBe(200);
    expect((await setRole(reader, 'viewer')).status).toBe(200);
    // The creator keeps their vault whatever their role; the demoted reader no longer sees it.
    expect((await probe(creator, f)).reads).toEqual([200, 200, 200, 200, 200]);
    expect((await probe(reader, f)).reads).toEqual([404, 404, 404, 404, 404]);

    expect((await setRole(reader, 'admin')).status).toBe(200);
    expect((await probe(reader, f)).writes).toEqual([201, 200, 200]);
    expect((await owner.remove({ params: { orgId: org.id, memberId: reader.memberId } })).status).toBe(200);
    expect((await server.api(reader).vault.listItems({ params: { vaultId: f.vaultId } })).status).toBe(404);
  });

  it('leaves vaults without an organization to their creator and the tenant owner', async () => {
    const own = await server.api(members.admin).vault.createVault({ body: { name: `personal-${Math.random()}` } });
    const vault = expectStatus(own, 201).body.data;
    expect(vault.organizationId).toBeNull();
    const params = { vaultId: vault.id };
    expect((await server.api(members.manager).vault.listItems({ params })).status).toBe(404);
    expect((await server.api(org.owner).vault.listItems({ params })).status).toBe(200);
  });
});

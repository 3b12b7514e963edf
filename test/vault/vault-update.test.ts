/**
 * PATCH /v1/vaults/:vaultId over real HTTP: name, description, sensitivity and sharing change. Moving a
 * vault from organization A to B (or to none) applies at once, role by role: A's owner, admin and reader
 * lose it, B's owner, admin and vault:read members gain it, members without vault:read see nothing.
 * Only the creator and the tenant owner may change a vault (403 for others who see it, 404 for who does
 * not); a new organization needs vault:write there (404); names stay unique (409), `system` reserved,
 * the system vault keeps its name; unknown fields 400; audited `vault.updated` with the fields changed.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '@hx-memory/contract';
import { addMember, createApiKey, createOrg, expectStatus, registerUser, useTestServer } from '../helpers/index.js';
import type { TestMember, TestOrg, TestUser } from '../helpers/index.js';

const server = useTestServer();

type Seat = 'owner' | 'admin' | 'developer' | 'viewer';
const SEATS: Seat[] = ['owner', 'admin', 'developer', 'viewer'];

let tenantOwner: TestUser;
let orgA: TestOrg;
let orgB: TestOrg;
let orgC: TestOrg;
/** Members of A and of B, one per role; developer holds vault:read only, viewer nothing of the vault. */
let inA: Record<Seat, TestMember>;
let inB: Record<Seat, TestMember>;
/** A manager of A (vault:write) who creates the vaults; also a manager of B, not a member of C. */
let creator: TestMember;
/** Another manager of A: may write in the vault, is not its creator. */
let writer: TestMember;
let stranger: TestUser;

async function seats(org: TestOrg): Promise<Record<Seat, TestMember>> {
  const [owner, admin, developer, viewer] = await Promise.all(SEATS.map((role) => addMember(server, org, role)));
  return { owner: owner!, admin: admin!, developer: developer!, viewer: viewer! };
}

beforeAll(async () => {
  orgA = await createOrg(server, undefined, 'A');
  tenantOwner = orgA.owner;
  [orgB, orgC] = await Promise.all([createOrg(server, tenantOwner, 'B'), createOrg(server, tenantOwner, 'C')]);
  [inA, inB] = await Promise.all([seats(orgA), seats(orgB)]);
  [creator, writer] = await Promise.all([addMember(server, orgA, 'manager'), addMember(server, orgA, 'manager')]);
  // A user of the tenant joins at once (no token).
  const joined = await server.api(tenantOwner).members.invite({
    params: { orgId: orgB.id },
    body: { email: creator.email, role: 'manager' as Role },
  });
  expectStatus(joined, 201);
  stranger = await registerUser(server, 'stranger');
}, 180_000);

let counter = 0;

async function vaultInA(by: TestUser = creator) {
  counter += 1;
  const api = server.api(by).vault;
  const name = `upd-${counter}-${Math.random().toString(36).slice(2)}`;
  const vault = expectStatus(await api.createVault({ body: { name, organizationId: orgA.id } }), 201).body.data;
  const value = `moved-secret-${counter}`;
  const item = await api.createItem({ params: { vaultId: vault.id }, body: { name: 'k', value } });
  return { vault, vaultId: vault.id, itemId: expectStatus(item, 201).body.data.id, value };
}

const patch = (user: TestUser, vaultId: string, body: Record<string, unknown>) =>
  server.api(user).vault.updateVault({ params: { vaultId }, body: body as any });

/** What `user` gets: listed or not, and the statuses of listing the items and reading the value. */
async function sees(user: TestUser, f: { vaultId: string; itemId: string }) {
  const api = server.api(user).vault;
  const [list, items, item] = await Promise.all([
    api.listVaults({ query: { limit: 100 } }),
    api.listItems({ params: { vaultId: f.vaultId } }),
    api.getItem({ params: f }),
  ]);
  const listed = expectStatus(list, 200).body.data.vaults.some((v) => v.id === f.vaultId);
  return { listed, items: items.status, item: item.status };
}

const SEES = { listed: true, items: 200, item: 200 };
const BLIND = { listed: false, items: 404, item: 404 };

describe('PATCH /v1/vaults/:vaultId: sharing', () => {
  it('moves a vault from organization A to B: access follows at once, role by role', async () => {
    const f = await vaultInA();
    const before = { A: SEES, B: BLIND } as const;
    for (const seat of SEATS) {
      expect(await sees(inA[seat], f), `A ${seat} before`).toEqual(seat === 'viewer' ? BLIND : before.A);
      expect(await sees(inB[seat], f), `B ${seat} before`).toEqual(before.B);
    }

    const res = await patch(creator, f.vaultId, { organizationId: orgB.id });
    const moved = expectStatus(res, 200).body.data;
    expect(moved).toMatchObject({ id: f.vaultId, name: f.vault.name, organizationId: orgB.id, system: false });
    expect(Date.parse(moved.updatedAt)).toBeGreaterThanOrEqual(Date.parse(f.vault.updatedAt));

    for (const seat of SEATS) {
      expect(await sees(inA[seat], f), `A ${seat} after`).toEqual(BLIND);
      expect(await sees(inB[seat], f), `B ${seat} after`).toEqual(seat === 'viewer' ? BLIND : SEES);
    }
    // B's reader reads, not changes; B's admin changes; A's former admin cannot even find it.
    const store = (user: TestUser) =>
      server.api(user).vault.createItem({ params: { vaultId: f.vaultId }, body: { name: 'n', value: 'v' } });
    expect((await store(inB.developer)).status).toBe(403);
    expect((await store(inB.admin)).status).toBe(201);
    expect((await store(inA.admin)).status).toBe(404);
    // The creator and the tenant owner keep it.
    expect(await sees(creator, f)).toEqual(SEES);
    expect(await sees(tenantOwner, f)).toEqual(SEES);
  });

  it('stops sharing with null: only the creator and the tenant owner keep the vault', async () => {
    const f = await vaultInA();
    const res = await patch(creator, f.vaultId, { organizationId: null });
    expect(expectStatus(res, 200).body.data.organizationId).toBeNull();
    for (const seat of SEATS) expect(await sees(inA[seat], f), `A ${seat}`).toEqual(BLIND);
    expect(await sees(writer, f)).toEqual(BLIND);
    expect(await sees(creator, f)).toEqual(SEES);
    expect(await sees(tenantOwner, f)).toEqual(SEES);
    // And back: A's members see it again.
    expectStatus(await patch(creator, f.vaultId, { organizationId: orgA.id }), 200);
    expect(await sees(inA.developer, f)).toEqual(SEES);
  });

  it('is for the creator and the tenant owner: 403 for others who see the vault, 404 for who does not', async () => {
    const f = await vaultInA();
    for (const user of [inA.owner, inA.admin, writer, inA.developer]) {
      const res = await patch(user, f.vaultId, { organizationId: null });
      expect(expectStatus(res, 403).body.error.code).toBe('forbidden');
    }
    for (const user of [inA.viewer, inB.admin, stranger]) {
      const res = await patch(user, f.vaultId, { description: 'mine now' });
      expect(expectStatus(res, 404).body.error.code).toBe('not_found');
    }
    expect((await patch(tenantOwner, 'vlt_unknown', { description: 'x' })).status).toBe(404);
    // Unchanged; the tenant owner may change it.
    expect(await sees(inA.developer, f)).toEqual(SEES);
    const byOwner = await patch(tenantOwner, f.vaultId, { organizationId: orgC.id, sensitivity: 'critical' });
    expect(expectStatus(byOwner, 200).body.data).toMatchObject({ organizationId: orgC.id, sensitivity: 'critical' });
  });

  it('needs vault:write in the new organization (404 otherwise, as at creation)', async () => {
    const f = await vaultInA();
    for (const organizationId of [orgC.id, 'org_unknown']) {
      const res = await patch(creator, f.vaultId, { organizationId });
      expect(expectStatus(res, 404).body.error.code, organizationId).toBe('not_found');
    }
    // A developer of B (vault:read only) who created a vault of their own cannot move it into B either.
    const own = expectStatus(
      await server.api(inB.developer).vault.createVault({ body: { name: `own-${Math.random()}` } }),
      201,
    ).body.data;
    expect((await patch(inB.developer, own.id, { organizationId: orgB.id })).status).toBe(404);
    expect(expectStatus(await patch(inB.developer, own.id, { description: 'mine' }), 200).body.data.description).toBe(
      'mine',
    );
    expect(await sees(inA.developer, f)).toEqual(SEES);
  });
});

describe('PATCH /v1/vaults/:vaultId: fields, errors and audit', () => {
  it('changes name, description and sensitivity and answers the vault as GET lists it', async () => {
    const f = await vaultInA();
    const name = `renamed-${Math.random().toString(36).slice(2)}`;
    const res = await patch(creator, f.vaultId, { name, description: 'keys of A', sensitivity: 'high' });
    const vault = expectStatus(res, 200).body.data;
    expect(vault).toMatchObject({ name, description: 'keys of A', sensitivity: 'high', organizationId: orgA.id });
    const listed = expectStatus(await server.api(creator).vault.listVaults({ query: { limit: 100 } }), 200).body.data;
    expect(listed.vaults.find((v) => v.id === f.vaultId)).toEqual(vault);
    expect(expectStatus(await patch(creator, f.vaultId, { description: null }), 200).body.data.description).toBeNull();
  });

  it('answers 400 for unknown fields, an empty body and invalid values', async () => {
    const f = await vaultInA();
    for (const body of [
      {},
      { shared: true },
      { name: 'x', createdBy: 'me' },
      { name: '' },
      { sensitivity: 'secret' },
      { organizationId: 42 },
    ]) {
      const res = await patch(creator, f.vaultId, body);
      expect(expectStatus(res, 400).body.error.code, JSON.stringify(body)).toBe('validation_error');
    }
  });

  it('answers 409 for a name taken in the tenant or `system`; the system vault keeps its name', async () => {
    const f = await vaultInA();
    const other = await vaultInA();
    const taken = await patch(creator, f.vaultId, { name: other.vault.name });
    expect(expectStatus(taken, 409).body.error.code).toBe('conflict');
    for (const name of ['system', 'System']) {
      expect((await patch(creator, f.vaultId, { name })).status).toBe(409);
    }
    // The tenant's system vault, made by the first capture that redacts a secret.
    const key = await createApiKey(server, tenantOwner);
    const captured = await server.api(key).capture.capture({
      body: { type: 'message', sessionId: 's1', payload: { role: 'user', content: 'use AKIAQ3VZ7T2XKM4PLR6W here' } },
    });
    expectStatus(captured, 201);
    const vaults = expectStatus(await server.api(tenantOwner).vault.listVaults({ query: { limit: 100 } }), 200).body
      .data.vaults;
    const system = vaults.find((v) => v.system)!;
    expect(system).toBeDefined();
    for (const body of [{ name: 'renamed-system' }, { organizationId: orgA.id }]) {
      const res = await patch(tenantOwner, system.id, body);
      expect(expectStatus(res, 403).body.error.code, JSON.stringify(body)).toBe('forbidden');
    }
    expect(expectStatus(await patch(tenantOwner, system.id, { sensitivity: 'critical' }), 200).body.data).toMatchObject(
      { name: 'system', organizationId: null, sensitivity: 'critical' },
    );
    expect((await patch(creator, system.id, { description: 'x' })).status).toBe(404);
  });

  it('records vault.updated naming the fields changed, never an item value', async () => {
    const f = await vaultInA();
    expectStatus(
      await patch(creator, f.vaultId, { organizationId: orgB.id, sensitivity: 'low', name: f.vault.name }),
      200,
    );
    const log = await server.api(tenantOwner).vault.audit({ params: { id: f.vaultId } });
    const entries = expectStatus(log, 200).body.data.entries;
    const updated = entries.filter((e) => e.action === 'vault.updated');
    expect(updated).toHaveLength(1);
    expect(updated[0]).toMatchObject({
      actorId: creator.userId,
      resourceType: 'vault',
      resourceId: f.vaultId,
      details: {
        vaultId: f.vaultId,
        fields: ['sensitivity', 'organizationId'],
        organizationId: orgB.id,
        previousOrganizationId: orgA.id,
        previousSensitivity: 'medium',
      },
    });
    expect(JSON.stringify(entries)).not.toContain(f.value);
    // A change to nothing new changes nothing and records nothing.
    expectStatus(await patch(creator, f.vaultId, { sensitivity: 'low' }), 200);
    const again = expectStatus(await server.api(tenantOwner).vault.audit({ params: { id: f.vaultId } }), 200).body.data;
    expect(again.entries.filter((e) => e.action === 'vault.updated')).toHaveLength(1);
  });
});

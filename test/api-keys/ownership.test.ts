/**
 * API key ownership inside a tenant: a user lists and revokes the keys they created; the tenant owner
 * (who registered the tenant) lists and revokes every key of it; others' keys answer 404 like unknown
 * ones and keep working. Another tenant sees nothing. Creating keys stays open to every user.
 */
import type { Role } from '@hx-memory/contract';
import { describe, expect, it } from 'vitest';
import { addMember, createOrg, expectStatus, listAllIds, registerUser, useTestServer } from '../helpers/index.js';
import type { TestUser } from '../helpers/index.js';

const server = useTestServer();

/** Members bind their keys to their organization: only the tenant owner makes tenant-wide keys. */
async function createKey(user: TestUser, name: string, organizationId?: string) {
  const res = await server
    .api(user)
    .apiKeys.create({ body: { name, environment: 'live', ...(organizationId ? { organizationId } : {}) } });
  const { id, key } = expectStatus(res, 201).body.data;
  return { id, key };
}

/** Every key id the user can list, sorted. */
const listedIds = async (user: TestUser) =>
  (await listAllIds((query) => server.api(user).apiKeys.list({ query }), 'apiKeys')).sort();

/** The keys `user` lists on the first page. */
const listed = async (user: TestUser) => expectStatus(await server.api(user).apiKeys.list(), 200).body.data.apiKeys;

const revoke = (user: TestUser, id: string) => server.api(user).apiKeys.revoke({ params: { id } });
/** A request with the key: 200 while it works (a read: members' keys reach their organization only). */
const use = (key: string) => server.api(key).memories.list({ query: { limit: 1 } });

async function tenantWithMember(role: Role = 'developer') {
  const org = await createOrg(server);
  const owner = org.owner;
  const member = await addMember(server, org, role);
  const ownerKeys = [await createKey(owner, 'owner-1'), await createKey(owner, 'owner-2')];
  const memberKey = await createKey(member, 'member-1', org.id);
  return { org, owner, member, ownerKeys, memberKey };
}

describe('api key ownership: an invited member', () => {
  it.each<Role>(['developer', 'admin', 'owner'])(
    'with org role %s lists only their keys and cannot revoke the owner keys',
    async (role) => {
      const t = await tenantWithMember(role);
      expect(await listedIds(t.member)).toEqual([t.memberKey.id]);
      const unknown = expectStatus(await revoke(t.member, 'key_unknown'), 404).body.error;
      for (const k of t.ownerKeys) {
        const res = await revoke(t.member, k.id);
        expect(expectStatus(res, 404).body.error).toMatchObject({ code: 'not_found', message: unknown.message });
        // The key is untouched and still works.
        expect((await use(k.key)).status).toBe(200);
      }
      expect((await listed(t.owner)).every((k) => k.revoked === false)).toBe(true);
    },
  );

  it('gets 404, not the idempotent success, for a key of the owner that is already revoked', async () => {
    const t = await tenantWithMember();
    const [first] = t.ownerKeys;
    expect((await revoke(t.owner, first!.id)).status).toBe(200);
    expect((await revoke(t.member, first!.id)).status).toBe(404);
  });

  it('manages their own keys: create, list, revoke (idempotent), and the key stops working', async () => {
    const t = await tenantWithMember();
    const second = await createKey(t.member, 'member-2', t.org.id);
    expect(await listedIds(t.member)).toEqual([t.memberKey.id, second.id].sort());
    expect((await use(second.key)).status).toBe(200);
    expect((await revoke(t.member, second.id)).status).toBe(200);
    expect((await revoke(t.member, second.id)).status).toBe(200);
    expect((await use(second.key)).status).toBe(401);
    expect((await listed(t.member)).find((k) => k.id === second.id)?.revoked).toBe(true);
  });

  it('cannot see or revoke the keys of another member of the same tenant', async () => {
    const t = await tenantWithMember();
    const other = await addMember(server, t.org, 'developer');
    expect(await listedIds(other)).toEqual([]);
    expect((await revoke(other, t.memberKey.id)).status).toBe(404);
    expect((await use(t.memberKey.key)).status).toBe(200);
  });
});

describe('api key ownership: the tenant owner', () => {
  it('lists every key of the tenant and revokes a member key, which stops working at once', async () => {
    const t = await tenantWithMember();
    expect(await listedIds(t.owner)).toEqual([...t.ownerKeys.map((k) => k.id), t.memberKey.id].sort());
    expect((await revoke(t.owner, t.memberKey.id)).status).toBe(200);
    expect((await use(t.memberKey.key)).status).toBe(401);
    expect(await listed(t.member)).toEqual([expect.objectContaining({ id: t.memberKey.id, revoked: true })]);
  });
});

describe('api key ownership: another tenant', () => {
  it('lists none of the keys and gets 404 revoking them', async () => {
    const t = await tenantWithMember();
    const stranger = await registerUser(server, 'stranger');
    expect(await listedIds(stranger)).toEqual([]);
    for (const k of [...t.ownerKeys, t.memberKey]) {
      expect((await revoke(stranger, k.id)).status).toBe(404);
      expect((await use(k.key)).status).toBe(200);
    }
  });
});

/**
 * Vault ownership inside a tenant: the tenant owner (who registered it) uses every vault, the system
 * vault included; a user who joined by invitation uses only the vaults they created, whatever their
 * organization role; everything else answers 404 like an unknown id, never the data, and records
 * nothing. Another tenant sees nothing.
 */
import { sql } from 'drizzle-orm';
import type { Role } from '@hx-memory/contract';
import { describe, expect, it } from 'vitest';
import {
  addMember,
  auth,
  createApiKey,
  createNamespace,
  createOrg,
  listAllIds,
  registerUser,
  type TestOrg,
  type TestUser,
  useTestServer,
} from '../helpers/index.js';

const server = useTestServer();

const AWS_KEY = 'AKIAQ3VZ7T2XKM4PLR6W';
const REF = /vault:\/\/(vlt_\w+)\/(vit_\w+)/;

interface VaultFixture {
  vaultId: string;
  itemId: string;
  value: string;
}

async function vaultWithItem(user: TestUser, tag: string): Promise<VaultFixture> {
  const value = `${tag}-secret-${Math.random().toString(36).slice(2)}`;
  const vault = await server
    .http()
    .post('/v1/vaults')
    .set(auth(user))
    .send({ name: `${tag}-${Math.random().toString(36).slice(2)}`, sensitivity: 'high' });
  expect(vault.status).toBe(201);
  const item = await server
    .http()
    .post(`/v1/vaults/${vault.body.data.id}/items`)
    .set(auth(user))
    .send({ name: `${tag}-item`, value, type: 'password' });
  expect(item.status).toBe(201);
  return { vaultId: vault.body.data.id, itemId: item.body.data.id, value };
}

/** Captures a secret with `user`'s API key; capture redacts it into the tenant's system vault. */
async function captureSecret(user: TestUser, secret: string, org?: TestOrg): Promise<VaultFixture> {
  // Members bind their keys to their organization (only the tenant owner makes tenant-wide keys), and
  // such a key captures into one of that organization's namespaces (`default` is the owner's).
  const key = await createApiKey(server, user, org ? { organizationId: org.id } : {});
  const namespace = org ? (await createNamespace(server, org)).id : undefined;
  const res = await server
    .http()
    .post('/v1/capture')
    .set(auth(key))
    .send({
      type: 'message',
      sessionId: 's1',
      namespace,
      payload: { role: 'user', content: `use ${secret} to deploy` },
    });
  expect(res.status).toBe(201);
  const rows = await server.ctx.database.rows<{ payload: { content: string } }>(
    sql`select payload from events where id = ${res.body.data.eventId}`,
  );
  const match = REF.exec(rows[0]!.payload.content);
  expect(match).not.toBeNull();
  return { vaultId: match![1]!, itemId: match![2]!, value: secret };
}

/** Every vault route addressed at `f`, as `user`. */
function everyRoute(user: TestUser, f: VaultFixture) {
  const h = () => server.http();
  return {
    listItems: h().get(`/v1/vaults/${f.vaultId}/items`).set(auth(user)),
    retrieve: h().get(`/v1/vaults/${f.vaultId}/items/${f.itemId}`).set(auth(user)),
    reveal: h().post(`/v1/vaults/${f.vaultId}/items/${f.itemId}/reveal`).set(auth(user)),
    audit: h().get(`/v1/vaults/${f.vaultId}/audit`).set(auth(user)),
    storeItem: h()
      .post(`/v1/vaults/${f.vaultId}/items`)
      .set(auth(user))
      .send({ name: 'planted', value: 'planted-value' }),
    deleteItem: h().delete(`/v1/vaults/${f.vaultId}/items/${f.itemId}`).set(auth(user)),
    deleteVault: h().delete(`/v1/vaults/${f.vaultId}`).set(auth(user)),
  };
}

async function expectAllNotFound(user: TestUser, f: VaultFixture) {
  const unknown = await server.http().get('/v1/vaults/vlt_unknown/items').set(auth(user));
  for (const [name, call] of Object.entries(everyRoute(user, f))) {
    const res = await call;
    expect(res.status, name).toBe(404);
    expect(res.body.error.code, name).toBe('not_found');
    // The same answer as a vault that does not exist: existence is not revealed.
    if (name !== 'retrieve' && name !== 'reveal' && name !== 'deleteItem') {
      expect(res.body.error.message, name).toBe(unknown.body.error.message);
    }
    const body = JSON.stringify(res.body);
    expect(body, name).not.toContain(f.value);
    expect(body, name).not.toContain('"data"');
  }
}

const vaultIds = (user: TestUser) => listAllIds(server, '/v1/vaults', 'vaults', user);

/** A tenant: its owner with a vault and a captured secret, and an invited member with a vault. */
async function tenantWithMember(role: Role = 'developer') {
  const org = await createOrg(server);
  const owner = org.owner;
  const member = await addMember(server, org, role);
  const ownerVault = await vaultWithItem(owner, 'owner');
  const system = await captureSecret(owner, AWS_KEY);
  const memberVault = await vaultWithItem(member, 'member');
  return { org, owner, member, ownerVault, system, memberVault };
}

describe('vault ownership: an invited member', () => {
  it.each<Role>(['developer', 'admin', 'owner'])(
    'with org role %s cannot reach the tenant owner vaults or the system vault',
    async (role) => {
      const t = await tenantWithMember(role);
      expect(t.member.tenantId).toBe(t.owner.tenantId);

      // The list holds only the member's own vault (paged one by one, so no page leaks either).
      expect(await vaultIds(t.member)).toEqual([t.memberVault.vaultId]);

      const auditBefore = await server.http().get(`/v1/vaults/${t.ownerVault.vaultId}/audit`).set(auth(t.owner));
      await expectAllNotFound(t.member, t.ownerVault);
      await expectAllNotFound(t.member, t.system);

      // Nothing was changed, planted or deleted; the owner still reads both secrets.
      const own = await server
        .http()
        .get(`/v1/vaults/${t.ownerVault.vaultId}/items/${t.ownerVault.itemId}`)
        .set(auth(t.owner));
      expect(own.status).toBe(200);
      expect(own.body.data.value).toBe(t.ownerVault.value);
      const sys = await server
        .http()
        .post(`/v1/vaults/${t.system.vaultId}/items/${t.system.itemId}/reveal`)
        .set(auth(t.owner));
      expect(sys.status).toBe(200);
      expect(sys.body.data.value).toBe(AWS_KEY);
      const items = await server.http().get(`/v1/vaults/${t.ownerVault.vaultId}/items`).set(auth(t.owner));
      expect(items.body.data.items.map((i: { name: string }) => i.name)).toEqual(['owner-item']);

      // Refused calls read nothing and record nothing: the member never appears in the owner's audit.
      const auditAfter = await server.http().get(`/v1/vaults/${t.ownerVault.vaultId}/audit`).set(auth(t.owner));
      const actors = auditAfter.body.data.entries.map((e: { actorId: string }) => e.actorId);
      expect(actors).not.toContain(t.member.userId);
      // Only the owner's own retrieve of this test was added.
      expect(auditAfter.body.data.entries.length).toBe(auditBefore.body.data.entries.length + 1);
    },
  );

  it('cannot read a secret redacted from a capture made with their own API key (it lands in the system vault)', async () => {
    const t = await tenantWithMember();
    const mine = await captureSecret(t.member, 'ghp_R8sK2mWq9ZtL4vXn7PcB1hJd6FyG3aNe0uTo', t.org);
    expect(mine.vaultId).toBe(t.system.vaultId);
    await expectAllNotFound(t.member, mine);
    const owner = await server.http().get(`/v1/vaults/${mine.vaultId}/items/${mine.itemId}`).set(auth(t.owner));
    expect(owner.status).toBe(200);
    expect(owner.body.data.value).toBe(mine.value);
  });

  it('uses their own vault: list, items, retrieve, reveal, audit, delete', async () => {
    const t = await tenantWithMember();
    const f = t.memberVault;
    const h = () => server.http();
    const items = await h().get(`/v1/vaults/${f.vaultId}/items`).set(auth(t.member));
    expect(items.status).toBe(200);
    expect(items.body.data.items.map((i: { id: string }) => i.id)).toEqual([f.itemId]);
    const got = await h().get(`/v1/vaults/${f.vaultId}/items/${f.itemId}`).set(auth(t.member));
    expect(got.status).toBe(200);
    expect(got.body.data.value).toBe(f.value);
    const revealed = await h().post(`/v1/vaults/${f.vaultId}/items/${f.itemId}/reveal`).set(auth(t.member));
    expect(revealed.body.data.value).toBe(f.value);
    const audit = await h().get(`/v1/vaults/${f.vaultId}/audit`).set(auth(t.member));
    expect(audit.status).toBe(200);
    expect(audit.body.data.entries.map((e: { action: string }) => e.action)).toEqual([
      'vault.item.revealed',
      'vault.item.retrieved',
      'vault.item.created',
      'vault.created',
    ]);
    expect(new Set(audit.body.data.entries.map((e: { actorId: string }) => e.actorId))).toEqual(
      new Set([t.member.userId]),
    );
    const second = await h().post(`/v1/vaults/${f.vaultId}/items`).set(auth(t.member)).send({ name: 'b', value: 'v2' });
    expect(second.status).toBe(201);
    expect((await h().delete(`/v1/vaults/${f.vaultId}/items/${f.itemId}`).set(auth(t.member))).status).toBe(200);
    expect((await h().delete(`/v1/vaults/${f.vaultId}`).set(auth(t.member))).status).toBe(200);
    expect(await vaultIds(t.member)).toEqual([]);
  });

  it('cannot reach a vault of another member of the same tenant', async () => {
    const t = await tenantWithMember();
    const other = await addMember(server, t.org, 'developer');
    expect(await vaultIds(other)).toEqual([]);
    await expectAllNotFound(other, t.memberVault);
  });
});

describe('vault ownership: the tenant owner', () => {
  it('lists every vault of the tenant, the system vault included, and uses the member vaults', async () => {
    const t = await tenantWithMember();
    expect(new Set(await vaultIds(t.owner))).toEqual(
      new Set([t.ownerVault.vaultId, t.system.vaultId, t.memberVault.vaultId]),
    );
    const f = t.memberVault;
    const h = () => server.http();
    expect((await h().get(`/v1/vaults/${f.vaultId}/items`).set(auth(t.owner))).status).toBe(200);
    const got = await h().get(`/v1/vaults/${f.vaultId}/items/${f.itemId}`).set(auth(t.owner));
    expect(got.body.data.value).toBe(f.value);
    const revealed = await h().post(`/v1/vaults/${f.vaultId}/items/${f.itemId}/reveal`).set(auth(t.owner));
    expect(revealed.body.data.value).toBe(f.value);
    // The owner's reads are audited in the member's vault, and the member sees them there.
    const audit = await h().get(`/v1/vaults/${f.vaultId}/audit`).set(auth(t.member));
    const byOwner = audit.body.data.entries.filter((e: { actorId: string }) => e.actorId === t.owner.userId);
    expect(byOwner.map((e: { action: string }) => e.action)).toEqual(['vault.item.revealed', 'vault.item.retrieved']);
    const systemAudit = await h().get(`/v1/vaults/${t.system.vaultId}/audit`).set(auth(t.owner));
    expect(systemAudit.status).toBe(200);
    expect(systemAudit.body.data.entries.map((e: { action: string }) => e.action)).toContain('vault.secret.redacted');
    expect((await h().delete(`/v1/vaults/${f.vaultId}/items/${f.itemId}`).set(auth(t.owner))).status).toBe(200);
    expect((await h().delete(`/v1/vaults/${f.vaultId}`).set(auth(t.owner))).status).toBe(200);
    expect(await vaultIds(t.member)).toEqual([]);
    // The system vault is still kept, for the owner too.
    expect((await h().delete(`/v1/vaults/${t.system.vaultId}`).set(auth(t.owner))).status).toBe(403);
  });
});

describe('vault ownership: another tenant', () => {
  it('sees none of the vaults and gets 404 on every route', async () => {
    const t = await tenantWithMember();
    const stranger = await registerUser(server, 'stranger');
    expect(await vaultIds(stranger)).toEqual([]);
    await expectAllNotFound(stranger, t.ownerVault);
    await expectAllNotFound(stranger, t.system);
    await expectAllNotFound(stranger, t.memberVault);
  });
});

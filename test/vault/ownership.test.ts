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
  createApiKey,
  createNamespace,
  createOrg,
  expectStatus,
  listAllIds,
  registerUser,
  useTestServer,
} from '../helpers/index.js';
import type { TestOrg, TestUser } from '../helpers/index.js';

const server = useTestServer();

const AWS_KEY = 'AKIAQ3VZ7T2XKM4PLR6W';
const REF = /vault:\/\/(vlt_\w+)\/(vit_\w+)/;

/** The vault area of the typed client, as `user`. */
const vaultOf = (user: TestUser) => server.api(user).vault;

interface VaultFixture {
  vaultId: string;
  itemId: string;
  value: string;
}

async function vaultWithItem(user: TestUser, tag: string): Promise<VaultFixture> {
  const value = `${tag}-secret-${Math.random().toString(36).slice(2)}`;
  const api = vaultOf(user);
  const created = await api.createVault({
    body: { name: `${tag}-${Math.random().toString(36).slice(2)}`, sensitivity: 'high' },
  });
  const vaultId = expectStatus(created, 201).body.data.id;
  const item = await api.createItem({ params: { vaultId }, body: { name: `${tag}-item`, value, type: 'password' } });
  return { vaultId, itemId: expectStatus(item, 201).body.data.id, value };
}

/** Captures a secret with `user`'s API key; capture redacts it into the tenant's system vault. */
async function captureSecret(user: TestUser, secret: string, org?: TestOrg): Promise<VaultFixture> {
  // Members bind their keys to their organization (only the tenant owner makes tenant-wide keys), and
  // such a key captures into one of that organization's namespaces (`default` is the owner's).
  const key = await createApiKey(server, user, org ? { organizationId: org.id } : {});
  const namespace = org ? (await createNamespace(server, org)).id : undefined;
  const res = await server.api(key).capture.capture({
    body: {
      type: 'message',
      sessionId: 's1',
      namespace,
      payload: { role: 'user', content: `use ${secret} to deploy` },
    },
  });
  const rows = await server.ctx.database.rows<{ payload: { content: string } }>(
    sql`select payload from events where id = ${expectStatus(res, 201).body.data.eventId}`,
  );
  const match = REF.exec(rows[0]!.payload.content);
  expect(match).not.toBeNull();
  return { vaultId: match![1]!, itemId: match![2]!, value: secret };
}

/** Every vault route addressed at `f`, as `user`: each a call made when invoked, one after the other. */
function everyRoute(user: TestUser, f: VaultFixture) {
  const api = vaultOf(user);
  const item = { vaultId: f.vaultId, itemId: f.itemId };
  return {
    listItems: () => api.listItems({ params: { vaultId: f.vaultId } }),
    retrieve: () => api.getItem({ params: item }),
    reveal: () => api.revealItem({ params: { id: f.vaultId, itemId: f.itemId }, body: {} }),
    audit: () => api.audit({ params: { id: f.vaultId } }),
    storeItem: () =>
      api.createItem({ params: { vaultId: f.vaultId }, body: { name: 'planted', value: 'planted-value' } }),
    deleteItem: () => api.deleteItem({ params: item }),
    deleteVault: () => api.deleteVault({ params: { vaultId: f.vaultId } }),
  };
}

async function expectAllNotFound(user: TestUser, f: VaultFixture) {
  const unknown = await vaultOf(user).listItems({ params: { vaultId: 'vlt_unknown' } });
  for (const [name, call] of Object.entries(everyRoute(user, f))) {
    const res = await call();
    const { error } = expectStatus(res, 404).body;
    expect(error.code, name).toBe('not_found');
    // The same answer as a vault that does not exist: existence is not revealed.
    if (name !== 'retrieve' && name !== 'reveal' && name !== 'deleteItem') {
      expect(error.message, name).toBe(expectStatus(unknown, 404).body.error.message);
    }
    const body = JSON.stringify(res.body);
    expect(body, name).not.toContain(f.value);
    expect(body, name).not.toContain('"data"');
  }
}

const vaultIds = (user: TestUser) => listAllIds((query) => server.api(user).vault.listVaults({ query }), 'vaults');

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

      const owner = vaultOf(t.owner);
      const ownerAudit = async () =>
        expectStatus(await owner.audit({ params: { id: t.ownerVault.vaultId } }), 200).body.data.entries;
      const auditBefore = await ownerAudit();
      await expectAllNotFound(t.member, t.ownerVault);
      await expectAllNotFound(t.member, t.system);

      // Nothing was changed, planted or deleted; the owner still reads both secrets.
      const own = await owner.getItem({ params: { vaultId: t.ownerVault.vaultId, itemId: t.ownerVault.itemId } });
      expect(expectStatus(own, 200).body.data.value).toBe(t.ownerVault.value);
      const sys = await owner.revealItem({ params: { id: t.system.vaultId, itemId: t.system.itemId }, body: {} });
      expect(expectStatus(sys, 200).body.data.value).toBe(AWS_KEY);
      const items = await owner.listItems({ params: { vaultId: t.ownerVault.vaultId } });
      expect(expectStatus(items, 200).body.data.items.map((i) => i.name)).toEqual(['owner-item']);

      // Refused calls read nothing and record nothing: the member never appears in the owner's audit.
      const auditAfter = await ownerAudit();
      const actors = auditAfter.map((e) => e.actorId);
      expect(actors).not.toContain(t.member.userId);
      // Only the owner's own retrieve of this test was added.
      expect(auditAfter.length).toBe(auditBefore.length + 1);
    },
  );

  it('cannot read a secret redacted from a capture made with their own API key (it lands in the system vault)', async () => {
    const t = await tenantWithMember();
    const mine = await captureSecret(t.member, 'ghp_R8sK2mWq9ZtL4vXn7PcB1hJd6FyG3aNe0uTo', t.org);
    expect(mine.vaultId).toBe(t.system.vaultId);
    await expectAllNotFound(t.member, mine);
    const owner = await vaultOf(t.owner).getItem({ params: { vaultId: mine.vaultId, itemId: mine.itemId } });
    expect(expectStatus(owner, 200).body.data.value).toBe(mine.value);
  });

  it('uses their own vault: list, items, retrieve, reveal, audit, delete', async () => {
    const t = await tenantWithMember();
    const f = t.memberVault;
    const api = vaultOf(t.member);
    const item = { vaultId: f.vaultId, itemId: f.itemId };
    const items = await api.listItems({ params: { vaultId: f.vaultId } });
    expect(expectStatus(items, 200).body.data.items.map((i) => i.id)).toEqual([f.itemId]);
    const got = await api.getItem({ params: item });
    expect(expectStatus(got, 200).body.data.value).toBe(f.value);
    const revealed = await api.revealItem({ params: { id: f.vaultId, itemId: f.itemId }, body: {} });
    expect(expectStatus(revealed, 200).body.data.value).toBe(f.value);
    const audit = expectStatus(await api.audit({ params: { id: f.vaultId } }), 200).body.data.entries;
    expect(audit.map((e) => e.action)).toEqual([
      'vault.item.revealed',
      'vault.item.retrieved',
      'vault.item.created',
      'vault.created',
    ]);
    expect(new Set(audit.map((e) => e.actorId))).toEqual(new Set([t.member.userId]));
    const second = await api.createItem({ params: { vaultId: f.vaultId }, body: { name: 'b', value: 'v2' } });
    expect(second.status).toBe(201);
    expect((await api.deleteItem({ params: item })).status).toBe(200);
    expect((await api.deleteVault({ params: { vaultId: f.vaultId } })).status).toBe(200);
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
    const owner = vaultOf(t.owner);
    const item = { vaultId: f.vaultId, itemId: f.itemId };
    expect((await owner.listItems({ params: { vaultId: f.vaultId } })).status).toBe(200);
    const got = await owner.getItem({ params: item });
    expect(expectStatus(got, 200).body.data.value).toBe(f.value);
    const revealed = await owner.revealItem({ params: { id: f.vaultId, itemId: f.itemId }, body: {} });
    expect(expectStatus(revealed, 200).body.data.value).toBe(f.value);
    // The owner's reads are audited in the member's vault, and the member sees them there.
    const audit = expectStatus(await vaultOf(t.member).audit({ params: { id: f.vaultId } }), 200).body.data.entries;
    const byOwner = audit.filter((e) => e.actorId === t.owner.userId);
    expect(byOwner.map((e) => e.action)).toEqual(['vault.item.revealed', 'vault.item.retrieved']);
    const systemAudit = await owner.audit({ params: { id: t.system.vaultId } });
    expect(expectStatus(systemAudit, 200).body.data.entries.map((e) => e.action)).toContain('vault.secret.redacted');
    expect((await owner.deleteItem({ params: item })).status).toBe(200);
    expect((await owner.deleteVault({ params: { vaultId: f.vaultId } })).status).toBe(200);
    expect(await vaultIds(t.member)).toEqual([]);
    // The system vault is still kept, for the owner too.
    expect((await owner.deleteVault({ params: { vaultId: t.system.vaultId } })).status).toBe(403);
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

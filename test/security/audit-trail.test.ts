/**
 * The audit trail a security review reads (issue 8, finding 4): refused requests, every credential
 * event and operator actions leave entries with an outcome, actor, action, resource, request id, ip
 * and user agent; the tenant owner reads the entries no organization owns through GET /v1/audit, and
 * a vault's audit stays readable there after the vault is deleted.
 */
import { describe, expect, it } from 'vitest';
import {
  addMember,
  createOrg,
  expectStatus,
  type HxTestClient,
  registerUser,
  type TestUser,
  useTestServer,
} from '../helpers/index.js';

const OPERATOR_TOKEN = 'operator-token-for-audit-tests-0123456789';
const server = useTestServer({ OPERATOR_TOKEN });

type TenantAuditQuery = NonNullable<Parameters<HxTestClient['audit']['tenantList']>[0]>['query'];

/** The tenant audit (GET /v1/audit) as its owner, 100 entries at most. */
async function tenantAudit(owner: TestUser, query: TenantAuditQuery = {}) {
  const res = await server.api(owner).audit.tenantList({ query: { limit: 100, ...query } });
  if (res.status !== 200) throw new Error(`audit failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data.entries;
}
type Entry = Awaited<ReturnType<typeof tenantAudit>>[number];

describe('credential events', () => {
  it('register, login success and failure, refresh reuse and logout are in the tenant audit', async () => {
    const owner = await registerUser(server, 'cred');
    const agent = 'audit-test/1.0';
    const login = (password: string) =>
      server.api(undefined, { 'User-Agent': agent }).auth.login({ body: { email: owner.email, password } });
    const bad = await login('wrong-password-123');
    expect(bad.status).toBe(401);
    const good = await login(owner.password);
    expect(good.status).toBe(200);
    const refreshToken = expectStatus(good, 200).body.data.tokens.refreshToken;
    const rotated = await server.api().auth.refresh({ body: { refreshToken } });
    expect(rotated.status).toBe(200);
    const reused = await server.api().auth.refresh({ body: { refreshToken } });
    expect(reused.status).toBe(401);
    const logout = await server.api(owner).auth.logout({ body: { refreshToken: owner.refreshToken } });
    expect(logout.status).toBeLessThan(300);

    const entries = await tenantAudit(owner);
    const find = (action: string, outcome: string) => entries.find((e) => e.action === action && e.outcome === outcome);
    expect(find('auth.registered', 'success')).toBeTruthy();
    const failed = find('auth.login', 'failed');
    expect(failed?.userAgent).toBe(agent);
    expect(failed?.ip).toBeTruthy();
    expect(failed?.requestId).toBe(bad.body.meta!.requestId);
    expect(JSON.stringify(failed)).not.toContain('wrong-password-123');
    expect(find('auth.login', 'success')?.requestId).toBe(expectStatus(good, 200).body.meta.requestId);
    expect(find('auth.refresh_reuse_detected', 'denied')).toBeTruthy();
    expect(find('auth.logout', 'success')).toBeTruthy();
  });

  it('API key creation and revocation are audited without the secret', async () => {
    const owner = await registerUser(server, 'keys');
    const apiKeys = server.api(owner).apiKeys;
    const created = await apiKeys.create({ body: { name: 'ci', environment: 'test' } });
    const { id, key } = expectStatus(created, 201).body.data;
    expect((await apiKeys.revoke({ params: { id } })).status).toBe(200);
    const entries = await tenantAudit(owner, { resourceId: id });
    expect(entries.map((e) => e.action).sort()).toEqual(['api_key.created', 'api_key.revoked']);
    expect(entries.every((e) => e.resourceType === 'api_key' && e.actorId === owner.userId)).toBe(true);
    expect(JSON.stringify(entries)).not.toContain(key);
  });

  it('operator actions are audited in the tenant they changed', async () => {
    const owner = await registerUser(server, 'op');
    const res = await server.api(OPERATOR_TOKEN).admin.updateTenant({
      params: { tenantId: owner.tenantId },
      body: { plan: 'pro' },
    });
    expect(res.status).toBe(200);
    const entries = await tenantAudit(owner, { organizationId: 'none' });
    const entry = entries.find((e) => e.actorType === 'operator');
    expect(entry?.action).toMatch(/^admin\./);
    expect(entry?.resourceId).toBe(owner.tenantId);
    expect(JSON.stringify(entry)).not.toContain(OPERATOR_TOKEN);
  });
});

describe('denied requests', () => {
  it('a refused role check writes a denied entry in the organization audit', async () => {
    const org = await createOrg(server);
    const viewer = await addMember(server, org, 'viewer');
    const res = await server.api(viewer).namespaces.create({ params: { orgId: org.id }, body: { name: 'nope' } });
    const refused = expectStatus(res, 403).body;
    // The denial is written off the answer's path: give it a moment to commit.
    let denied: Entry | undefined;
    for (let i = 0; i < 50 && !denied; i++) {
      const list = await server.api(org.owner).audit.list({ params: { orgId: org.id }, query: { outcome: 'denied' } });
      denied = expectStatus(list, 200).body.data.entries.find((e) => e.actorId === viewer.userId);
      if (!denied) await new Promise((r) => setTimeout(r, 20));
    }
    expect(denied).toMatchObject({ action: 'access.denied', outcome: 'denied', resourceType: 'namespaces' });
    expect(denied?.requestId).toBe(refused.meta?.requestId);
  });

  it('a key lacking a scope is audited as denied in the tenant audit', async () => {
    const owner = await registerUser(server, 'scope');
    const created = await server
      .api(owner)
      .apiKeys.create({ body: { name: 'ro', environment: 'live', scopes: ['read'] } });
    const key = expectStatus(created, 201).body.data;
    const res = await server.api(key.key).memories.forgetSubject({ params: { subjectId: 'someone' } });
    expect(res.status).toBe(403);
    let found: Entry | undefined;
    for (let i = 0; i < 50 && !found; i++) {
      found = (await tenantAudit(owner, { outcome: 'denied' })).find((e) => e.actorType === 'api_key');
      if (!found) await new Promise((r) => setTimeout(r, 20));
    }
    expect(found).toMatchObject({ resourceType: 'subjects', resourceId: 'someone', actorId: key.id });
  });
});

describe('GET /v1/audit', () => {
  it('is the tenant owner’s only', async () => {
    const org = await createOrg(server);
    const admin = await addMember(server, org, 'admin');
    const res = await server.api(admin).audit.tenantList();
    expect(res.status).toBe(403);
    // Another tenant's owner sees none of this tenant's entries.
    const stranger = await registerUser(server, 'stranger');
    const theirs = await tenantAudit(stranger);
    expect(theirs.some((e) => e.organizationId === org.id)).toBe(false);
  });

  it("keeps a vault's audit readable after the vault is deleted", async () => {
    const owner = await registerUser(server, 'vault');
    const vaults = server.api(owner).vault;
    const vault = await vaults.createVault({ body: { name: 'v' } });
    const id = expectStatus(vault, 201).body.data.id;
    expect((await vaults.deleteVault({ params: { vaultId: id } })).status).toBe(200);
    expect((await vaults.audit({ params: { id } })).status).toBe(404);
    const entries = await tenantAudit(owner, { resourceType: 'vault', resourceId: id });
    expect(entries.map((e) => e.action)).toEqual(expect.arrayContaining(['vault.created', 'vault.deleted']));
  });
});

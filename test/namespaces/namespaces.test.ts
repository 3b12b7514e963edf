/** Memory namespaces through HTTP: create, list, get, update; validation, conflicts, RBAC and isolation. */
import { describe, expect, it } from 'vitest';
import {
  auditActions,
  auth,
  bearer,
  createApiKey,
  createOrg,
  insertTeam,
  registerUser,
  setOwnerRole,
  type TestOrg,
  useTestServer,
} from '../helpers/index.js';

const server = useTestServer();

const base = (org: TestOrg) => `/v1/organizations/${org.id}/namespaces`;
let nameSeq = 0;
const uniqueName = () => `ns-name-${process.pid}-${++nameSeq}-${Math.random().toString(36).slice(2, 7)}`;

async function createNamespace(org: TestOrg, body: Record<string, unknown> = {}) {
  return server
    .http()
    .post(base(org))
    .set('Authorization', bearer(org.owner))
    .send({ name: uniqueName(), ...body });
}

describe('namespaces: happy path', () => {
  it('creates a namespace with defaults, lists and gets it, and audits the creation', async () => {
    const org = await createOrg(server);
    const name = uniqueName();
    const created = await createNamespace(org, { name, description: 'Support tickets' });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({
      organizationId: org.id,
      name,
      description: 'Support tickets',
      sensitivity: 'internal',
      teamIds: [],
      createdBy: org.owner.userId,
    });
    expect(created.body.data.id).toMatch(/^ns_/);

    const list = await server.http().get(base(org)).set('Authorization', bearer(org.owner));
    expect(list.status).toBe(200);
    expect(list.body.data.namespaces.map((n: { id: string }) => n.id)).toEqual([created.body.data.id]);
    expect(list.body.data.pagination).toEqual({ hasMore: false });

    const got = await server
      .http()
      .get(`${base(org)}/${created.body.data.id}`)
      .set('Authorization', bearer(org.owner));
    expect(got.status).toBe(200);
    expect(got.body.data).toEqual(created.body.data);

    const audit = await auditActions(server, org);
    expect(audit[0]).toMatchObject({ action: 'namespace.created', resourceId: created.body.data.id });
  });

  it('attaches teams of the organization and changes settings with PATCH (audited with the changes)', async () => {
    const org = await createOrg(server);
    const team = await insertTeam(server, org);
    const created = await createNamespace(org, { sensitivity: 'confidential', teamIds: [team] });
    expect(created.status).toBe(201);
    expect(created.body.data.teamIds).toEqual([team]);

    const newName = uniqueName();
    const patched = await server
      .http()
      .patch(`${base(org)}/${created.body.data.id}`)
      .set('Authorization', bearer(org.owner))
      .set('X-Organization-ID', org.id)
      .send({ name: newName, sensitivity: 'restricted', teamIds: [], description: null });
    expect(patched.status).toBe(200);
    expect(patched.body.data).toMatchObject({
      name: newName,
      sensitivity: 'restricted',
      teamIds: [],
      description: null,
    });
    expect(Date.parse(patched.body.data.updatedAt)).toBeGreaterThanOrEqual(Date.parse(created.body.data.updatedAt));

    const audit = await auditActions(server, org);
    expect(audit[0]).toMatchObject({
      action: 'namespace.updated',
      details: { changes: { sensitivity: { from: 'confidential', to: 'restricted' } } },
    });
  });

  it('paginates with an opaque cursor', async () => {
    const org = await createOrg(server);
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push((await createNamespace(org)).body.data.id);
    const first = await server
      .http()
      .get(`${base(org)}?limit=2`)
      .set('Authorization', bearer(org.owner));
    expect(first.body.data.namespaces.map((n: { id: string }) => n.id)).toEqual(ids.slice(0, 2));
    expect(first.body.data.pagination.hasMore).toBe(true);
    const second = await server
      .http()
      .get(`${base(org)}?limit=2&cursor=${encodeURIComponent(first.body.data.pagination.cursor)}`)
      .set('Authorization', bearer(org.owner));
    expect(second.body.data.namespaces.map((n: { id: string }) => n.id)).toEqual(ids.slice(2));
    expect(second.body.data.pagination.hasMore).toBe(false);
  });
});

describe('namespaces: errors', () => {
  it('names every invalid field with 400', async () => {
    const org = await createOrg(server);
    const res = await server
      .http()
      .post(base(org))
      .set('Authorization', bearer(org.owner))
      .send({ name: 'has space', sensitivity: 'secret', teamIds: 'team_1' });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('validation_error');
    const fields = res.body.error.details.map((d: { field: string }) => d.field).sort();
    expect(fields).toEqual(['name', 'sensitivity', 'teamIds']);
  });

  it('refuses names that look like namespace ids, and empty PATCH bodies', async () => {
    const org = await createOrg(server);
    const bad = await createNamespace(org, { name: 'ns_01ABC' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details[0].field).toBe('name');
    const created = await createNamespace(org);
    const empty = await server
      .http()
      .patch(`${base(org)}/${created.body.data.id}`)
      .set('Authorization', bearer(org.owner))
      .send({});
    expect(empty.status).toBe(400);
    expect(empty.body.error.code).toBe('validation_error');
  });

  it('refuses an unknown team with 400 naming its index', async () => {
    const org = await createOrg(server);
    const team = await insertTeam(server, org);
    const res = await createNamespace(org, { teamIds: [team, 'team_missing'] });
    expect(res.status).toBe(400);
    expect(res.body.error.details).toEqual([{ field: 'teamIds[1]', message: expect.stringContaining('team_missing') }]);
  });

  it('answers 409 for a duplicate name in the tenant, on create and on rename', async () => {
    const org = await createOrg(server);
    const name = uniqueName();
    expect((await createNamespace(org, { name })).status).toBe(201);
    const dup = await createNamespace(org, { name });
    expect(dup.status).toBe(409);
    expect(dup.body.error.code).toBe('conflict');
    // Names are unique across the tenant's organizations, since memories refer to them by name.
    const sibling = await createOrg(server, org.owner, 'Sibling');
    expect((await createNamespace(sibling, { name })).status).toBe(409);
    const other = await createNamespace(org);
    const rename = await server
      .http()
      .patch(`${base(org)}/${other.body.data.id}`)
      .set('Authorization', bearer(org.owner))
      .send({ name });
    expect(rename.status).toBe(409);
  });

  it('answers 404 for an unknown namespace and a bad cursor with 400', async () => {
    const org = await createOrg(server);
    const missing = await server
      .http()
      .get(`${base(org)}/ns_missing`)
      .set('Authorization', bearer(org.owner));
    expect(missing.status).toBe(404);
    expect(missing.body.error.code).toBe('not_found');
    const cursor = await server
      .http()
      .get(`${base(org)}?cursor=nope`)
      .set('Authorization', bearer(org.owner));
    expect(cursor.status).toBe(400);
    expect(cursor.body.error.details[0].field).toBe('query.cursor');
  });
});

describe('namespaces: security', () => {
  it('answers 401 without a token and for an API key', async () => {
    const org = await createOrg(server);
    const none = await server.http().get(base(org));
    expect(none.status).toBe(401);
    const key = await createApiKey(server, org.owner);
    const withKey = await server.http().get(base(org)).set(auth(key));
    expect(withKey.status).toBe(401);
    expect(withKey.body.error.code).toBe('unauthorized');
  });

  it('answers 403 to a role without the permission, and lets a viewer read', async () => {
    const org = await createOrg(server);
    const created = await createNamespace(org);
    await setOwnerRole(server, org, 'viewer');
    const create = await createNamespace(org);
    expect(create.status).toBe(403);
    expect(create.body.error.code).toBe('forbidden');
    const patch = await server
      .http()
      .patch(`${base(org)}/${created.body.data.id}`)
      .set('Authorization', bearer(org.owner))
      .send({ sensitivity: 'public' });
    expect(patch.status).toBe(403);
    const list = await server.http().get(base(org)).set('Authorization', bearer(org.owner));
    expect(list.status).toBe(200);
  });

  it("hides another tenant's organization and namespaces (404), and another org's namespace", async () => {
    const org = await createOrg(server);
    const created = await createNamespace(org);
    const stranger = await registerUser(server, 'stranger');
    const list = await server.http().get(base(org)).set('Authorization', bearer(stranger));
    expect(list.status).toBe(404);
    const own = await createOrg(server, stranger);
    const cross = await server
      .http()
      .get(`${base(own)}/${created.body.data.id}`)
      .set('Authorization', bearer(stranger));
    expect(cross.status).toBe(404);
    // Same tenant, other organization: still not this organization's namespace.
    const sibling = await createOrg(server, org.owner, 'Sibling');
    const viaSibling = await server
      .http()
      .patch(`${base(sibling)}/${created.body.data.id}`)
      .set('Authorization', bearer(org.owner))
      .send({ sensitivity: 'public' });
    expect(viaSibling.status).toBe(404);
  });

  it('refuses an X-Organization-ID that differs from the path with 400', async () => {
    const org = await createOrg(server);
    const res = await server
      .http()
      .get(base(org))
      .set('Authorization', bearer(org.owner))
      .set('X-Organization-ID', 'org_other');
    expect(res.status).toBe(400);
  });
});

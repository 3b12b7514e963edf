/** Memory namespaces through HTTP: create, list, get, update; validation, conflicts, RBAC and isolation. */
import { describe, expect, it } from 'vitest';
import {
  auditActions,
  createApiKey,
  createOrg,
  errorFields,
  expectStatus,
  postRaw,
  insertTeam,
  registerUser,
  setOwnerRole,
  useTestServer,
} from '../helpers/index.js';
import type { HxTestClient, TestOrg, TestUser } from '../helpers/index.js';

const server = useTestServer();

let nameSeq = 0;
const uniqueName = () => `ns-name-${process.pid}-${++nameSeq}-${Math.random().toString(36).slice(2, 7)}`;

/** The namespaces area of the typed client as `as` (the owner by default), and the path params. */
const namespaces = (org: TestOrg, as: TestUser | string = org.owner) => server.api(as).namespaces;
const at = (org: TestOrg) => ({ orgId: org.id });
const one = (org: TestOrg, namespaceId: string) => ({ orgId: org.id, namespaceId });

type NamespaceBody = Partial<Parameters<HxTestClient['namespaces']['create']>[0]['body']>;

const createNamespace = (org: TestOrg, body: NamespaceBody = {}) =>
  namespaces(org).create({ params: at(org), body: { name: uniqueName(), ...body } });

/** Creates a namespace that must be accepted; answers it. */
const namespaceOf = async (org: TestOrg, body: NamespaceBody = {}) =>
  expectStatus(await createNamespace(org, body), 201).body.data;

describe('namespaces: happy path', () => {
  it('creates a namespace with defaults, lists and gets it, and audits the creation', async () => {
    const org = await createOrg(server);
    const name = uniqueName();
    const created = await createNamespace(org, { name, description: 'Support tickets' });
    const ns = expectStatus(created, 201).body.data;
    expect(ns).toMatchObject({
      organizationId: org.id,
      name,
      description: 'Support tickets',
      sensitivity: 'internal',
      teamIds: [],
      createdBy: org.owner.userId,
    });
    expect(ns.id).toMatch(/^ns_/);

    const list = expectStatus(await namespaces(org).list({ params: at(org) }), 200).body.data;
    expect(list.namespaces.map((n) => n.id)).toEqual([ns.id]);
    expect(list.pagination).toEqual({ hasMore: false });

    const got = await namespaces(org).get({ params: one(org, ns.id) });
    expect(expectStatus(got, 200).body.data).toEqual(ns);

    const audit = await auditActions(server, org);
    expect(audit[0]).toMatchObject({ action: 'namespace.created', resourceId: ns.id });
  });

  it('attaches teams of the organization and changes settings with PATCH (audited with the changes)', async () => {
    const org = await createOrg(server);
    const team = await insertTeam(server, org);
    const created = await createNamespace(org, { sensitivity: 'confidential', teamIds: [team] });
    const ns = expectStatus(created, 201).body.data;
    expect(ns.teamIds).toEqual([team]);

    const newName = uniqueName();
    const patched = await namespaces(org).update({
      params: one(org, ns.id),
      headers: { 'x-organization-id': org.id },
      body: { name: newName, sensitivity: 'restricted', teamIds: [], description: null },
    });
    const updated = expectStatus(patched, 200).body.data;
    expect(updated).toMatchObject({
      name: newName,
      sensitivity: 'restricted',
      teamIds: [],
      description: null,
    });
    expect(Date.parse(updated.updatedAt)).toBeGreaterThanOrEqual(Date.parse(ns.updatedAt));

    const audit = await auditActions(server, org);
    expect(audit[0]).toMatchObject({
      action: 'namespace.updated',
      details: { changes: { sensitivity: { from: 'confidential', to: 'restricted' } } },
    });
  });

  it('paginates with an opaque cursor', async () => {
    const org = await createOrg(server);
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push((await namespaceOf(org)).id);
    const first = expectStatus(await namespaces(org).list({ params: at(org), query: { limit: 2 } }), 200).body.data;
    expect(first.namespaces.map((n) => n.id)).toEqual(ids.slice(0, 2));
    expect(first.pagination.hasMore).toBe(true);
    const second = await namespaces(org).list({
      params: at(org),
      query: { limit: 2, cursor: first.pagination.cursor },
    });
    const rest = expectStatus(second, 200).body.data;
    expect(rest.namespaces.map((n) => n.id)).toEqual(ids.slice(2));
    expect(rest.pagination.hasMore).toBe(false);
  });
});

describe('namespaces: errors', () => {
  it('names every invalid field with 400', async () => {
    const org = await createOrg(server);
    // Wrong types on purpose: a body the contract cannot express goes over the raw wire.
    const res = await postRaw(server, `/v1/organizations/${org.id}/namespaces`, org.owner, {
      name: 'has space',
      sensitivity: 'secret',
      teamIds: 'team_1',
    });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('validation_error');
    expect(errorFields(res.body).sort()).toEqual(['name', 'sensitivity', 'teamIds']);
  });

  it('refuses names that look like namespace ids, and empty PATCH bodies', async () => {
    const org = await createOrg(server);
    const bad = await createNamespace(org, { name: 'ns_01ABC' });
    expect(errorFields(expectStatus(bad, 400).body)[0]).toBe('name');
    const created = await namespaceOf(org);
    const empty = await namespaces(org).update({ params: one(org, created.id), body: {} });
    expect(expectStatus(empty, 400).body.error.code).toBe('validation_error');
  });

  it('refuses an unknown team with 400 naming its index', async () => {
    const org = await createOrg(server);
    const team = await insertTeam(server, org);
    const res = await createNamespace(org, { teamIds: [team, 'team_missing'] });
    expect(expectStatus(res, 400).body.error.details).toEqual([
      { field: 'teamIds[1]', message: expect.stringContaining('team_missing') },
    ]);
  });

  it('answers 409 for a duplicate name in the tenant, on create and on rename', async () => {
    const org = await createOrg(server);
    const name = uniqueName();
    expect((await createNamespace(org, { name })).status).toBe(201);
    const dup = await createNamespace(org, { name });
    expect(expectStatus(dup, 409).body.error.code).toBe('conflict');
    // Names are unique across the tenant's organizations, since memories refer to them by name.
    const sibling = await createOrg(server, org.owner, 'Sibling');
    expect((await createNamespace(sibling, { name })).status).toBe(409);
    const other = await namespaceOf(org);
    const rename = await namespaces(org).update({ params: one(org, other.id), body: { name } });
    expect(rename.status).toBe(409);
  });

  it('answers 404 for an unknown namespace and a bad cursor with 400', async () => {
    const org = await createOrg(server);
    const missing = await namespaces(org).get({ params: one(org, 'ns_missing') });
    expect(expectStatus(missing, 404).body.error.code).toBe('not_found');
    const cursor = await namespaces(org).list({ params: at(org), query: { cursor: 'nope' } });
    expect(errorFields(expectStatus(cursor, 400).body)[0]).toBe('query.cursor');
  });
});

describe('namespaces: security', () => {
  it('answers 401 without a token and for an API key', async () => {
    const org = await createOrg(server);
    const none = await server.api().namespaces.list({ params: at(org) });
    expect(none.status).toBe(401);
    const key = await createApiKey(server, org.owner);
    const withKey = await namespaces(org, key).list({ params: at(org) });
    expect(expectStatus(withKey, 401).body.error.code).toBe('unauthorized');
  });

  it('answers 403 to a role without the permission, and lets a viewer read', async () => {
    const org = await createOrg(server);
    const created = await namespaceOf(org);
    await setOwnerRole(server, org, 'viewer');
    const create = await createNamespace(org);
    expect(expectStatus(create, 403).body.error.code).toBe('forbidden');
    const patch = await namespaces(org).update({ params: one(org, created.id), body: { sensitivity: 'public' } });
    expect(patch.status).toBe(403);
    const list = await namespaces(org).list({ params: at(org) });
    expect(list.status).toBe(200);
  });

  it("hides another tenant's organization and namespaces (404), and another org's namespace", async () => {
    const org = await createOrg(server);
    const created = await namespaceOf(org);
    const stranger = await registerUser(server, 'stranger');
    const list = await namespaces(org, stranger).list({ params: at(org) });
    expect(list.status).toBe(404);
    const own = await createOrg(server, stranger);
    const cross = await namespaces(own).get({ params: one(own, created.id) });
    expect(cross.status).toBe(404);
    // Same tenant, other organization: still not this organization's namespace.
    const sibling = await createOrg(server, org.owner, 'Sibling');
    const viaSibling = await namespaces(sibling).update({
      params: one(sibling, created.id),
      body: { sensitivity: 'public' },
    });
    expect(viaSibling.status).toBe(404);
  });

  it('refuses an X-Organization-ID that differs from the path with 400', async () => {
    const org = await createOrg(server);
    const res = await namespaces(org).list({ params: at(org), headers: { 'x-organization-id': 'org_other' } });
    expect(res.status).toBe(400);
  });
});

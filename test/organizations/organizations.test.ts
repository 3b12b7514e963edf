/** Organizations through HTTP: create (creator is owner), list, get, rename; errors and tenant isolation. */
import { describe, expect, it } from 'vitest';
import {
  createApiKey,
  createOrg,
  errorFields,
  expectStatus,
  registerUser,
  type TestUser,
  uniqueSlug,
  useTestServer,
} from '../helpers/index.js';

const server = useTestServer();

/** The organizations area of the typed client, as `user`. */
const orgs = (user: TestUser | string) => server.api(user).organizations;

describe('organizations: happy path', () => {
  it('creates an organization whose creator is the owner, and lists and gets it', async () => {
    const user = await registerUser(server, 'creator');
    const slug = uniqueSlug();
    const created = await orgs(user).create({ body: { name: 'Acme Inc', slug } });
    const org = expectStatus(created, 201).body.data;
    expect(org).toMatchObject({ name: 'Acme Inc', slug, role: 'owner' });
    expect(org.id).toMatch(/^org_/);
    const orgId = org.id;

    const list = expectStatus(await orgs(user).list(), 200).body.data;
    expect(list.organizations.map((o) => o.id)).toEqual([orgId]);
    expect(list.pagination).toEqual({ hasMore: false });

    const got = await orgs(user).get({ params: { orgId } });
    expect(expectStatus(got, 200).body.data).toMatchObject({ id: orgId, role: 'owner', slug });
  });

  it('renames an organization and records both changes in the audit log', async () => {
    const org = await createOrg(server);
    const res = await orgs(org.owner).update({
      params: { orgId: org.id },
      headers: { 'x-organization-id': org.id },
      body: { name: 'Renamed' },
    });
    const renamed = expectStatus(res, 200).body.data;
    expect(renamed.name).toBe('Renamed');
    expect(renamed.slug).toBe(org.slug);

    const audit = await server.api(org.owner).audit.list({ params: { orgId: org.id } });
    const { entries } = expectStatus(audit, 200).body.data;
    const actions = entries.map((e) => e.action);
    expect(actions).toEqual(['organization.updated', 'organization.created']);
    expect(entries[0]).toMatchObject({
      actorType: 'user',
      actorId: org.owner.userId,
      resourceType: 'organization',
      resourceId: org.id,
      details: { changes: { name: { from: 'Acme', to: 'Renamed' } } },
    });
  });

  it('paginates the organization list with an opaque cursor', async () => {
    const user = await registerUser(server, 'many');
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push((await createOrg(server, user, `Org ${i}`)).id);
    const first = expectStatus(await orgs(user).list({ query: { limit: 2 } }), 200).body.data;
    expect(first.organizations.map((o) => o.id)).toEqual(ids.slice(0, 2));
    expect(first.pagination.hasMore).toBe(true);
    const second = await orgs(user).list({ query: { limit: 2, cursor: first.pagination.cursor } });
    const rest = expectStatus(second, 200).body.data;
    expect(rest.organizations.map((o) => o.id)).toEqual(ids.slice(2));
    expect(rest.pagination.hasMore).toBe(false);
  });
});

describe('organizations: errors', () => {
  it('refuses a duplicate slug in the same tenant with 409 conflict', async () => {
    const org = await createOrg(server);
    const res = await orgs(org.owner).create({ body: { name: 'Again', slug: org.slug } });
    expect(expectStatus(res, 409).body.error.code).toBe('conflict');
  });

  it('allows the same slug in another tenant', async () => {
    const org = await createOrg(server);
    const other = await registerUser(server, 'other');
    const res = await orgs(other).create({ body: { name: 'Same slug', slug: org.slug } });
    expect(res.status).toBe(201);
  });

  it('names invalid fields', async () => {
    const user = await registerUser(server);
    const res = await orgs(user).create({ body: { name: '', slug: 'Not A Slug!' } });
    expect(errorFields(expectStatus(res, 400).body).sort()).toEqual(['name', 'slug']);
  });

  it('rejects a bad cursor with 400 naming query.cursor', async () => {
    const user = await registerUser(server);
    const res = await orgs(user).list({ query: { cursor: 'garbage' } });
    expect(errorFields(expectStatus(res, 400).body)[0]).toBe('query.cursor');
  });

  it('answers 404 for an unknown organization', async () => {
    const user = await registerUser(server);
    const res = await orgs(user).get({ params: { orgId: 'org_doesnotexist' } });
    expect(expectStatus(res, 404).body.error.code).toBe('not_found');
  });
});

describe('organizations: security', () => {
  it('requires a JWT: no token 401, an API key 401', async () => {
    const user = await registerUser(server);
    const key = await createApiKey(server, user);
    const none = await server.api().organizations.list();
    expect(none.status).toBe(401);
    const withKey = await orgs(key).create({ body: { name: 'x', slug: uniqueSlug() } });
    expect(expectStatus(withKey, 401).body.error.code).toBe('unauthorized');
  });

  it("answers 404 for another tenant's organization and does not list it", async () => {
    const org = await createOrg(server);
    const stranger = await registerUser(server, 'stranger');
    const get = await orgs(stranger).get({ params: { orgId: org.id } });
    expect(get.status).toBe(404);
    const patch = await orgs(stranger).update({ params: { orgId: org.id }, body: { name: 'pwned' } });
    expect(patch.status).toBe(404);
    const list = await orgs(stranger).list();
    expect(expectStatus(list, 200).body.data.organizations).toEqual([]);
  });

  it('answers 400 when X-Organization-ID differs from the path', async () => {
    const org = await createOrg(server);
    const res = await orgs(org.owner).get({
      params: { orgId: org.id },
      headers: { 'x-organization-id': 'org_someotherone' },
    });
    const { error } = expectStatus(res, 400).body;
    expect(error.code).toBe('validation_error');
    expect(errorFields({ error })[0]).toBe('headers.x-organization-id');
  });
});

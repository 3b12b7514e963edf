/** Organizations through HTTP: create (creator is owner), list, get, rename; errors and tenant isolation. */
import { describe, expect, it } from 'vitest';
import { auth, bearer, createApiKey, createOrg, registerUser, uniqueSlug, useTestServer } from '../helpers/index.js';

const server = useTestServer();

describe('organizations: happy path', () => {
  it('creates an organization whose creator is the owner, and lists and gets it', async () => {
    const user = await registerUser(server, 'creator');
    const slug = uniqueSlug();
    const created = await server
      .http()
      .post('/v1/organizations')
      .set('Authorization', bearer(user))
      .send({ name: 'Acme Inc', slug });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ name: 'Acme Inc', slug, role: 'owner' });
    expect(created.body.data.id).toMatch(/^org_/);
    const orgId = created.body.data.id;

    const list = await server.http().get('/v1/organizations').set('Authorization', bearer(user));
    expect(list.status).toBe(200);
    expect(list.body.data.organizations.map((o: { id: string }) => o.id)).toEqual([orgId]);
    expect(list.body.data.pagination).toEqual({ hasMore: false });

    const got = await server.http().get(`/v1/organizations/${orgId}`).set('Authorization', bearer(user));
    expect(got.status).toBe(200);
    expect(got.body.data).toMatchObject({ id: orgId, role: 'owner', slug });
  });

  it('renames an organization and records both changes in the audit log', async () => {
    const org = await createOrg(server);
    const res = await server
      .http()
      .patch(`/v1/organizations/${org.id}`)
      .set('Authorization', bearer(org.owner))
      .set('X-Organization-ID', org.id)
      .send({ name: 'Renamed' });
    expect(res.status).toBe(200);
    expect(res.body.data.name).toBe('Renamed');
    expect(res.body.data.slug).toBe(org.slug);

    const audit = await server.http().get(`/v1/organizations/${org.id}/audit`).set('Authorization', bearer(org.owner));
    expect(audit.status).toBe(200);
    const actions = audit.body.data.entries.map((e: { action: string }) => e.action);
    expect(actions).toEqual(['organization.updated', 'organization.created']);
    expect(audit.body.data.entries[0]).toMatchObject({
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
    const first = await server.http().get('/v1/organizations?limit=2').set('Authorization', bearer(user));
    expect(first.body.data.organizations.map((o: { id: string }) => o.id)).toEqual(ids.slice(0, 2));
    expect(first.body.data.pagination.hasMore).toBe(true);
    const second = await server
      .http()
      .get(`/v1/organizations?limit=2&cursor=${encodeURIComponent(first.body.data.pagination.cursor)}`)
      .set('Authorization', bearer(user));
    expect(second.body.data.organizations.map((o: { id: string }) => o.id)).toEqual(ids.slice(2));
    expect(second.body.data.pagination.hasMore).toBe(false);
  });
});

describe('organizations: errors', () => {
  it('refuses a duplicate slug in the same tenant with 409 conflict', async () => {
    const org = await createOrg(server);
    const res = await server
      .http()
      .post('/v1/organizations')
      .set('Authorization', bearer(org.owner))
      .send({ name: 'Again', slug: org.slug });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('conflict');
  });

  it('allows the same slug in another tenant', async () => {
    const org = await createOrg(server);
    const other = await registerUser(server, 'other');
    const res = await server
      .http()
      .post('/v1/organizations')
      .set('Authorization', bearer(other))
      .send({ name: 'Same slug', slug: org.slug });
    expect(res.status).toBe(201);
  });

  it('names invalid fields', async () => {
    const user = await registerUser(server);
    const res = await server
      .http()
      .post('/v1/organizations')
      .set('Authorization', bearer(user))
      .send({ name: '', slug: 'Not A Slug!' });
    expect(res.status).toBe(400);
    const fields = res.body.error.details.map((d: { field: string }) => d.field).sort();
    expect(fields).toEqual(['name', 'slug']);
  });

  it('rejects a bad cursor with 400 naming query.cursor', async () => {
    const user = await registerUser(server);
    const res = await server.http().get('/v1/organizations?cursor=garbage').set('Authorization', bearer(user));
    expect(res.status).toBe(400);
    expect(res.body.error.details[0].field).toBe('query.cursor');
  });

  it('answers 404 for an unknown organization', async () => {
    const user = await registerUser(server);
    const res = await server.http().get('/v1/organizations/org_doesnotexist').set('Authorization', bearer(user));
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('not_found');
  });
});

describe('organizations: security', () => {
  it('requires a JWT: no token 401, an API key 401', async () => {
    const user = await registerUser(server);
    const key = await createApiKey(server, user);
    const none = await server.http().get('/v1/organizations');
    expect(none.status).toBe(401);
    const withKey = await server.http().post('/v1/organizations').set(auth(key)).send({
      name: 'x',
      slug: uniqueSlug(),
    });
    expect(withKey.status).toBe(401);
    expect(withKey.body.error.code).toBe('unauthorized');
  });

  it("answers 404 for another tenant's organization and does not list it", async () => {
    const org = await createOrg(server);
    const stranger = await registerUser(server, 'stranger');
    const get = await server.http().get(`/v1/organizations/${org.id}`).set('Authorization', bearer(stranger));
    expect(get.status).toBe(404);
    const patch = await server
      .http()
      .patch(`/v1/organizations/${org.id}`)
      .set('Authorization', bearer(stranger))
      .send({ name: 'pwned' });
    expect(patch.status).toBe(404);
    const list = await server.http().get('/v1/organizations').set('Authorization', bearer(stranger));
    expect(list.body.data.organizations).toEqual([]);
  });

  it('answers 400 when X-Organization-ID differs from the path', async () => {
    const org = await createOrg(server);
    const res = await server
      .http()
      .get(`/v1/organizations/${org.id}`)
      .set('Authorization', bearer(org.owner))
      .set('X-Organization-ID', 'org_someotherone');
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('validation_error');
    expect(res.body.error.details[0].field).toBe('headers.x-organization-id');
  });
});

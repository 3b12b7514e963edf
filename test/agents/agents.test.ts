/** Agent identities through HTTP: create, list, get, update, delete; field limits; team scoping. */
import { describe, expect, it } from 'vitest';
import { bearer, createOrg, type TestOrg, useTestServer } from '../helpers/index.js';

const server = useTestServer();

const agentsOf = (org: TestOrg) => `/v1/organizations/${org.id}/agents`;

async function team(org: TestOrg, name: string) {
  const res = await server
    .http()
    .post(`/v1/organizations/${org.id}/teams`)
    .set('Authorization', bearer(org.owner))
    .send({ name });
  return res.body.data.id as string;
}

describe('agents: happy path', () => {
  it('creates, lists (with team filter), gets, updates and deletes an agent', async () => {
    const org = await createOrg(server);
    const auth = bearer(org.owner);
    const teamId = await team(org, 'Support');
    const created = await server
      .http()
      .post(agentsOf(org))
      .set('Authorization', auth)
      .send({ name: 'triage-bot', description: 'Sorts tickets', framework: 'langgraph', teamId, metadata: { v: 2 } });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({
      name: 'triage-bot',
      framework: 'langgraph',
      teamId,
      metadata: { v: 2 },
      createdBy: org.owner.userId,
    });
    const id = created.body.data.id;
    expect(id).toMatch(/^agt_/);
    await server.http().post(agentsOf(org)).set('Authorization', auth).send({ name: 'loner' });

    const all = await server.http().get(agentsOf(org)).set('Authorization', auth);
    expect(all.body.data.agents).toHaveLength(2);
    const filtered = await server
      .http()
      .get(`${agentsOf(org)}?teamId=${teamId}`)
      .set('Authorization', auth);
    expect(filtered.body.data.agents.map((a: { id: string }) => a.id)).toEqual([id]);

    const got = await server
      .http()
      .get(`${agentsOf(org)}/${id}`)
      .set('Authorization', auth);
    expect(got.body.data.id).toBe(id);

    const patched = await server
      .http()
      .patch(`${agentsOf(org)}/${id}`)
      .set('Authorization', auth)
      .send({ teamId: null, framework: 'crewai', metadata: {} });
    expect(patched.status).toBe(200);
    expect(patched.body.data).toMatchObject({ teamId: null, framework: 'crewai', metadata: {}, name: 'triage-bot' });

    const deleted = await server
      .http()
      .delete(`${agentsOf(org)}/${id}`)
      .set('Authorization', auth);
    expect(deleted.body.data).toEqual({ id, deleted: true });
    expect(
      (
        await server
          .http()
          .get(`${agentsOf(org)}/${id}`)
          .set('Authorization', auth)
      ).status,
    ).toBe(404);
  });

  it('deleting a team detaches its agents', async () => {
    const org = await createOrg(server);
    const teamId = await team(org, 'Temp');
    const agent = await server
      .http()
      .post(agentsOf(org))
      .set('Authorization', bearer(org.owner))
      .send({ name: 'a', teamId });
    await server.http().delete(`/v1/organizations/${org.id}/teams/${teamId}`).set('Authorization', bearer(org.owner));
    const got = await server
      .http()
      .get(`${agentsOf(org)}/${agent.body.data.id}`)
      .set('Authorization', bearer(org.owner));
    expect(got.body.data.teamId).toBeNull();
  });
});

describe('agents: errors', () => {
  it('duplicate names are 409; a team of another organization is 400 on teamId', async () => {
    const org = await createOrg(server);
    const auth = bearer(org.owner);
    await server.http().post(agentsOf(org)).set('Authorization', auth).send({ name: 'Bot' });
    const dup = await server.http().post(agentsOf(org)).set('Authorization', auth).send({ name: 'bot' });
    expect(dup.status).toBe(409);
    const other = await createOrg(server, org.owner, 'Other');
    const foreignTeam = await team(other, 'Theirs');
    const res = await server
      .http()
      .post(agentsOf(org))
      .set('Authorization', auth)
      .send({ name: 'x', teamId: foreignTeam });
    expect(res.status).toBe(400);
    expect(res.body.error.details[0].field).toBe('teamId');
  });

  it('enforces field limits and needs at least one field on PATCH', async () => {
    const org = await createOrg(server);
    const auth = bearer(org.owner);
    const res = await server
      .http()
      .post(agentsOf(org))
      .set('Authorization', auth)
      .send({ name: 'n'.repeat(201), framework: '', metadata: { big: 'x'.repeat(17 * 1024) } });
    expect(res.status).toBe(400);
    expect(res.body.error.details.map((d: { field: string }) => d.field).sort()).toEqual([
      'framework',
      'metadata',
      'name',
    ]);
    const agent = await server.http().post(agentsOf(org)).set('Authorization', auth).send({ name: 'ok' });
    const empty = await server
      .http()
      .patch(`${agentsOf(org)}/${agent.body.data.id}`)
      .set('Authorization', auth)
      .send({});
    expect(empty.status).toBe(400);
    expect(empty.body.error.code).toBe('validation_error');
  });
});

describe('agents: security', () => {
  it('an agent of another organization of the same tenant answers 404 on every id route', async () => {
    const orgA = await createOrg(server);
    const orgB = await createOrg(server, orgA.owner, 'B');
    const agent = await server.http().post(agentsOf(orgA)).set('Authorization', bearer(orgA.owner)).send({ name: 'a' });
    const path = `${agentsOf(orgB)}/${agent.body.data.id}`;
    const auth = bearer(orgA.owner);
    expect((await server.http().get(path).set('Authorization', auth)).status).toBe(404);
    expect((await server.http().patch(path).set('Authorization', auth).send({ name: 'b' })).status).toBe(404);
    expect((await server.http().delete(path).set('Authorization', auth)).status).toBe(404);
    const still = await server
      .http()
      .get(`${agentsOf(orgA)}/${agent.body.data.id}`)
      .set('Authorization', auth);
    expect(still.body.data.name).toBe('a');
  });
});

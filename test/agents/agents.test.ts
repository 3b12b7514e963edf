/** Agent identities through HTTP: create, list, get, update, delete; field limits; team scoping. */
import { describe, expect, it } from 'vitest';
import { createOrg, createTeam, errorFields, expectStatus, useTestServer } from '../helpers/index.js';
import type { HxTestClient, TestOrg } from '../helpers/index.js';

const server = useTestServer();

type AgentBody = Parameters<HxTestClient['agents']['create']>[0]['body'];

/** The agents area of the typed client as the organization's owner, and an agent's path params. */
const agents = (org: TestOrg) => server.api(org.owner).agents;
const one = (org: TestOrg, agentId: string) => ({ orgId: org.id, agentId });
const createAgent = (org: TestOrg, body: AgentBody) => agents(org).create({ params: { orgId: org.id }, body });

describe('agents: happy path', () => {
  it('creates, lists (with team filter), gets, updates and deletes an agent', async () => {
    const org = await createOrg(server);
    const teamId = await createTeam(server, org, 'Support');
    const created = await createAgent(org, {
      name: 'triage-bot',
      description: 'Sorts tickets',
      framework: 'langgraph',
      teamId,
      metadata: { v: 2 },
    });
    const agent = expectStatus(created, 201).body.data;
    expect(agent).toMatchObject({
      name: 'triage-bot',
      framework: 'langgraph',
      teamId,
      metadata: { v: 2 },
      createdBy: org.owner.userId,
    });
    const id = agent.id;
    expect(id).toMatch(/^agt_/);
    await createAgent(org, { name: 'loner' });

    const list = async (query = {}) =>
      expectStatus(await agents(org).list({ params: { orgId: org.id }, query }), 200).body.data.agents;
    expect(await list()).toHaveLength(2);
    expect((await list({ teamId })).map((a) => a.id)).toEqual([id]);

    const got = await agents(org).get({ params: one(org, id) });
    expect(expectStatus(got, 200).body.data.id).toBe(id);

    const patched = await agents(org).update({
      params: one(org, id),
      body: { teamId: null, framework: 'crewai', metadata: {} },
    });
    expect(expectStatus(patched, 200).body.data).toMatchObject({
      teamId: null,
      framework: 'crewai',
      metadata: {},
      name: 'triage-bot',
    });

    const deleted = await agents(org).delete({ params: one(org, id) });
    expect(expectStatus(deleted, 200).body.data).toEqual({ id, deleted: true });
    expect((await agents(org).get({ params: one(org, id) })).status).toBe(404);
  });

  it('deleting a team detaches its agents', async () => {
    const org = await createOrg(server);
    const teamId = await createTeam(server, org, 'Temp');
    const agent = expectStatus(await createAgent(org, { name: 'a', teamId }), 201).body.data;
    await server.api(org.owner).teams.delete({ params: { orgId: org.id, teamId } });
    const got = await agents(org).get({ params: one(org, agent.id) });
    expect(expectStatus(got, 200).body.data.teamId).toBeNull();
  });
});

describe('agents: errors', () => {
  it('duplicate names are 409; a team of another organization is 400 on teamId', async () => {
    const org = await createOrg(server);
    await createAgent(org, { name: 'Bot' });
    const dup = await createAgent(org, { name: 'bot' });
    expect(dup.status).toBe(409);
    const other = await createOrg(server, org.owner, 'Other');
    const foreignTeam = await createTeam(server, other, 'Theirs');
    const res = await createAgent(org, { name: 'x', teamId: foreignTeam });
    expect(errorFields(expectStatus(res, 400).body)[0]).toBe('teamId');
  });

  it('enforces field limits and needs at least one field on PATCH', async () => {
    const org = await createOrg(server);
    const res = await createAgent(org, {
      name: 'n'.repeat(201),
      framework: '',
      metadata: { big: 'x'.repeat(17 * 1024) },
    });
    expect(errorFields(expectStatus(res, 400).body).sort()).toEqual(['framework', 'metadata', 'name']);
    const agent = expectStatus(await createAgent(org, { name: 'ok' }), 201).body.data;
    const empty = await agents(org).update({ params: one(org, agent.id), body: {} });
    expect(expectStatus(empty, 400).body.error.code).toBe('validation_error');
  });
});

describe('agents: security', () => {
  it('an agent of another organization of the same tenant answers 404 on every id route', async () => {
    const orgA = await createOrg(server);
    const orgB = await createOrg(server, orgA.owner, 'B');
    const agent = expectStatus(await createAgent(orgA, { name: 'a' }), 201).body.data;
    // orgB's owner is orgA's owner: the same user, through the other organization's path.
    const viaB = one(orgB, agent.id);
    expect((await agents(orgB).get({ params: viaB })).status).toBe(404);
    expect((await agents(orgB).update({ params: viaB, body: { name: 'b' } })).status).toBe(404);
    expect((await agents(orgB).delete({ params: viaB })).status).toBe(404);
    const still = await agents(orgA).get({ params: one(orgA, agent.id) });
    expect(expectStatus(still, 200).body.data.name).toBe('a');
  });
});

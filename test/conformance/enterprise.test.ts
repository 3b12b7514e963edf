/**
 * Enterprise routes (JWT + RBAC) with the exact request fields of SPEC.md's resource tables, the
 * permission rules (401 vs 403), X-Organization-ID, lineage record shape, audit/access-log paging.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestServer, auth, newTenant, uniqueEmail } from '../helpers/index.js';
import { expectError, expectOk, expectPage, expectValidation, ISO } from './wire.js';

const server = useTestServer();
let owner: string;
let apiKey: string;
let orgId: string;
let viewer: string;
const base = () => `/v1/organizations/${orgId}`;

beforeAll(async () => {
  const t = await newTenant(server, 'ent');
  owner = t.jwt;
  apiKey = t.apiKey;
  const org = await server
    .http()
    .post('/v1/organizations')
    .set(auth(owner))
    .send({ name: 'Acme', slug: `acme-${Date.now()}` });
  orgId = org.body.data.id;
  // A viewer joins through the documented invitation flow.
  const email = uniqueEmail('viewer');
  const inv = await server.http().post(`${base()}/members/invite`).set(auth(owner)).send({ email, role: 'viewer' });
  const reg = await server
    .http()
    .post('/v1/auth/register')
    .send({ email, password: 'viewer-password-1', inviteToken: inv.body.data.inviteToken });
  if (reg.status !== 201) throw new Error(JSON.stringify(reg.body));
  viewer = reg.body.data.tokens.accessToken;
});

describe('organizations', () => {
  it('POST {name, slug} answers 201 with the created organization; creator is owner', async () => {
    const slug = `org-${Date.now()}`;
    const d = expectOk(
      await server.http().post('/v1/organizations').set(auth(owner)).send({ name: 'Org A', slug }),
      201,
    );
    expect(typeof d.id).toBe('string');
    expect(d).toMatchObject({ name: 'Org A', slug });
    const list = expectOk(await server.http().get('/v1/organizations').set(auth(owner)));
    expect(expectPage(list, 'organizations').map((o: { id: string }) => o.id)).toContain(d.id);
    const one = expectOk(await server.http().get(`/v1/organizations/${d.id}`).set(auth(owner)));
    expect(one.id).toBe(d.id);
    const upd = expectOk(
      await server.http().patch(`/v1/organizations/${d.id}`).set(auth(owner)).send({ name: 'Org B' }),
    );
    expect(upd.name).toBe('Org B');
    expectError(await server.http().post('/v1/organizations').set(auth(owner)).send({ name: 'dup', slug }), 'conflict');
    expectValidation(await server.http().post('/v1/organizations').set(auth(owner)).send({ slug: 'x-y' }), 'name');
  });

  it('organizations of another tenant are 404; an API key is 401', async () => {
    const other = await newTenant(server, 'other');
    expectError(await server.http().get(base()).set(auth(other.jwt)), 'not_found');
    expectError(await server.http().get(base()).set(auth(apiKey)), 'unauthorized');
    expectError(await server.http().get('/v1/organizations').set(auth(apiKey)), 'unauthorized');
  });

  it('X-Organization-ID equal to :orgId is accepted, a different one is 400 validation_error', async () => {
    expectOk(await server.http().get(`${base()}/teams`).set(auth(owner)).set('X-Organization-ID', orgId));
    expectError(
      await server.http().get(`${base()}/teams`).set(auth(owner)).set('X-Organization-ID', 'org_other'),
      'validation_error',
    );
  });

  it('viewer: org:read and team:list allowed; org:update, team:create, policy:create, audit:read are 403 forbidden', async () => {
    expectOk(await server.http().get(base()).set(auth(viewer)));
    expectOk(await server.http().get(`${base()}/teams`).set(auth(viewer)));
    expectError(await server.http().patch(base()).set(auth(viewer)).send({ name: 'nope' }), 'forbidden');
    expectError(await server.http().post(`${base()}/teams`).set(auth(viewer)).send({ name: 'T' }), 'forbidden');
    expectError(
      await server
        .http()
        .post(`${base()}/policies`)
        .set(auth(viewer))
        .send({ name: 'p', effect: 'deny', resource: 'namespace:*', action: '*', priority: 1 }),
      'forbidden',
    );
    expectError(await server.http().get(`${base()}/audit`).set(auth(viewer)), 'forbidden');
    expectError(await server.http().get(`${base()}/lifecycle-policies`).set(auth(viewer)), 'forbidden');
    expectError(await server.http().get(`${base()}/lineage/mem_x`).set(auth(viewer)), 'forbidden');
    expectError(await server.http().get(`${base()}/members`).set(auth(viewer)), 'forbidden');
  });
});

describe('teams', () => {
  it('create {name, description}, list, get with members, patch, delete', async () => {
    const t = expectOk(
      await server.http().post(`${base()}/teams`).set(auth(owner)).send({ name: 'Platform', description: 'infra' }),
      201,
    );
    expect(t).toMatchObject({ name: 'Platform', description: 'infra' });
    const list = expectOk(await server.http().get(`${base()}/teams`).set(auth(owner)));
    expect(expectPage(list, 'teams').some((x: { id: string }) => x.id === t.id)).toBe(true);
    const one = expectOk(await server.http().get(`${base()}/teams/${t.id}`).set(auth(owner)));
    expect(Array.isArray(one.members)).toBe(true);
    const upd = expectOk(
      await server.http().patch(`${base()}/teams/${t.id}`).set(auth(owner)).send({ description: 'infrastructure' }),
    );
    expect(upd.description).toBe('infrastructure');
    expectOk(await server.http().delete(`${base()}/teams/${t.id}`).set(auth(owner)));
    expectError(await server.http().get(`${base()}/teams/${t.id}`).set(auth(owner)), 'not_found');
  });
});

describe('members', () => {
  it('invite {email, role, teamIds}, list, update role, remove', async () => {
    const team = expectOk(await server.http().post(`${base()}/teams`).set(auth(owner)).send({ name: 'Devs' }), 201);
    const email = uniqueEmail('dev');
    const inv = expectOk(
      await server
        .http()
        .post(`${base()}/members/invite`)
        .set(auth(owner))
        .send({ email, role: 'developer', teamIds: [team.id] }),
      201,
    );
    const member = inv.member ?? inv;
    expect(member.email).toBe(email);
    expect(member.role).toBe('developer');
    const list = expectOk(await server.http().get(`${base()}/members`).set(auth(owner)));
    expect(expectPage(list, 'members').some((m: { id: string }) => m.id === member.id)).toBe(true);
    const upd = expectOk(
      await server.http().patch(`${base()}/members/${member.id}`).set(auth(owner)).send({ role: 'analyst' }),
    );
    expect(upd.role).toBe('analyst');
    expectOk(await server.http().delete(`${base()}/members/${member.id}`).set(auth(owner)));
    expectValidation(
      await server.http().post(`${base()}/members/invite`).set(auth(owner)).send({ email, role: 'superuser' }),
      'role',
    );
    expectValidation(
      await server.http().post(`${base()}/members/invite`).set(auth(owner)).send({ role: 'viewer' }),
      'email',
    );
  });
});

describe('agents', () => {
  it('create {name, description, framework, teamId, metadata}, list, patch, delete', async () => {
    const team = expectOk(await server.http().post(`${base()}/teams`).set(auth(owner)).send({ name: 'Bots' }), 201);
    const body = {
      name: 'support-bot',
      description: 'answers tickets',
      framework: 'langchain',
      teamId: team.id,
      metadata: { tier: 1 },
    };
    const a = expectOk(await server.http().post(`${base()}/agents`).set(auth(owner)).send(body), 201);
    expect(a).toMatchObject(body);
    const list = expectOk(await server.http().get(`${base()}/agents`).set(auth(owner)));
    expect(expectPage(list, 'agents').some((x: { id: string }) => x.id === a.id)).toBe(true);
    const upd = expectOk(
      await server.http().patch(`${base()}/agents/${a.id}`).set(auth(owner)).send({ framework: 'crewai' }),
    );
    expect(upd.framework).toBe('crewai');
    expectOk(await server.http().delete(`${base()}/agents/${a.id}`).set(auth(owner)));
  });
});

describe('namespaces', () => {
  it('create {name, description, sensitivity, teamIds}, list, patch; sensitivity is one of four', async () => {
    const team = expectOk(await server.http().post(`${base()}/teams`).set(auth(owner)).send({ name: 'NS team' }), 201);
    const body = {
      name: `ns-${Date.now()}`,
      description: 'secret stuff',
      sensitivity: 'confidential',
      teamIds: [team.id],
    };
    const n = expectOk(await server.http().post(`${base()}/namespaces`).set(auth(owner)).send(body), 201);
    expect(n).toMatchObject(body);
    const list = expectOk(await server.http().get(`${base()}/namespaces`).set(auth(owner)));
    expect(expectPage(list, 'namespaces').some((x: { id: string }) => x.id === n.id)).toBe(true);
    const upd = expectOk(
      await server.http().patch(`${base()}/namespaces/${n.id}`).set(auth(owner)).send({ sensitivity: 'restricted' }),
    );
    expect(upd.sensitivity).toBe('restricted');
    expectValidation(
      await server
        .http()
        .post(`${base()}/namespaces`)
        .set(auth(owner))
        .send({ name: 'bad', sensitivity: 'top-secret' }),
      'sensitivity',
    );
  });
});

describe('access policies', () => {
  it('create {name, effect, resource, action, conditions {team}, priority}, list, patch, delete', async () => {
    const team = expectOk(await server.http().post(`${base()}/teams`).set(auth(owner)).send({ name: 'Pol team' }), 201);
    const body = {
      name: 'deny-team',
      effect: 'deny',
      resource: 'namespace:*',
      action: 'read',
      conditions: { team: team.id },
      priority: 10,
    };
    const p = expectOk(await server.http().post(`${base()}/policies`).set(auth(owner)).send(body), 201);
    expect(p).toMatchObject(body);
    const list = expectOk(await server.http().get(`${base()}/policies`).set(auth(owner)));
    expect(expectPage(list, 'policies').some((x: { id: string }) => x.id === p.id)).toBe(true);
    const upd = expectOk(
      await server.http().patch(`${base()}/policies/${p.id}`).set(auth(owner)).send({ priority: 20 }),
    );
    expect(upd.priority).toBe(20);
    expectOk(await server.http().delete(`${base()}/policies/${p.id}`).set(auth(owner)));
    // required fields: name, effect, resource, action, priority
    for (const missing of ['name', 'effect', 'resource', 'action', 'priority']) {
      const b: Record<string, unknown> = { ...body };
      delete b[missing];
      expectValidation(await server.http().post(`${base()}/policies`).set(auth(owner)).send(b), missing);
    }
    expectValidation(
      await server
        .http()
        .post(`${base()}/policies`)
        .set(auth(owner))
        .send({ ...body, effect: 'maybe' }),
      'effect',
    );
  });
});

describe('lifecycle policies', () => {
  it('create {name, retentionDays, archiveAfterDays, deleteAfterDays, scope}, list, patch, delete', async () => {
    const ns = expectOk(
      await server
        .http()
        .post(`${base()}/namespaces`)
        .set(auth(owner))
        .send({ name: `lc-${Date.now()}`, sensitivity: 'internal' }),
      201,
    );
    const body = {
      name: 'keep 90d',
      retentionDays: 90,
      archiveAfterDays: 30,
      deleteAfterDays: 90,
      scope: `namespace:${ns.id}`,
    };
    const p = expectOk(await server.http().post(`${base()}/lifecycle-policies`).set(auth(owner)).send(body), 201);
    expect(p).toMatchObject(body);
    const list = expectOk(await server.http().get(`${base()}/lifecycle-policies`).set(auth(owner)));
    expect(expectPage(list, 'lifecyclePolicies').some((x: { id: string }) => x.id === p.id)).toBe(true);
    const upd = expectOk(
      await server
        .http()
        .patch(`${base()}/lifecycle-policies/${p.id}`)
        .set(auth(owner))
        .send({ retentionDays: 120, deleteAfterDays: 120 }),
    );
    expect(upd.retentionDays).toBe(120);
    expectOk(await server.http().delete(`${base()}/lifecycle-policies/${p.id}`).set(auth(owner)));
  });
});

describe('audit and access logs', () => {
  it('audit: paginated entries, filters, limit max 100', async () => {
    const d = expectOk(await server.http().get(`${base()}/audit`).set(auth(owner)));
    const entries = expectPage(d, 'entries');
    expect(entries.length).toBeGreaterThan(0);
    const start = new Date(Date.now() - 3600_000).toISOString();
    const end = new Date(Date.now() + 60_000).toISOString();
    const f = expectOk(
      await server
        .http()
        .get(`${base()}/audit`)
        .query({
          action: entries[0].action,
          resourceType: entries[0].resourceType,
          startDate: start,
          endDate: end,
          limit: 1,
        })
        .set(auth(owner)),
    );
    expect(f.entries.length).toBeLessThanOrEqual(1);
    if (f.pagination.hasMore) {
      const n = expectOk(
        await server
          .http()
          .get(`${base()}/audit`)
          .query({ limit: 1, cursor: f.pagination.cursor, action: entries[0].action })
          .set(auth(owner)),
      );
      expect(n.entries[0]?.id).not.toBe(f.entries[0].id);
    }
    expectOk(await server.http().get(`${base()}/audit?limit=100`).set(auth(owner)));
    expectValidation(await server.http().get(`${base()}/audit?limit=101`).set(auth(owner)), 'limit');
    expectValidation(await server.http().get(`${base()}/audit?startDate=yesterday`).set(auth(owner)), 'startDate');
  });

  it('audit: 20 entries by default', async () => {
    for (let i = 0; i < 22; i++)
      await server
        .http()
        .post(`${base()}/teams`)
        .set(auth(owner))
        .send({ name: `bulk-${i}` });
    const d = expectOk(await server.http().get(`${base()}/audit`).set(auth(owner)));
    expect(d.entries).toHaveLength(20);
    expect(d.pagination.hasMore).toBe(true);
    const teams = expectOk(await server.http().get(`${base()}/teams`).set(auth(owner)));
    expect(teams.teams).toHaveLength(20);
  });

  it('access-logs: paginated, limit', async () => {
    const d = expectOk(await server.http().get(`${base()}/access-logs?limit=5`).set(auth(owner)));
    expectPage(d, 'entries');
    expectValidation(await server.http().get(`${base()}/access-logs?limit=101`).set(auth(owner)), 'limit');
  });
});

describe('lineage', () => {
  it('record: {memoryId, sourceEvents, derivedArtifacts, lineage[{from, to, type, timestamp}]} with captured_from', async () => {
    const K = { Authorization: `Bearer ${apiKey}` };
    await server
      .http()
      .post('/v1/capture')
      .set(K)
      .send({ type: 'message', sessionId: 'lin', payload: { role: 'user', content: 'My favourite colour is green.' } });
    await server.http().post('/v1/learn').set(K).send({ wait: true });
    const mems = expectOk(await server.http().get('/v1/memories').set(K));
    const mem = mems.memories[0];
    const d = expectOk(await server.http().get(`${base()}/lineage/${mem.id}`).set(auth(owner)));
    expect(d.memoryId).toBe(mem.id);
    expect(d.sourceEvents.length).toBeGreaterThan(0);
    for (const e of d.sourceEvents) expect(e).toMatch(/^evt_/);
    for (const a of d.derivedArtifacts) expect(a).toMatch(/^art_/);
    const cap = d.lineage.find((e: { type: string }) => e.type === 'captured_from');
    expect(cap).toBeDefined();
    expect(cap.from).toMatch(/^evt_/);
    expect(cap.to).toBe(mem.id);
    for (const e of d.lineage) {
      expect(typeof e.from).toBe('string');
      expect(typeof e.to).toBe('string');
      expect(typeof e.type).toBe('string');
      expect(e.timestamp).toMatch(ISO);
    }
    const g = expectOk(await server.http().get(`${base()}/lineage/graph/${mem.id}`).set(auth(owner)));
    expect(typeof g).toBe('object');
    expectError(
      await server.http().get(`${base()}/lineage/mem_01ARZ3NDEKTSV4RRFFQ69G5FAV`).set(auth(owner)),
      'not_found',
    );
  });
});

/**
 * Behaviour DESIGN.md promises beyond shapes: the role matrix (403), namespace policies on API keys,
 * supersession, incremental learn, the synthesize budget, body size limits, idempotency in the body.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestServer, createApiKey, newTenant, uniqueEmail } from '../helpers/index.js';
import { expectError, expectOk } from './wire.js';

const server = useTestServer();
let owner: string;
let orgId: string;
let tenant: Awaited<ReturnType<typeof newTenant>>;
const O = () => ({ Authorization: `Bearer ${owner}` });
const base = () => `/v1/organizations/${orgId}`;

async function joinAs(role: string) {
  const email = uniqueEmail(role);
  const inv = await server.http().post(`${base()}/members/invite`).set(O()).send({ email, role });
  const reg = await server
    .http()
    .post('/v1/auth/register')
    .send({ email, password: `${role}-password-1`, inviteToken: inv.body.data.inviteToken });
  if (reg.status !== 201) throw new Error(JSON.stringify(reg.body));
  return { Authorization: `Bearer ${reg.body.data.tokens.accessToken}` };
}

beforeAll(async () => {
  tenant = await newTenant(server, 'sem');
  owner = tenant.jwt;
  orgId = (
    await server
      .http()
      .post('/v1/organizations')
      .set(O())
      .send({ name: 'Sem', slug: `sem-${Date.now()}` })
  ).body.data.id;
});

describe('role -> permission matrix (DESIGN §4)', () => {
  it('manager: team:*, invite up to manager, agents, namespaces; not policy:create/update, lifecycle, org:update', async () => {
    const M = await joinAs('manager');
    const team = expectOk(await server.http().post(`${base()}/teams`).set(M).send({ name: 'mgr team' }), 201);
    expectOk(await server.http().delete(`${base()}/teams/${team.id}`).set(M));
    expectOk(
      await server
        .http()
        .post(`${base()}/members/invite`)
        .set(M)
        .send({ email: uniqueEmail('d'), role: 'developer' }),
      201,
    );
    expectError(
      await server
        .http()
        .post(`${base()}/members/invite`)
        .set(M)
        .send({ email: uniqueEmail('a'), role: 'admin' }),
      'forbidden',
    );
    expectOk(
      await server
        .http()
        .post(`${base()}/namespaces`)
        .set(M)
        .send({ name: `mns-${Date.now()}` }),
      201,
    );
    expectOk(await server.http().get(`${base()}/policies`).set(M));
    expectOk(await server.http().get(`${base()}/audit`).set(M));
    expectError(
      await server
        .http()
        .post(`${base()}/policies`)
        .set(M)
        .send({ name: 'p', effect: 'allow', resource: 'namespace:*', action: '*', priority: 1 }),
      'forbidden',
    );
    expectError(await server.http().get(`${base()}/lifecycle-policies`).set(M), 'forbidden');
    expectError(await server.http().patch(base()).set(M).send({ name: 'x' }), 'forbidden');
  });

  it('developer: agent create/read/update but not delete; namespace:read only; no audit', async () => {
    const D = await joinAs('developer');
    const a = expectOk(await server.http().post(`${base()}/agents`).set(D).send({ name: 'dev-agent' }), 201);
    expectOk(await server.http().patch(`${base()}/agents/${a.id}`).set(D).send({ description: 'x' }));
    expectError(await server.http().delete(`${base()}/agents/${a.id}`).set(D), 'forbidden');
    expectOk(await server.http().get(`${base()}/namespaces`).set(D));
    expectError(await server.http().post(`${base()}/namespaces`).set(D).send({ name: 'nope' }), 'forbidden');
    expectError(await server.http().get(`${base()}/audit`).set(D), 'forbidden');
    expectError(await server.http().get(`${base()}/access-logs`).set(D), 'forbidden');
  });

  it('analyst: audit:read and lineage:read, not agent:create; admin: everything incl. lifecycle', async () => {
    const A = await joinAs('analyst');
    expectOk(await server.http().get(`${base()}/audit`).set(A));
    expectError(await server.http().get(`${base()}/lineage/mem_01ARZ3NDEKTSV4RRFFQ69G5FAV`).set(A), 'not_found');
    expectError(await server.http().post(`${base()}/agents`).set(A).send({ name: 'x' }), 'forbidden');
    const AD = await joinAs('admin');
    expectOk(
      await server
        .http()
        .post(`${base()}/lifecycle-policies`)
        .set(AD)
        .send({ name: 'lc', retentionDays: 10, archiveAfterDays: 5, deleteAfterDays: 10, scope: 'namespace:*' }),
      201,
    );
    expectOk(await server.http().patch(base()).set(AD).send({ name: 'Sem 2' }));
  });
});

describe('namespace policies on bound API keys (DESIGN §4)', () => {
  it('a deny write policy on the namespace makes capture 403 forbidden; restricted namespaces need an explicit allow', async () => {
    const ns = expectOk(
      await server
        .http()
        .post(`${base()}/namespaces`)
        .set(O())
        .send({ name: `deny-${Date.now()}`, sensitivity: 'internal' }),
      201,
    );
    const key = await createApiKey(server, tenant.user, { name: 'bound', organizationId: orgId, namespaceId: ns.id });
    const B = { Authorization: `Bearer ${key}` };
    expectOk(
      await server
        .http()
        .post('/v1/capture')
        .set(B)
        .send({ type: 'observation', sessionId: 'p', payload: { text: 'allowed' } }),
      201,
    );
    expectOk(
      await server
        .http()
        .post(`${base()}/policies`)
        .set(O())
        .send({ name: 'no writes', effect: 'deny', resource: `namespace:${ns.id}`, action: 'write', priority: 100 }),
      201,
    );
    expectError(
      await server
        .http()
        .post('/v1/capture')
        .set(B)
        .send({ type: 'observation', sessionId: 'p', payload: { text: 'denied' } }),
      'forbidden',
    );
    const restricted = expectOk(
      await server
        .http()
        .post(`${base()}/namespaces`)
        .set(O())
        .send({ name: `restr-${Date.now()}`, sensitivity: 'restricted' }),
      201,
    );
    const rkey = await createApiKey(server, tenant.user, {
      name: 'restricted',
      organizationId: orgId,
      namespaceId: restricted.id,
    });
    const R = { Authorization: `Bearer ${rkey}` };
    expectError(await server.http().post('/v1/synthesize').set(R).send({ query: 'anything' }), 'forbidden');
    expectOk(
      await server
        .http()
        .post(`${base()}/policies`)
        .set(O())
        .send({
          name: 'allow restricted',
          effect: 'allow',
          resource: `namespace:${restricted.id}`,
          action: '*',
          priority: 1,
        }),
      201,
    );
    expectOk(await server.http().post('/v1/synthesize').set(R).send({ query: 'anything' }));
  });
});

describe('memory model (DESIGN §5)', () => {
  it('a newer value of the same attribute supersedes the older one (validTo, supersededBy); lineage has supersedes', async () => {
    const t = await newTenant(server, 'sup');
    const A = { Authorization: `Bearer ${t.apiKey}` };
    await server
      .http()
      .post('/v1/capture')
      .set(A)
      .send({
        type: 'message',
        sessionId: 's1',
        subjectId: 'bob',
        occurredAt: '2024-01-01T10:00:00Z',
        payload: { role: 'user', content: 'I live in Paris.' },
      });
    expectOk(await server.http().post('/v1/learn').set(A).send({ wait: true }));
    await server
      .http()
      .post('/v1/capture')
      .set(A)
      .send({
        type: 'message',
        sessionId: 's2',
        subjectId: 'bob',
        occurredAt: '2024-06-01T10:00:00Z',
        payload: { role: 'user', content: 'I live in Berlin.' },
      });
    const job = expectOk(await server.http().post('/v1/learn').set(A).send({ wait: true }));
    expect(job.stats.eventsProcessed).toBe(1); // incremental by default
    const mems = expectOk(await server.http().get('/v1/memories?limit=100&status=superseded').set(A)).memories;
    const paris = mems.find((m: { content: string; kind: string }) => /Paris/.test(m.content) && m.kind === 'fact');
    expect(paris).toBeDefined();
    expect(paris.status).toBe('superseded');
    expect(paris.validTo).not.toBeNull();
    expect(paris.supersededBy).toMatch(/^mem_/);
    const again = expectOk(await server.http().post('/v1/learn').set(A).send({ wait: true }));
    expect(again.stats.eventsProcessed).toBe(0);
  });

  it('synthesize never exceeds a small budget and reports dropped entries; context lines carry dates', async () => {
    const A = { Authorization: `Bearer ${tenant.apiKey}` };
    const events = Array.from({ length: 30 }, (_, i) => ({
      type: 'message',
      sessionId: `b${i % 3}`,
      payload: {
        role: 'user',
        content: `Project note ${i}: the deploy script for service ${i} uses port ${8000 + i}.`,
      },
    }));
    expectOk(await server.http().post('/v1/capture/batch').set(A).send({ events }), 201);
    expectOk(await server.http().post('/v1/learn').set(A).send({ wait: true }));
    const d = expectOk(
      await server
        .http()
        .post('/v1/synthesize')
        .set(A)
        .send({ query: 'deploy script port service', options: { maxTokens: 60 } }),
    );
    expect(d.budget.limit).toBe(60);
    expect(d.budget.used).toBeLessThanOrEqual(60);
    expect(d.budget.entriesDropped).toBeGreaterThan(0);
    const lines = d.context.split('\n').filter((l: string) => l.startsWith('- '));
    for (const l of lines) expect(l).toMatch(/^- \[\d{4}-\d{2}-\d{2}/);
  });
});

describe('body limits and idempotency key in the body (DESIGN §5, §7)', () => {
  it('capture/batch accepts bodies over 1 MiB (10 MiB limit) and refuses over 10 MiB with 413 payload_too_large', async () => {
    const A = { Authorization: `Bearer ${tenant.apiKey}` };
    const big = 'x'.repeat(200 * 1024);
    const events = Array.from({ length: 10 }, (_, i) => ({
      type: 'document',
      sessionId: 'big',
      payload: { i, text: big },
    }));
    expectOk(await server.http().post('/v1/capture/batch').set(A).send({ events }), 201);
    const huge = Array.from({ length: 52 }, (_, i) => ({
      type: 'document',
      sessionId: 'huge',
      payload: { i, text: big },
    }));
    expectError(await server.http().post('/v1/capture/batch').set(A).send({ events: huge }), 'payload_too_large', 413);
    expectError(
      await server
        .http()
        .post('/v1/synthesize')
        .set(A)
        .send({ query: 'x'.repeat(1024 * 1024 + 10) }),
      'payload_too_large',
      413,
    );
  });

  it('idempotencyKey in the capture body: a replay with the same body answers the same event', async () => {
    const A = { Authorization: `Bearer ${tenant.apiKey}` };
    const body = {
      type: 'observation',
      sessionId: 'ik',
      idempotencyKey: `ik-${Date.now()}`,
      payload: { text: 'once' },
    };
    const a = expectOk(await server.http().post('/v1/capture').set(A).send(body), 201);
    await new Promise((r) => setTimeout(r, 50));
    const b = await server.http().post('/v1/capture').set(A).send(body);
    expect([200, 201]).toContain(b.status);
    expect(b.body.data.eventId).toBe(a.eventId);
  });
});

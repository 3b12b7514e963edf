/**
 * Request bodies refuse fields the server does not know, wherever an ignored field could change what
 * happens (enterprise, lifecycle and admin routes): 400 validation_error naming each unknown field,
 * and nothing created or changed. Free-form by design (docs/security.md): capture payloads and
 * metadata, agent metadata.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import {
  useTestServer,
  addMember,
  auth,
  bearer,
  createApiKey,
  createOrg,
  registerUser,
  type TestOrg,
} from '../helpers/index.js';

const OPERATOR_TOKEN = 'operator-token-for-strict-bodies-0123456789';
const server = useTestServer({ OPERATOR_TOKEN });
let org: TestOrg;
beforeAll(async () => {
  org = await createOrg(server);
});

type Method = 'post' | 'patch';
const send = (method: Method, path: string, body: Record<string, unknown>, auth = bearer(org.owner)) =>
  server.http()[method](`/v1${path}`).set('Authorization', auth).send(body);

async function created(path: string, body: Record<string, unknown>): Promise<string> {
  const res = await send('post', path, body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return (res.body.data.id ?? res.body.data.member?.id) as string;
}

const unknownFields = (res: { status: number; body: { error?: { code: string; details?: { field: string }[] } } }) => {
  expect(res.status).toBe(400);
  expect(res.body.error!.code).toBe('validation_error');
  return res.body.error!.details!.map((d) => d.field).sort();
};

const suffix = () => Math.random().toString(36).slice(2, 8);

describe('strict request bodies', () => {
  it('refuse unknown fields on create and update of every enterprise resource, changing nothing', async () => {
    const o = `/organizations/${org.id}`;
    const team = await created(`${o}/teams`, { name: `Team ${suffix()}` });
    const agent = await created(`${o}/agents`, { name: `agent-${suffix()}` });
    const ns = await created(`${o}/namespaces`, { name: `ns-${suffix()}` });
    const policy = await created(`${o}/policies`, {
      name: 'Deny',
      effect: 'deny',
      resource: 'namespace:*',
      action: 'delete',
      priority: 1,
    });
    const lifecycle = await created(`${o}/lifecycle-policies`, {
      name: 'Retention',
      scope: 'namespace:default',
      deleteAfterDays: 30,
    });
    const member = await addMember(server, org, 'viewer');

    const cases: [Method, string, Record<string, unknown>, string[]][] = [
      ['post', '/organizations', { name: 'X', slug: `x-${suffix()}`, plan: 'enterprise' }, ['plan']],
      ['patch', o, { name: 'Renamed', ownerId: 'usr_1' }, ['ownerId']],
      ['post', `${o}/teams`, { name: 'T', members: ['x'] }, ['members']],
      ['patch', `${o}/teams/${team}`, { name: 'Renamed', memberIDs: [] }, ['memberIDs']],
      ['post', `${o}/members/invite`, { email: `a${suffix()}@example.com`, role: 'viewer', admin: true }, ['admin']],
      ['patch', `${o}/members/${member.memberId}`, { role: 'viewer', status: 'active' }, ['status']],
      ['post', `${o}/agents`, { name: 'a', team: 'x', scopes: [] }, ['scopes', 'team']],
      ['patch', `${o}/agents/${agent}`, { name: 'renamed', apiKey: 'x' }, ['apiKey']],
      ['post', `${o}/namespaces`, { name: 'n', public: true }, ['public']],
      ['patch', `${o}/namespaces/${ns}`, { description: 'd', owner: 'x' }, ['owner']],
      [
        'post',
        `${o}/policies`,
        { name: 'p', effect: 'allow', resource: 'namespace:*', action: 'read', priority: 1, enabled: false },
        ['enabled'],
      ],
      ['patch', `${o}/policies/${policy}`, { priority: 2, disabled: true }, ['disabled']],
      [
        'post',
        `${o}/lifecycle-policies`,
        { name: 'l', scope: 'namespace:x', deleteAfterDays: 9, dryRun: true },
        ['dryRun'],
      ],
      ['patch', `${o}/lifecycle-policies/${lifecycle}`, { deleteAfterDays: 60, enabled: false }, ['enabled']],
    ];
    for (const [method, path, body, fields] of cases) {
      const res = await send(method, path, body);
      expect(unknownFields(res), `${method} ${path}`).toEqual(fields);
    }

    // Nothing was created or changed.
    const get = async (path: string) =>
      (await server.http().get(`/v1${path}`).set('Authorization', bearer(org.owner))).body.data;
    expect((await get(o)).name).toBe('Acme');
    expect((await get(`${o}/teams?limit=100`)).teams).toHaveLength(1);
    expect((await get(`${o}/agents?limit=100`)).agents).toHaveLength(1);
    expect((await get(`${o}/policies/${policy}`)).priority).toBe(1);
    expect((await get(`${o}/lifecycle-policies/${lifecycle}`)).deleteAfterDays).toBe(30);
    expect((await get(`${o}/members?limit=100`)).members).toHaveLength(2);
  });

  it('refuse unknown fields on the admin plan change', async () => {
    const user = await registerUser(server, 'plan');
    const res = await send(
      'patch',
      `/admin/tenants/${user.tenantId}`,
      { plan: 'pro', quota: 1 },
      `Bearer ${OPERATOR_TOKEN}`,
    );
    expect(unknownFields(res)).toEqual(['quota']);
    const ok = await send('patch', `/admin/tenants/${user.tenantId}`, { plan: 'pro' }, `Bearer ${OPERATOR_TOKEN}`);
    expect(ok.status).toBe(200);
  });

  it('keep free-form what is free-form by design: agent metadata, capture payload and metadata', async () => {
    const agent = await send('post', `/organizations/${org.id}/agents`, {
      name: `free-${suffix()}`,
      metadata: { anything: 'goes', nested: { deep: 1 } },
    });
    expect(agent.status).toBe(201);
    const key = await createApiKey(server, org.owner);
    const cap = await server
      .http()
      .post('/v1/capture')
      .set(auth(key))
      .send({
        type: 'message',
        sessionId: 's1',
        payload: { role: 'user', content: 'hello', custom: { field: true } },
        metadata: { source: 'test', whatever: 1 },
      });
    expect(cap.status).toBe(201);
  });
});

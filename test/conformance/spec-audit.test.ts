/**
 * Findings of an audit of the running server against SPEC.md and DESIGN.md, written as a third-party
 * client would: plain HTTP, no SDK, no contract types. Each test names the statement it checks.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestServer, newTenant } from '../helpers/index.js';
import { expectOk, expectPage, expectValidation } from './wire.js';

const server = useTestServer();
let owner: string;
let orgId: string;
const O = () => ({ Authorization: `Bearer ${owner}` });
const base = () => `/v1/organizations/${orgId}`;

beforeAll(async () => {
  const t = await newTenant(server, 'spec-audit');
  owner = t.jwt;
  const org = await server
    .http()
    .post('/v1/organizations')
    .set(O())
    .send({ name: 'Audit Co', slug: `audit-co-${Date.now()}` });
  orgId = org.body.data.id;
});

describe('validation details name the offending field (SPEC Errors: "details names the offending fields")', () => {
  it('an unknown teamId on agent create and update is named teamId, the field the client sent', async () => {
    const created = await server.http().post(`${base()}/agents`).set(O()).send({ name: 'a1', teamId: 'team_nope' });
    const err = expectValidation(created, 'teamId');
    expect(err.details.map((d: { field: string }) => d.field)).toEqual(['teamId']);

    const agent = expectOk(await server.http().post(`${base()}/agents`).set(O()).send({ name: 'a2' }), 201);
    const updated = await server.http().patch(`${base()}/agents/${agent.id}`).set(O()).send({ teamId: 'team_nope' });
    expect(expectValidation(updated, 'teamId').details.map((d: { field: string }) => d.field)).toEqual(['teamId']);
  });

  it('an unknown team in an invitation names its index in the teamIds the client sent', async () => {
    const team = expectOk(await server.http().post(`${base()}/teams`).set(O()).send({ name: 'dup-idx' }), 201);
    const res = await server
      .http()
      .post(`${base()}/members/invite`)
      .set(O())
      .send({ email: `idx-${Date.now()}@example.com`, role: 'viewer', teamIds: [team.id, team.id, 'team_nope'] });
    expect(expectValidation(res, 'teamIds').details.map((d: { field: string }) => d.field)).toEqual(['teamIds[2]']);
  });
});

describe('audit startDate/endDate accept ISO 8601 (SPEC: "start of time range, ISO 8601")', () => {
  it('takes a calendar date, a date-time without offset (UTC) and one with an offset', async () => {
    expectOk(await server.http().post(`${base()}/teams`).set(O()).send({ name: 'dated' }), 201);
    const today = new Date().toISOString().slice(0, 10);
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const list = async (query: Record<string, string>) =>
      expectPage(
        expectOk(
          await server
            .http()
            .get(`${base()}/audit`)
            .query({ action: 'team.created', ...query })
            .set(O()),
        ),
        'entries',
      );

    // A date is a whole UTC day: endDate=today still includes what happened today.
    expect((await list({ startDate: today, endDate: today })).length).toBeGreaterThan(0);
    expect((await list({ startDate: yesterday, endDate: yesterday })).length).toBe(0);
    expect((await list({ startDate: tomorrow })).length).toBe(0);
    // Naive date-times (e.g. Python isoformat()) are read as UTC.
    const naiveHourAgo = new Date(Date.now() - 3_600_000).toISOString().replace('Z', '');
    expect((await list({ startDate: naiveHourAgo })).length).toBeGreaterThan(0);
    // Offsets are honoured: 1 hour from now written in UTC+02:00.
    const inAnHour = new Date(Date.now() + 3_600_000 + 2 * 3_600_000).toISOString().replace('Z', '+02:00');
    expect((await list({ startDate: inAnHour })).length).toBe(0);
    expect((await list({ endDate: inAnHour })).length).toBeGreaterThan(0);

    expectValidation(await server.http().get(`${base()}/audit?startDate=yesterday`).set(O()), 'startDate');
    expectValidation(await server.http().get(`${base()}/audit?endDate=2025-02-30`).set(O()), 'endDate');
    expectValidation(
      await server.http().get(`${base()}/audit`).query({ startDate: tomorrow, endDate: yesterday }).set(O()),
      'startDate',
    );
  });
});

describe('no input produces a 500 (DESIGN §7): NUL, lone surrogates, deep nesting are 400 naming the field', () => {
  let apiKey: string;
  beforeAll(async () => {
    apiKey = (await newTenant(server, 'spec-audit-fuzz')).apiKey;
  });
  const K = () => ({ Authorization: `Bearer ${apiKey}` });
  // Raw JSON text, so the escapes reach the server exactly as a client would send them.
  const post = (path: string, json: string, auth = K()) =>
    server.http().post(path).set(auth).set('Content-Type', 'application/json').send(json);

  it('a NUL character in a body string or key, a query value or a path segment', async () => {
    expectValidation(
      await post('/v1/capture', '{"type":"message","sessionId":"s","payload":{"role":"user","content":"a \\u0000 b"}}'),
      'payload.content',
    );
    const key = await post('/v1/capture', '{"type":"observation","sessionId":"s","payload":{"k\\u0000":1}}');
    expect(expectValidation(key).details[0].field).toMatch(/^payload\.k/);
    expectValidation(
      await post(
        '/v1/capture/batch',
        '{"events":[{"type":"observation","sessionId":"s","payload":{}},{"type":"observation","sessionId":"s\\u0000","payload":{}}]}',
      ),
      'events[1].sessionId',
    );
    expectValidation(await post('/v1/synthesize', '{"query":"where \\u0000"}'), 'query');
    expectValidation(await post(`${base()}/teams`, '{"name":"t\\u0000"}', O()), 'name');
    expectValidation(await post('/v1/vaults', '{"name":"v\\u0000"}', O()), 'name');
    expectValidation(await server.http().get('/v1/artifacts?subjectId=a%00b').set(K()), 'query.subjectId');
    expectValidation(await server.http().get(`${base()}/audit?action=a%00`).set(O()), 'query.action');
    expectValidation(await server.http().get('/v1/artifacts/art_%00').set(K()), 'params');
  });

  it('a lone UTF-16 surrogate; a surrogate pair and a literal backslash-u0000 text are fine', async () => {
    expectValidation(
      await post('/v1/capture', '{"type":"observation","sessionId":"s","payload":{"a":"x \\ud800 y"}}'),
      'payload.a',
    );
    expectOk(
      await post('/v1/capture', '{"type":"observation","sessionId":"s","payload":{"a":"smile \\ud83d\\ude00"}}'),
      201,
    );
    expectOk(
      await post('/v1/capture', '{"type":"observation","sessionId":"s","payload":{"a":"escaped \\\\u0000 text"}}'),
      201,
    );
  });

  it('a body nested deeper than 256 levels; 100 levels are fine', async () => {
    const nested = (n: number) => `${'['.repeat(n)}${']'.repeat(n)}`;
    const deep = await post('/v1/capture', `{"type":"observation","sessionId":"s","payload":{"a":${nested(5000)}}}`);
    expect(expectValidation(deep, 'payload').message).toMatch(/nested more than 256 levels/);
    expectOk(await post('/v1/capture', `{"type":"observation","sessionId":"s","payload":{"a":${nested(100)}}}`), 201);
  });

  it('a date PostgreSQL cannot store (year 0000, past 9999) is 400; the edges are fine', async () => {
    const capture = (occurredAt: string) =>
      post('/v1/capture', JSON.stringify({ type: 'observation', sessionId: 'y', payload: { occurredAt }, occurredAt }));
    expectValidation(await capture('0000-01-01T00:00:00Z'), 'occurredAt');
    // An offset that moves the instant before year 1 is refused too.
    expectValidation(await capture('0001-01-01T00:00:00+01:00'), 'occurredAt');
    expectOk(await capture('0001-01-01T00:00:00Z'), 201);
    expectOk(await capture('9999-12-31T23:59:59Z'), 201);
    expectValidation(await post('/v1/synthesize', '{"query":"x","asOf":"0000-06-01T00:00:00Z"}'), 'asOf');
    expectValidation(await server.http().get(`${base()}/audit?startDate=0000-01-01`).set(O()), 'query.startDate');
    expectOk(await server.http().get(`${base()}/audit?startDate=0001-01-01&endDate=9999-12-31`).set(O()));
  });
});

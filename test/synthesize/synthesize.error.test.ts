/** POST /v1/synthesize: validation errors name their fields; only API keys may call it. */
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestServer, auth, newTenant } from '../helpers/index.js';

const server = useTestServer();
let apiKey: string;
let jwt: string;
beforeAll(async () => {
  ({ apiKey, jwt } = await newTenant(server, 'synth-err'));
});

const post = (body: unknown, token = apiKey) =>
  server
    .http()
    .post('/v1/synthesize')
    .set(auth(token))
    .send(body as object);

describe('POST /v1/synthesize errors', () => {
  it('answers 400 naming every bad field', async () => {
    const res = await post({ options: { maxTokens: -5, minConfidence: 2, sections: ['gossip'] }, asOf: 'yesterday' });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('validation_error');
    const fields = res.body.error.details.map((d: { field: string }) => d.field).sort();
    expect(fields).toEqual(['asOf', 'options.maxTokens', 'options.minConfidence', 'options.sections[0]', 'query']);
  });

  it('refuses an empty query', async () => {
    const res = await post({ query: '   ' });
    expect(res.status).toBe(400);
    expect(res.body.error.details[0].field).toBe('query');
  });

  it('needs an API key: no token is 401, a user JWT is refused', async () => {
    const none = await server.http().post('/v1/synthesize').send({ query: 'anything' });
    expect(none.status).toBe(401);
    const withJwt = await post({ query: 'anything' }, jwt);
    expect([401, 403]).toContain(withJwt.status);
  });

  it('answers an empty pack (not an error) when nothing matches', async () => {
    const res = await post({ query: 'zebra quantum marmalade' });
    expect(res.status).toBe(200);
    expect(res.body.data.entries).toEqual([]);
    expect(res.body.data.context).toBe('');
    expect(res.body.data.budget).toMatchObject({ limit: 4000, used: 0, entriesIncluded: 0 });
  });
});

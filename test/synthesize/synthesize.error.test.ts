/** POST /v1/synthesize: validation errors name their fields; only API keys may call it. */
import { beforeAll, describe, expect, it } from 'vitest';
import { errorFields, expectStatus, newTenant, postRaw, useTestServer } from '../helpers/index.js';
import type { HxTestClient, RouteBody } from '../helpers/index.js';

const server = useTestServer();
let apiKey: string;
let jwt: string;
beforeAll(async () => {
  ({ apiKey, jwt } = await newTenant(server, 'synth-err'));
});

type SynthesizeBody = RouteBody<HxTestClient['synthesize']['synthesize']>;
const post = (body: SynthesizeBody, token = apiKey) => server.api(token).synthesize.synthesize({ body });

describe('POST /v1/synthesize errors', () => {
  it('answers 400 naming every bad field', async () => {
    // No query, an unknown section: a body the contract cannot express, sent raw.
    const res = await postRaw(server, '/v1/synthesize', apiKey, {
      options: { maxTokens: -5, minConfidence: 2, sections: ['gossip'] },
      asOf: 'yesterday',
    });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('validation_error');
    const fields = res.body.error.details.map((d: { field: string }) => d.field).sort();
    expect(fields).toEqual(['asOf', 'options.maxTokens', 'options.minConfidence', 'options.sections[0]', 'query']);
  });

  it('refuses an empty query', async () => {
    const res = await post({ query: '   ' });
    expect(errorFields(expectStatus(res, 400).body)[0]).toBe('query');
  });

  it('needs an API key: no token is 401, a user JWT is refused', async () => {
    const none = await server.api().synthesize.synthesize({ body: { query: 'anything' } });
    expect(none.status).toBe(401);
    const withJwt = await post({ query: 'anything' }, jwt);
    expect([401, 403]).toContain(withJwt.status);
  });

  it('answers an empty pack (not an error) when nothing matches', async () => {
    const res = expectStatus(await post({ query: 'zebra quantum marmalade' }), 200);
    expect(res.body.data.entries).toEqual([]);
    expect(res.body.data.context).toBe('');
    expect(res.body.data.budget).toMatchObject({ limit: 4000, used: 0, entriesIncluded: 0 });
  });
});

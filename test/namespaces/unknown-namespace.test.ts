/**
 * A read that names a namespace that does not exist (not `default`, not registered, nothing ever
 * stored under the name) answers 404 naming the field, for every credential, instead of an empty
 * answer: a typo is an error (docs/decisions/access-control.md, "A namespace that does not exist").
 * A name exists once something is captured into it; writes still create it; `default` always exists.
 */
import { describe, expect, it } from 'vitest';
import { createNamespace, createOrg, expectStatus, newTenant, useTestServer } from '../helpers/index.js';

const server = useTestServer();

describe('a namespace that does not exist', () => {
  it('is 404 naming the field on synthesize, memories, artifacts and events; found once captured into', async () => {
    const { apiKey } = await newTenant(server);
    const api = server.api(apiKey);
    const name = 'no-such-namespace';

    const pack = await api.synthesize.synthesize({ body: { query: 'anything', namespace: name } });
    const notFound = expectStatus(pack, 404).body.error;
    expect(notFound.code).toBe('not_found');
    expect(notFound.message).toContain(name);
    expect(notFound.details?.[0]?.field).toBe('namespace');
    expect(notFound.details?.[0]?.message).toMatch(/hx namespaces list/);

    const memories = await api.memories.list({ query: { namespace: name } });
    expect(expectStatus(memories, 404).body.error.details?.[0]?.field).toBe('query.namespace');
    expectStatus(await api.artifacts.list({ query: { namespace: name } }), 404);
    expectStatus(await api.capture.listEvents({ query: { namespace: name } }), 404);

    // default always exists, even empty; a name exists once something is captured into it.
    expectStatus(await api.memories.list({ query: { namespace: 'default' } }), 200);
    expectStatus(
      await api.capture.capture({
        body: { type: 'message', sessionId: 's1', namespace: name, payload: { role: 'user', content: 'hello' } },
      }),
      201,
    );
    expectStatus(await api.synthesize.synthesize({ body: { query: 'hello', namespace: name } }), 200);
    expect(expectStatus(await api.memories.list({ query: { namespace: name } }), 200).body.data.memories).toEqual([]);
  });

  it('a registered namespace exists while still empty, by id and by name', async () => {
    const { user, apiKey } = await newTenant(server);
    const org = await createOrg(server, user);
    const ns = await createNamespace(server, org, { name: 'empty-but-registered' });
    const api = server.api(apiKey);
    for (const namespace of [ns.id, ns.name]) {
      expectStatus(await api.synthesize.synthesize({ body: { query: 'anything', namespace } }), 200);
      expectStatus(await api.artifacts.list({ query: { namespace } }), 200);
    }
  });
});

/** A registered namespace and an API key bound to it (organization -> namespace -> key), for scope tests. */
import type { TestServer, TestUser } from '../helpers/server.js';
import { createApiKey } from '../helpers/server.js';

let n = 0;

export async function namespaceBoundKey(server: TestServer, user: TestUser, name = `ns-${Date.now()}-${++n}`) {
  const auth = { Authorization: `Bearer ${user.accessToken}` };
  const org = await server
    .http()
    .post('/v1/organizations')
    .set(auth)
    .send({ name: `Org ${name}`, slug: `org-${name}`.toLowerCase() });
  if (org.status !== 201) throw new Error(`org failed: ${org.status} ${JSON.stringify(org.body)}`);
  const orgId = org.body.data.id as string;
  const ns = await server
    .http()
    .post(`/v1/organizations/${orgId}/namespaces`)
    .set(auth)
    .send({ name, sensitivity: 'internal' });
  if (ns.status !== 201) throw new Error(`namespace failed: ${ns.status} ${JSON.stringify(ns.body)}`);
  const namespaceId = ns.body.data.id as string;
  const key = await createApiKey(server, user, { namespaceId });
  return { key, namespaceId, name, orgId };
}

/**
 * GET /v1/organizations/:orgId/access-logs filters through the typed client: by operation, namespace,
 * key and request id (the X-Request-Id of the read's answer), combined with AND; the console's
 * request-id look-up relies on it.
 */
import { describe, expect, it } from 'vitest';
import {
  createApiKey,
  createNamespace,
  createOrg,
  expectStatus,
  insertMemory,
  must,
  useTestServer,
} from '../helpers/index.js';

const server = useTestServer();

describe('access-log filters', () => {
  it('finds the reads of one request, operation, namespace and key', async () => {
    const org = await createOrg(server);
    const a = await createNamespace(server, org);
    const b = await createNamespace(server, org);
    const key = await createApiKey(server, org.owner, { organizationId: org.id });
    const other = await createApiKey(server, org.owner, { organizationId: org.id });
    await insertMemory(server, org.owner.tenantId, { namespace: a.id, content: 'the launch is on Friday' });
    await insertMemory(server, org.owner.tenantId, { namespace: b.id, content: 'the budget is 10k' });
    const api = server.api(key);
    const readA = await api.memories.list({ query: { namespace: a.name, limit: 5 } });
    must('read a', readA, 200);
    must('read b', await api.memories.list({ query: { namespace: b.name, limit: 5 } }), 200);
    must('read by other', await server.api(other).memories.list({ query: { namespace: a.name, limit: 5 } }), 200);
    const requestId = readA.headers.get('x-request-id') ?? '';
    expect(requestId).not.toBe('');

    const logs = (query: { operation?: string; namespace?: string; apiKeyId?: string; requestId?: string }) =>
      server.api(org.owner).audit.accessLogs({ params: { orgId: org.id }, query: { limit: 100, ...query } });
    const all = expectStatus(await logs({}), 200).body.data.entries;
    expect(all).toHaveLength(3);
    const byRequest = expectStatus(await logs({ requestId }), 200).body.data.entries;
    expect(byRequest.map((e) => [e.requestId, e.namespace])).toEqual([[requestId, a.id]]);
    const byNamespace = expectStatus(await logs({ namespace: a.id }), 200).body.data.entries;
    expect(byNamespace).toHaveLength(2);
    const keyId = byRequest[0]?.apiKeyId ?? '';
    const byKeyAndNs = expectStatus(await logs({ apiKeyId: keyId, namespace: a.id }), 200).body.data.entries;
    expect(byKeyAndNs.map((e) => e.requestId)).toEqual([requestId]);
    const byOperation = expectStatus(await logs({ operation: 'memories.list' }), 200).body.data.entries;
    expect(byOperation).toHaveLength(3);
    const none = expectStatus(await logs({ operation: 'synthesize' }), 200).body.data.entries;
    expect(none).toEqual([]);
  });
});

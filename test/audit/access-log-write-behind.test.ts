/**
 * The memory access log is written behind (server/src/audit/access-log.ts): a read costs no statement
 * of its own. What must still hold: the access-log route shows a read at once, the row reaches the
 * table within the flush interval without anyone asking, with the time of the read and the
 * organization of the namespace, and a burst of reads loses none.
 */
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  createApiKey,
  createNamespace,
  createOrg,
  expectStatus,
  insertMemory,
  useTestServer,
} from '../helpers/index.js';
import type { TestOrg } from '../helpers/index.js';

const server = useTestServer();
let org: TestOrg;
let key: string;
let namespace: { id: string; name: string };
beforeAll(async () => {
  org = await createOrg(server);
  key = await createApiKey(server, org.owner, { organizationId: org.id });
  namespace = await createNamespace(server, org, { sensitivity: 'internal' });
  // Stored as the server stores it: a registered namespace by its id (reads by name resolve to it).
  await insertMemory(server, org.owner.tenantId, { namespace: namespace.id, content: 'the launch is on Friday' });
});

const readMemories = () => server.api(key).memories.list({ query: { namespace: namespace.name, limit: 5 } });

const rowsInTable = (requestIds: string[]) =>
  server.ctx.database.rows<{ request_id: string; organization_id: string | null; created_at: Date }>(
    sql`select request_id, organization_id, created_at from access_logs
        where tenant_id = ${org.owner.tenantId} and request_id = any(${sql.param(requestIds)}::text[])`,
  );

describe('access log written behind', () => {
  it('shows a read on the access-log route at once', async () => {
    const read = await readMemories();
    expect(read.status).toBe(200);
    const logs = await server.api(org.owner).audit.accessLogs({ params: { orgId: org.id }, query: { limit: 10 } });
    expect(expectStatus(logs, 200).body.data.entries.map((e) => e.requestId)).toContain(
      read.headers.get('x-request-id'),
    );
  });

  it('writes every read of a burst to the table within the interval, with the read time and the organization', async () => {
    const before = Date.now();
    const reads = await Promise.all(Array.from({ length: 40 }, () => readMemories()));
    for (const r of reads) expect(r.status).toBe(200);
    const ids = reads.map((r) => String(r.headers.get('x-request-id')));
    let rows: Awaited<ReturnType<typeof rowsInTable>> = [];
    for (let i = 0; i < 30 && rows.length < ids.length; i += 1) {
      await new Promise((r) => setTimeout(r, 100));
      rows = await rowsInTable(ids);
    }
    expect(rows).toHaveLength(ids.length);
    for (const row of rows) {
      expect(row.organization_id).toBe(org.id);
      const at = new Date(row.created_at).getTime();
      expect(at).toBeGreaterThanOrEqual(before - 1000);
      expect(at).toBeLessThanOrEqual(Date.now());
    }
  });
});

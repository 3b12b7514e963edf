/**
 * `hx lifecycle run --dry-run` and `hx lifecycle preview --policy --as-of` through the `hx` process:
 * both answer what a run would do and change nothing; `hx lifecycle run --policy` then applies.
 */
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { insertMemory, memoryRow, useTestServer } from '../helpers/index.js';
import { hx, type HxHome, ok, signedUpHome } from './run-hx.js';

const server = useTestServer({}, { timeout: 600_000 });
let home: HxHome;
let tenantId: string;

beforeAll(async () => ({ home, tenantId } = await signedUpHome(server.url, 'cli-lifecycle')), 600_000);

describe('hx lifecycle preview and run --dry-run', () => {
  it('change nothing, then run --policy applies', async () => {
    ok(await hx(home, ['orgs', 'create', 'CLI Lifecycle', '--slug', `cli-lc-${Date.now()}`, '--use', '--json']));
    const policy = ok(
      await hx(home, [
        'lifecycle',
        'create',
        'd30',
        '--scope',
        'namespace:default',
        '--delete-after-days',
        '30',
        '--json',
      ]),
    );
    const old = await insertMemory(server, tenantId, { ageDays: 400 });
    const fresh = await insertMemory(server, tenantId, { ageDays: 1 });

    const dry = ok(await hx(home, ['lifecycle', 'run', '--dry-run', '--json']));
    expect(dry).toMatchObject({ dryRun: true, runs: [{ policyId: policy.id, deleted: 1 }] });
    const later = new Date(Date.now() + 60 * 24 * 60 * 60 * 1000).toISOString();
    const preview = ok(
      await hx(home, ['lifecycle', 'preview', '--policy', policy.id as string, '--as-of', later, '--json']),
    );
    expect(preview).toMatchObject({ dryRun: true, runs: [{ deleted: 2 }] });
    expect((await memoryRow(server, old))!.status).toBe('active');

    const run = ok(await hx(home, ['lifecycle', 'run', '--policy', policy.id as string, '--yes', '--json']));
    expect(run).toMatchObject({ dryRun: false, runs: [{ policyId: policy.id, deleted: 1, batches: 1 }] });
    expect((await memoryRow(server, old))!.status).toBe('deleted');
    expect((await memoryRow(server, fresh))!.status).toBe('active');
    const audit = await server.ctx.database.rows(
      sql`select id from audit_logs where tenant_id = ${tenantId} and action = 'lifecycle_policy.applied'`,
    );
    expect(audit).toHaveLength(1);
  }, 600_000);
});

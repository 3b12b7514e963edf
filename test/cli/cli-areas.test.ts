/**
 * Every API area through the `hx` process: memories, forget, usage and learn jobs (API key); orgs,
 * teams, members, agents, namespaces, policies, lifecycle and audit --follow (session); admin with
 * the operator token; and migrate on a fresh database.
 */
import { contract } from '@hx-memory/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestServer } from '../helpers/server.js';
import { useTempDirs } from '../helpers/temp-dir.js';
import { hx, type HxHome, ok, type Run, signedUpHome, spawnHx } from './run-hx.js';

const OPERATOR_TOKEN = 'cli-test-operator-token-0123456789';
const server = useTestServer({ OPERATOR_TOKEN }, { timeout: 600_000 });
let home: HxHome;
let tenantId: string;

beforeAll(async () => ({ home, tenantId } = await signedUpHome(server.url, 'cli-areas')), 600_000);

const idOf = (run: Run) => ok(run).id as string;

describe('hx core areas (API key)', () => {
  it('learn start --wait and learn status; memories list, get, delete; forget; usage', async () => {
    for (const text of ['I prefer tea over coffee.', 'My favourite editor is vim.']) {
      ok(await hx(home, ['capture', '--session', 'areas', '--subject', 'user-7', text, '--json']));
    }
    ok(await hx(home, ['capture', '--session', 'areas', '--subject', 'user-8', 'I live in Lisbon.', '--json']));
    const started = ok(await hx(home, ['learn', 'start', '--full', '--json']));
    expect(started.status).toMatch(/queued|running|completed/);
    const job = ok(await hx(home, ['learn', 'status', started.id as string, '--wait', '--json']));
    expect(job).toMatchObject({ id: started.id, status: 'completed' });

    const memories = ok(await hx(home, ['memories', 'list', '--subject', 'user-7', '--json'])) as unknown as {
      id: string;
      subjectId: string;
    }[];
    expect(memories.length).toBeGreaterThan(0);
    expect(memories.every((m) => m.subjectId === 'user-7')).toBe(true);
    const first = memories[0]!.id;
    const [got, limited] = await Promise.all([
      hx(home, ['memories', 'get', first, '--json']),
      hx(home, ['memories', 'list', '--limit', '1', '--json']),
    ]);
    expect(ok(got)).toMatchObject({ id: first, subjectId: 'user-7' });
    expect(ok(limited)).toHaveLength(1);
    expect(ok(await hx(home, ['memories', 'delete', first, '--yes', '--json']))).toMatchObject({
      id: first,
      deleted: true,
    });
    const gone = await hx(home, ['memories', 'get', first]);
    expect(gone.code).toBe(1);

    const forgotten = ok(await hx(home, ['forget', 'user-8', '--yes', '--json']));
    expect(forgotten).toMatchObject({ subjectId: 'user-8', events: 1 });
    const left = ok(await hx(home, ['memories', 'list', '--subject', 'user-8', '--json']));
    expect(left).toEqual([]);

    const usage = ok(await hx(home, ['usage', '--period', '1h', '--json']));
    expect(usage).toMatchObject({ quota: { plan: 'enterprise' }, storage: { events: 2 } });
  }, 600_000);
});

describe('hx organization areas (session)', () => {
  it('orgs, teams, members, agents, namespaces, policies and lifecycle: create, list, update, get, delete', async () => {
    const org = ok(
      await hx(home, ['orgs', 'create', 'CLI Areas', '--slug', `cli-areas-${Date.now()}`, '--use', '--json']),
    );
    const [team, agentRun, ns, policy, lifecycle, invite] = await Promise.all([
      hx(home, ['teams', 'create', 'platform', '--description', 'Platform', '--json']),
      hx(home, ['agents', 'create', 'support-bot', '--framework', 'langgraph', '--json']),
      hx(home, ['namespaces', 'create', 'support', '--sensitivity', 'confidential', '--json']),
      hx(home, [
        'policies',
        'create',
        'deny-pii',
        '--effect',
        'deny',
        '--resource',
        'namespace:pii',
        '--action',
        'read',
        '--priority',
        '10',
        '--json',
      ]),
      hx(home, ['lifecycle', 'create', 'ninety-days', '--scope', 'namespace:*', '--delete-after-days', '90', '--json']),
      hx(home, ['members', 'invite', 'dev@example.com', '--role', 'developer', '--json']),
    ]);
    const [teamId, agentId, namespaceId, policyId, lifecycleId] = [team, agentRun, ns, policy, lifecycle].map(idOf);
    const invited = ok(invite) as { member: { id: string }; inviteToken: string };
    expect(invited.inviteToken).toBeTruthy();

    const updates = await Promise.all([
      hx(home, ['teams', 'update', teamId!, '--name', 'platform-eng', '--description', '', '--json']),
      hx(home, ['agents', 'update', agentId!, '--framework', '', '--team', teamId!, '--json']),
      hx(home, ['namespaces', 'update', namespaceId!, '--sensitivity', 'restricted', '--json']),
      hx(home, ['policies', 'update', policyId!, '--priority', '20', '--role', 'analyst', '--json']),
      hx(home, [
        'lifecycle',
        'update',
        lifecycleId!,
        '--delete-after-days',
        'none',
        '--retention-days',
        '365',
        '--json',
      ]),
      hx(home, ['members', 'set-role', invited.member.id, '--role', 'analyst', '--json']),
    ]);
    const [t, a, n, p, l, m] = updates.map(ok);
    expect(t).toMatchObject({ name: 'platform-eng', description: null });
    expect(a).toMatchObject({ framework: null, teamId });
    expect(n).toMatchObject({ sensitivity: 'restricted' });
    expect(p).toMatchObject({ priority: 20, conditions: { role: 'analyst' } });
    expect(l).toMatchObject({ deleteAfterDays: null, retentionDays: 365 });
    expect(m).toMatchObject({ role: 'analyst' });

    const lists = await Promise.all(
      ['teams', 'agents', 'namespaces', 'policies', 'lifecycle', 'members'].map((area) =>
        hx(home, [area, 'list', '--json']),
      ),
    );
    const ids = [teamId, agentId, namespaceId, policyId, lifecycleId, invited.member.id];
    lists.forEach((run, i) => {
      expect((ok(run) as unknown as { id: string }[]).map((x) => x.id)).toContain(ids[i]);
    });
    const gets = await Promise.all([
      hx(home, ['orgs', 'get', '--json']),
      hx(home, ['teams', 'get', teamId!, '--json']),
      hx(home, ['agents', 'get', agentId!, '--json']),
      hx(home, ['namespaces', 'get', namespaceId!, '--json']),
      hx(home, ['policies', 'get', policyId!, '--json']),
      hx(home, ['lifecycle', 'get', lifecycleId!, '--json']),
    ]);
    expect(gets.map((run) => ok(run).id)).toEqual([org.id, teamId, agentId, namespaceId, policyId, lifecycleId]);

    const run = ok(await hx(home, ['lifecycle', 'run', '--yes', '--json'])) as { runs: { policyId: string }[] };
    expect(run.runs.map((r) => r.policyId)).toContain(lifecycleId);
    const preview = await hx(home, ['lifecycle', 'preview', '--json']);
    if ('preview' in contract.lifecycle) expect(preview.code, preview.stderr).toBe(0);
    else {
      // Until the server has a preview route, the CLI says so rather than failing obscurely.
      expect(preview.code).toBe(1);
      expect(JSON.parse(preview.stderr).error).toMatchObject({
        code: 'not_supported',
        message: expect.stringMatching(/lifecycle preview is not supported by this server/),
      });
    }

    const deletes = await Promise.all([
      hx(home, ['agents', 'delete', agentId!, '--yes', '--json']),
      hx(home, ['policies', 'delete', policyId!, '--yes', '--json']),
      hx(home, ['lifecycle', 'delete', lifecycleId!, '--yes', '--json']),
      hx(home, ['members', 'remove', invited.member.id, '--yes', '--json']),
    ]);
    for (const d of deletes) expect(ok(d)).toMatchObject({ deleted: true });
    expect(ok(await hx(home, ['teams', 'delete', teamId!, '--yes', '--json']))).toMatchObject({ deleted: true });
  }, 600_000);

  it('audit --follow prints new entries as they happen until Ctrl-C', async () => {
    const follower = spawnHx(home, ['audit', '--follow', '--json', '--interval', '1', '--limit', '0']);
    let out = '';
    let err = '';
    follower.stdout?.on('data', (d: Buffer) => {
      out += d.toString();
    });
    follower.stderr?.on('data', (d: Buffer) => {
      err += d.toString();
    });
    const exited = new Promise<number | null>((resolve) => follower.on('exit', (code) => resolve(code)));
    const waitFor = async (pattern: RegExp, ms: number) => {
      const deadline = Date.now() + ms;
      while (!pattern.test(out) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 250));
      return pattern.test(out);
    };
    try {
      // Until the follower is polling, a change can land before its cursor: make changes until one shows.
      let created = 0;
      const deadline = Date.now() + 400_000;
      while (!(await waitFor(/"action":"team\.created"/, 3000)) && Date.now() < deadline) {
        ok(await hx(home, ['teams', 'create', `follow-${created++}`, '--json']));
      }
      expect(out, err).toMatch(/"action":"team\.created"/);
      const seen = out.split('\n').filter(Boolean).length;
      ok(await hx(home, ['teams', 'create', 'follow-last', '--json']));
      expect(await waitFor(/follow-last/, 200_000), err).toBe(true);
      const entries = out
        .split('\n')
        .filter(Boolean)
        .map((lineText) => JSON.parse(lineText) as { id: string });
      expect(entries.length).toBe(seen + 1);
      expect(new Set(entries.map((e) => e.id)).size).toBe(entries.length);
    } finally {
      follower.kill('SIGINT');
    }
    expect(await exited).toBe(0);
  }, 600_000);
});

describe('hx admin and migrate', () => {
  const freshDir = useTempDirs('hx-migrate-');
  it('admin set-plan, tenant and rotate-kek with the saved operator token', async () => {
    const saved = await hx(home, ['--profile', 'operator', 'login', '--with-operator-token'], {
      input: `${OPERATOR_TOKEN}\n`,
    });
    expect(saved.code, saved.stderr).toBe(0);
    const op = { env: { HX_PROFILE: 'operator' } };
    const [setPlan, noToken] = await Promise.all([
      hx(home, ['admin', 'set-plan', tenantId, 'pro', '--json'], op),
      hx(home, ['--profile', 'nobody', 'admin', 'set-plan', tenantId, 'free']),
    ]);
    expect(ok(setPlan)).toMatchObject({ id: tenantId, plan: 'pro' });
    expect(noToken.code).toBe(1);
    const [tenant, badPlan, rotate] = await Promise.all([
      hx(home, ['admin', 'tenant', tenantId, '--json'], op),
      hx(home, ['admin', 'set-plan', tenantId, 'platinum'], op),
      hx(home, ['admin', 'rotate-kek', '--json'], op),
    ]);
    expect(ok(tenant)).toMatchObject({ plan: 'pro' });
    expect(badPlan.code).toBe(2);
    expect(ok(rotate)).toMatchObject({ complete: true, resumed: false });
    // Bounded batches from the command line; a second run has nothing left to move under an old key.
    const again = ok(
      await hx(home, ['admin', 'rotate-kek', '--batch-size', '10', '--max-batches', '1000', '--json'], op),
    );
    expect(again).toMatchObject({ complete: true });
    expect((await hx(home, ['admin', 'rotate-kek', '--max-batches', '0'], op)).code).toBe(2);
  }, 600_000);

  it('migrate applies the migrations to a fresh embedded database, then finds nothing to do', async () => {
    const dataDir = freshDir();
    const first = ok(await hx(home, ['migrate', '--data-dir', dataDir, '--json']));
    expect(first).toMatchObject({ database: 'pglite', applied: first.total });
    expect(first.total).toBeGreaterThan(0);
    const second = ok(await hx(home, ['migrate', '--json'], { env: { DATA_DIR: dataDir } }));
    expect(second).toMatchObject({ applied: 0, total: first.total });
    if (process.env.DATABASE_URL) {
      // The PostgreSQL run: the suite's database is already migrated by the global setup.
      const pg = ok(await hx(home, ['migrate', '--json'], { env: { DATABASE_URL: process.env.DATABASE_URL } }));
      expect(pg).toMatchObject({ database: 'postgres', applied: 0, total: first.total });
    }
  }, 600_000);
});

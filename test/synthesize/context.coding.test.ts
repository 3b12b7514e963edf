/**
 * What the agent reads (issue 28), tried as a coding agent would use it: runs of commands and tests
 * over a few days (a deploy that needs credentials twice, a test run that fails until the database
 * is started), captured, learned once, then the questions the agent asks. Each test failed on the
 * context before its fix.
 */
import type { CaptureEvent } from '@hx-memory/contract';
import type { Hx } from '@hx-memory/sdk';
import { beforeAll, describe, expect, it } from 'vitest';
import { learnedTenant, useTestServer } from '../helpers/index.js';

const server = useTestServer();

const step = (sessionId: string, occurredAt: string, type: CaptureEvent['type'], payload: Record<string, unknown>) =>
  ({ type, sessionId, occurredAt, payload }) as CaptureEvent;

const NO_CREDENTIALS = 'error: the server has asked for the client to provide credentials';

/** A deploy of the api to staging that fails for credentials until kubeconfig is updated. */
const deploy = (sessionId: string, day: string, version: string): CaptureEvent[] => {
  const at = (minute: number) => `2026-03-${day}T10:0${minute}:00Z`;
  return [
    step(sessionId, at(0), 'message', { role: 'user', content: `Deploy api ${version} to staging please.` }),
    step(sessionId, at(1), 'command_exec', {
      command: 'kubectl apply -f k8s/staging.yaml',
      exitCode: 1,
      stderr: NO_CREDENTIALS,
    }),
    step(sessionId, at(2), 'command_exec', { command: 'aws eks update-kubeconfig --name staging', exitCode: 0 }),
    step(sessionId, at(3), 'command_exec', { command: 'kubectl apply -f k8s/staging.yaml', exitCode: 0 }),
    step(sessionId, at(4), 'message', { role: 'assistant', content: `Deployed api ${version} to staging.` }),
  ];
};

const RUNS: CaptureEvent[] = [
  step('run0', '2026-02-20T10:00:00Z', 'message', {
    role: 'user',
    content: 'For the api we use Postgres 15 and pnpm.',
  }),
  ...deploy('run1', '01', 'v1.4.2'),
  ...deploy('run2', '08', 'v1.5.0'),
  step('run3', '2026-03-10T15:00:00Z', 'message', {
    role: 'user',
    content: 'We switched from Postgres to CockroachDB for the api.',
  }),
  step('run3', '2026-03-10T15:01:00Z', 'test_run', {
    command: 'pnpm test',
    passed: 120,
    failed: 2,
    output: 'FAIL src/db/pool.test.ts: connection refused 127.0.0.1:26257',
  }),
  step('run3', '2026-03-10T15:02:00Z', 'command_exec', { command: 'docker compose up -d cockroach', exitCode: 0 }),
  step('run3', '2026-03-10T15:03:00Z', 'test_run', { command: 'pnpm test', passed: 122, failed: 0, output: 'ok' }),
];

let hx: Hx;

beforeAll(async () => {
  hx = await learnedTenant(server, 'coding', RUNS);
});

describe('synthesize: a failing step and the playbook that fixes it', () => {
  it("keeps the playbook's fix when the failing run itself ranks first (it is one step, not the procedure)", async () => {
    for (const maxTokens of [400, 1000]) {
      const pack = await hx.synthesize('Why did the tests fail?', { maxTokens });
      expect(pack.context, pack.context).toMatch(/connection refused/);
      // The fix is what the agent needs: the failing run does not say it, so the playbook must.
      expect(pack.context, pack.context).toMatch(/docker compose up -d cockroach/);
    }
  });
});

describe('synthesize: the same thing said twice, a week apart', () => {
  it('puts the newer first when nothing else tells them apart (which version is on staging)', async () => {
    const pack = await hx.synthesize('Which version of the api is on staging?', { maxTokens: 600 });
    const deployed = pack.context.split('\n').filter((l) => /Deployed api v/.test(l));
    expect(deployed[0], pack.context).toMatch(/v1\.5\.0/);
  });
});

describe('synthesize: what a team uses, after a switch', () => {
  it('answers the database switched to, the one switched from left out as superseded', async () => {
    const pack = await hx.synthesize('Which database does the api use?', { maxTokens: 600 });
    const first = pack.context.split('\n').find((l) => l.startsWith('- ')) ?? '';
    expect(first, pack.context).toMatch(/CockroachDB/);
    // "uses Postgres 15" is closed by the switch; pnpm, a tool of another kind, stays current.
    expect(pack.context).not.toMatch(/uses Postgres/);
    expect(pack.budget.omitted.superseded).toBeGreaterThan(0);
    const tools = await hx.synthesize('Which package manager does the api use, pnpm?', { maxTokens: 600 });
    expect(tools.context).toMatch(/uses pnpm|we use Postgres 15 and pnpm/);
  });
});

describe('synthesize: a fix said once', () => {
  it('leaves out the causal pattern and decision policy that restate the playbook of the same runs', async () => {
    const pack = await hx.synthesize('kubectl apply fails with provide credentials, how do I fix it?', {
      maxTokens: 1000,
    });
    expect(pack.context, pack.context).toMatch(/^### Failure playbook/m);
    // "After `run aws eks update-kubeconfig`, `run kubectl apply` succeeds" and "choose `run aws eks
    // update-kubeconfig`" say the playbook's fix again, learned from the same two runs.
    const restating = pack.context
      .split(/\n(?=### )/)
      .filter((b) => /^### (?:Causal pattern|Decision policy)/.test(b) && /update-kubeconfig/.test(b));
    expect(restating, pack.context).toEqual([]);
  });
});

describe("synthesize: a team's don'ts and its repo", () => {
  it('gives a "don\'t touch" as a standing instruction, and the repo and code freeze as facts', async () => {
    const team = await learnedTenant(server, 'coding-donts', [
      step('t1', '2026-03-01T10:00:00Z', 'message', { role: 'user', content: "Don't touch the legacy folder." }),
      step('t1', '2026-03-01T10:01:00Z', 'message', { role: 'user', content: 'The repo is github.com/acme/api.' }),
      step('t2', '2026-03-02T10:00:00Z', 'message', { role: 'user', content: 'Our code freeze starts December 15.' }),
    ]);
    const pack = await team.synthesize('Can I clean up the legacy folder?', { maxTokens: 300 });
    // Learned as nothing: the raw turn was an episode line, not an instruction the agent must keep.
    expect(pack.context, pack.context).toMatch(/## Instructions\n- (?:\[[\d-]+\] )?Don't touch the legacy folder\./);
    const facts = await team.synthesize('Where is the repo, and when is the code freeze?', { maxTokens: 300 });
    expect(facts.context, facts.context).toMatch(/repo is github\.com\/acme\/api/);
    expect(facts.context).toMatch(/code freeze is planned for December 15 \(2026-12-15\)/);
  });
});

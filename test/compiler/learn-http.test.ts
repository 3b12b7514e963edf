/**
 * The deterministic compiler through the API: a conversation and a coding-agent trace are captured,
 * learn runs with wait: true, and the memories and artifacts the compiler promises come out.
 */
import type { CaptureEvent, EventType } from '@hx-memory/contract';
import { describe, expect, it } from 'vitest';
import { expectStatus, newTenant, useTestServer } from '../helpers/index.js';

const server = useTestServer();

const conversation = [
  ['I live in Paris and I work at Acme Corp.', '2024-05-10T10:00:00Z'],
  ['I love jazz but I hate crowded bars.', '2024-05-10T10:01:00Z'],
  ['Please always answer in French.', '2024-05-10T10:02:00Z'],
  ['Yesterday I went to a concert with my friend Marco.', '2024-05-10T10:03:00Z'],
  ['I moved to Berlin last month.', '2024-07-02T09:00:00Z'],
].map(
  ([content, occurredAt], i): CaptureEvent => ({
    type: 'message',
    sessionId: i < 4 ? 'chat-1' : 'chat-2',
    subjectId: 'dana',
    payload: { role: 'user', content },
    occurredAt,
  }),
);

function codingRun(session: string, day: string, n: number): CaptureEvent[] {
  const at = (m: number) => `${day}T10:${String(m).padStart(2, '0')}:00Z`;
  const e = (type: EventType, payload: Record<string, unknown>, m: number, metadata: Record<string, unknown> = {}) => ({
    type,
    sessionId: session,
    agentId: 'coder',
    payload,
    metadata,
    occurredAt: at(m),
  });
  return [
    e('message', { role: 'user', content: 'The orders test fails, fix it.' }, 0, { task: 'fix the orders test' }),
    e(
      'test_run',
      {
        command: `npm test -- test/orders-${n}.test.ts`,
        passed: 4,
        failed: 1,
        output: `FAIL test/orders-${n}.test.ts\nAssertionError: expected ${n} to equal ${n + 1}\n at test/orders-${n}.test.ts:${10 + n}:5`,
      },
      1,
    ),
    e(
      'file_edit',
      { path: `src/orders/total-${n}.ts`, summary: 'count the last line item', diff: '- i < n - 1\n+ i < n' },
      2,
    ),
    e('test_run', { command: `npm test -- test/orders-${n}.test.ts`, passed: 5, failed: 0, output: 'ok' }, 3),
    e('command_exec', { command: 'git commit -am "fix orders total"', exitCode: 0, stdout: '', stderr: '' }, 4),
    e('outcome', { status: 'success', task: 'fix the orders test' }, 5),
  ];
}

describe('learn with the deterministic compiler, through HTTP', () => {
  it('turns a conversation and coding-agent traces into memories and artifacts', async () => {
    const { apiKey } = await newTenant(server);
    const events = [...conversation, ...codingRun('run-1', '2024-07-01', 1), ...codingRun('run-2', '2024-07-03', 2)];
    const api = server.api(apiKey);
    const cap = await api.capture.captureBatch({ body: { events } });
    expect(expectStatus(cap, 201).body.data.summary.ingested).toBe(events.length);

    const learn = await api.learn.learn({ body: { wait: true } });
    const job = expectStatus(learn, 200).body.data;
    expect(job.status).toBe('completed');
    expect(job.stats.eventsProcessed).toBe(events.length);
    expect(job.stats.patternsFound).toBeGreaterThan(0);

    const memRes = await api.memories.list({ query: { limit: 100 } });
    const mems = expectStatus(memRes, 200).body.data.memories;
    const has = (kind: string, re: RegExp, status = 'active') =>
      mems.some((m) => m.kind === kind && re.test(m.content) && m.status === status);
    expect(has('fact', /dana lives in Berlin/)).toBe(true);
    // The newer location closed the older one.
    expect(has('fact', /dana lives in Paris/, 'superseded')).toBe(true);
    expect(has('preference', /dana likes jazz/)).toBe(true);
    expect(has('preference', /dana dislikes crowded bars/)).toBe(true);
    expect(has('instruction', /always answer in French/)).toBe(true);
    expect(has('episode', /concert/)).toBe(true);
    expect(has('entity', /Marco \(person\)/)).toBe(true);
    expect(has('procedure', /AssertionError/)).toBe(true);

    const artRes = await api.artifacts.list({ query: { limit: 100 } });
    const arts = expectStatus(artRes, 200).body.data.artifacts;
    const types = new Set(arts.map((a) => a.type));
    for (const t of ['profile', 'session_summary', 'timeline', 'digest', 'task_schema', 'failure_playbook'])
      expect(types, t).toContain(t);

    const playbook = arts.find((a) => a.type === 'failure_playbook')!;
    expect(playbook.content.errorSignature).toBe('AssertionError: expected <n> to equal <n>');
    expect(playbook.content.fix).toEqual(['edit *.ts']);
    expect(playbook.sourceEvents.length).toBeGreaterThan(0);

    const profile = arts.find((a) => a.type === 'profile' && a.title === 'Profile of dana')!;
    expect(profile).toBeDefined();
    expect(profile.sourceMemories.length).toBeGreaterThan(0);
    const one = expectStatus(await api.artifacts.get({ params: { id: profile.id } }), 200);
    expect(one.body.data.markdown).toContain('dana lives in Berlin');
    expect(one.body.data.markdown).not.toContain('Paris');
  });
});

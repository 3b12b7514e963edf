import { describe, expect, it } from 'vitest';
import { createCompiler, extractMemories } from './index.js';
import { patternConfidence } from './procedural.js';
import { buildEpisodes } from './traces.js';
import type { ArtifactDraft, CompilerEvent, StoredMemory } from './types.js';
import { ev, fixTrace } from './test-events.js';

function stored(events: CompilerEvent[]): StoredMemory[] {
  return extractMemories(events).map((d, i) => ({
    ...d,
    id: `mem_${i}`,
    mentions: d.mentions ?? 1,
    status: 'active',
    validTo: null,
    lastSeenAt: d.lastSeenAt ?? d.validFrom,
  }));
}

function build(
  events: CompilerEvent[],
  opts: { artifactTypes?: ArtifactDraft['type'][]; minPatternStrength?: number } = {},
) {
  return createCompiler().buildArtifacts({ memories: stored(events), events, ...opts });
}

/** A lint failure fixed by running the formatter, then a push. */
function lintTrace(session: string, day: string, n: number): CompilerEvent[] {
  const at = (h: number) => `${day}T1${h}:30:00Z`;
  return [
    ev(
      'command_exec',
      {
        command: 'pnpm lint',
        exitCode: 1,
        stdout: '',
        stderr: `src/a${n}.ts:${n}:1 error Unexpected console statement no-console`,
      },
      { at: at(0), session },
    ),
    ev(
      'command_exec',
      { command: 'pnpm lint --fix', exitCode: 0, stdout: 'fixed', stderr: '' },
      { at: at(1), session },
    ),
    ev('command_exec', { command: 'pnpm lint', exitCode: 0, stdout: 'ok', stderr: '' }, { at: at(2), session }),
    ev('outcome', { status: 'success', task: 'make lint pass' }, { at: at(3), session }),
  ];
}

describe('task episodes from agent traces', () => {
  it('cuts sessions at outcomes, pairs tool calls with their results and reads results', () => {
    const events = [
      ev('tool_call', { tool: 'search_docs', input: { q: 'retry' } }, { at: '2024-06-01T10:00:00Z', session: 's' }),
      ev(
        'tool_result',
        { tool: 'search_docs', output: null, error: 'RateLimitError: 429 too many requests' },
        { at: '2024-06-01T10:00:01Z', session: 's' },
      ),
      ev(
        'api_result',
        { method: 'get', endpoint: '/v1/items/123', status: 200 },
        { at: '2024-06-01T10:00:02Z', session: 's' },
      ),
      ev('outcome', { status: 'failed' }, { at: '2024-06-01T10:00:03Z', session: 's' }),
      ev('feedback', { rating: 1 }, { at: '2024-06-01T10:00:04Z', session: 's' }),
      ev(
        'browser_action',
        { action: 'click', url: 'https://shop.example.com/cart', selector: '#buy' },
        { at: '2024-06-01T10:01:00Z', session: 's' },
      ),
    ];
    const eps = buildEpisodes(events);
    expect(eps).toHaveLength(2);
    expect(eps[0].actions.map((a) => [a.signature, a.result])).toEqual([
      ['tool search_docs', 'failure'],
      ['api GET /v1/items/:id', 'success'],
    ]);
    expect(eps[0].actions[0].errorSignature).toBe('RateLimitError: <n> too many requests');
    expect(eps[0].outcome).toBe('failure');
    expect(eps[0].feedback).toBe(1);
    expect(eps[1].actions[0].signature).toBe('browser click shop.example.com');
  });
});

describe('procedural artifacts from a coding agent fixing a failing test', () => {
  const events = [
    ...fixTrace('run-1', '2024-06-01', 1),
    ...fixTrace('run-2', '2024-06-03', 2),
    ...fixTrace('run-3', '2024-06-05', 3),
    ...lintTrace('run-4', '2024-06-06', 4),
  ];
  const artifacts = build(events);
  const ofType = (t: string) => artifacts.filter((a) => a.type === t);

  it('writes a failure playbook: normalised error signature -> the edit that fixed it', () => {
    const pb = ofType('failure_playbook').find((a) => String(a.content.errorSignature).startsWith('TypeError'))!;
    expect(pb).toBeDefined();
    expect(pb.content.errorSignature).toBe('TypeError: Cannot read properties of undefined (reading <str>)');
    expect(pb.content.fix).toEqual(['edit *.ts']);
    expect(pb.content.occurrences).toBe(3);
    expect(pb.content.resolved).toBe(3);
    expect(pb.evidenceCount).toBe(3);
    expect(pb.markdown).toContain('guard against a missing user');
    const lint = ofType('failure_playbook').find((a) => String(a.content.errorSignature).includes('no-console'))!;
    expect(lint.content.fix).toEqual(['run pnpm lint --fix']);
    // Seen once: weaker than the one seen three times.
    expect(lint.confidence).toBeLessThan(pb.confidence);
    // Provenance: the events and the procedure memories built from them.
    expect(pb.sourceEvents.length).toBeGreaterThanOrEqual(9);
    expect(pb.sourceMemories.length).toBeGreaterThan(0);
  });

  it('writes a task schema for the recurring successful sequence', () => {
    const schemas = ofType('task_schema');
    const fix = schemas.find((a) => a.content.task === 'fix the failing user test')!;
    expect(fix).toBeDefined();
    expect((fix.content.steps as { action: string }[]).map((s) => s.action)).toEqual([
      'run pnpm install',
      'edit *.ts',
      'test pnpm vitest run <path>',
      'run git commit -m <str>',
    ]);
    expect(fix.evidenceCount).toBe(3);
    // The lint session happened once: no schema of its own.
    expect(schemas.some((a) => a.content.task === 'make lint pass')).toBe(false);
  });

  it('writes causal patterns and decision policies from regularities', () => {
    const causal = ofType('causal_pattern').map((a) => a.content);
    expect(causal).toContainEqual(
      expect.objectContaining({
        cause: 'edit *.ts',
        effect: 'test pnpm vitest run <path>',
        result: 'success',
        observations: 3,
      }),
    );
    const policies = ofType('decision_policy').map((a) => a.content);
    expect(policies).toContainEqual(
      expect.objectContaining({ context: expect.stringContaining('TypeError'), choice: 'edit *.ts', count: 3 }),
    );
  });

  it('honours artifactTypes and minPatternStrength', () => {
    const only = build(events, { artifactTypes: ['failure_playbook'] });
    expect(new Set(only.map((a) => a.type))).toEqual(new Set(['failure_playbook']));
    const strong = build(events, { minPatternStrength: 0.6 });
    const procedural = strong.filter((a) =>
      ['task_schema', 'failure_playbook', 'causal_pattern', 'decision_policy'].includes(a.type),
    );
    expect(procedural.length).toBeGreaterThan(0);
    for (const a of procedural) expect(a.confidence).toBeGreaterThanOrEqual(0.6);
    expect(procedural.some((a) => String(a.content.errorSignature ?? '').includes('no-console'))).toBe(false);
    // Semantic artifacts are not patterns: minPatternStrength leaves them alone.
    expect(strong.some((a) => a.type === 'session_summary')).toBe(true);
  });

  it('emits procedure memories: fixes and completed tasks, merged across runs', () => {
    const procs = extractMemories(events).filter((d) => d.kind === 'procedure');
    const fix = procs.find(
      (d) => d.attributes.procedureType === 'fix' && String(d.attributes.errorSignature).startsWith('TypeError'),
    )!;
    expect(fix.mentions).toBe(3);
    expect(fix.content).toMatch(/^When `test pnpm vitest run <path>` fails with "TypeError/);
    expect(procs.some((d) => d.attributes.procedureType === 'task' && d.attributes.task === 'make lint pass')).toBe(
      true,
    );
  });

  it('a conversation alone yields no procedural artifacts', () => {
    const conv = [ev('message', { role: 'user', content: 'I like tea.' }, { at: '2024-06-01T10:00:00Z' })];
    expect(build(conv).filter((a) => ['task_schema', 'failure_playbook', 'causal_pattern'].includes(a.type))).toEqual(
      [],
    );
  });
});

describe('patternConfidence', () => {
  const now = new Date('2024-06-30T00:00:00Z');
  it('grows with evidence and consistency, and fades with age', () => {
    expect(patternConfidence(3, 1, now, now)).toBeGreaterThan(patternConfidence(1, 1, now, now));
    expect(patternConfidence(3, 1, now, now)).toBeGreaterThan(patternConfidence(3, 0.5, now, now));
    expect(patternConfidence(3, 1, now, now)).toBeGreaterThan(
      patternConfidence(3, 1, new Date('2023-06-30T00:00:00Z'), now),
    );
    expect(patternConfidence(50, 1, now, now)).toBeLessThanOrEqual(0.99);
  });
});

import { describe, expect, it } from 'vitest';
import { createCompiler } from './index.js';
import { errorSignature } from './normalise.js';
import type { CompilerEvent } from './types.js';
import { ev } from './test-events.js';

describe('the compiler on hostile or odd input', () => {
  it('handles odd payload shapes without throwing', () => {
    const at = '2024-01-01T00:00:00Z';
    const events: CompilerEvent[] = [
      ev('message', { role: 42, content: null }, { at }),
      ev('message', { content: { nested: true } }, { at }),
      ev('message', { role: 'user', content: [null, 3, { text: 7 }, { text: 'I live in Oslo.' }] }, { at }),
      ev('command_exec', { command: null, exitCode: 'x' }, { at }),
      ev('test_run', { failed: '2', output: { a: 1 } }, { at }),
      ev('tool_result', { error: { message: 'boom', code: 'E_FAIL' } }, { at }),
      ev('api_result', { status: 'teapot', url: 'not a url' }, { at }),
      ev('browser_action', { url: 'http://[broken', action: 7 }, { at }),
      ev('outcome', {}, { at }),
      ev('feedback', { rating: 'nope' }, { at }),
      ev('document', { text: '🙂 — ünïcödé Ωmega. Émile vit à Paris.' }, { at }),
      ev('unknown_type', { whatever: true }, { at }),
    ];
    const c = createCompiler();
    const drafts = c.extract(events);
    expect(drafts.some((d) => d.attributeKey === 'user-1:location')).toBe(true);
    const memories = drafts.map((d, i) => ({
      ...d,
      id: `m${i}`,
      mentions: 1,
      status: 'active' as const,
      validTo: null,
      lastSeenAt: d.validFrom,
    }));
    expect(() => c.buildArtifacts({ memories, events })).not.toThrow();
  });

  it('stays fast on very long texts and error outputs (no pathological regex backtracking)', () => {
    const at = '2024-01-01T00:00:00Z';
    const longWord = 'a'.repeat(200_000);
    const prose = 'I went to Paris yesterday and I love it. '.repeat(3000);
    const stutter = 'I really '.repeat(30_000);
    const events = [
      ev('message', { role: 'user', content: longWord }, { at }),
      ev('message', { role: 'user', content: prose }, { at }),
      ev('message', { role: 'user', content: stutter }, { at }),
      ev('message', { role: 'user', content: `My name is ${'Bob '.repeat(40_000)}` }, { at }),
      ev(
        'command_exec',
        { command: 'node x.js', exitCode: 1, stderr: `Error: ${'x/'.repeat(50_000)}y ${longWord}` },
        { at },
      ),
      ev('command_exec', { command: 'node x.js', exitCode: 0, stderr: '' }, { at }),
    ];
    const t0 = performance.now();
    const c = createCompiler();
    const drafts = c.extract(events);
    const memories = drafts.map((d, i) => ({
      ...d,
      id: `m${i}`,
      mentions: 1,
      status: 'active' as const,
      validTo: null,
      lastSeenAt: d.validFrom,
    }));
    c.buildArtifacts({ memories, events });
    expect(performance.now() - t0).toBeLessThan(15_000);
    expect(errorSignature(`TypeError: ${'a/'.repeat(100_000)}`)?.length).toBeLessThanOrEqual(160);
  });
});

/** Hand-written events for the compiler tests: a conversation and coding-agent traces. */
import type { CompilerEvent } from './types.js';

let seq = 0;

export function ev(
  type: string,
  payload: Record<string, unknown>,
  opts: {
    at: string;
    session?: string;
    subjectId?: string | null;
    metadata?: Record<string, unknown>;
    namespace?: string;
  },
): CompilerEvent {
  seq++;
  return {
    id: `evt_${String(seq).padStart(4, '0')}`,
    type,
    sessionId: opts.session ?? 'ses_1',
    namespace: opts.namespace ?? 'ns_default',
    subjectId: opts.subjectId === undefined ? 'user-1' : opts.subjectId,
    agentId: 'agent-1',
    payload,
    metadata: opts.metadata ?? {},
    text: typeof payload.content === 'string' ? payload.content : JSON.stringify(payload),
    occurredAt: new Date(opts.at),
  };
}

export const user = (content: string, at: string, session = 'ses_1') =>
  ev('message', { role: 'user', content }, { at, session });
export const assistant = (content: string, at: string, session = 'ses_1') =>
  ev('message', { role: 'assistant', content }, { at, session });

/** A coding agent fixing a failing test in one session; `n` varies paths and numbers between runs. */
export function fixTrace(session: string, day: string, n: number): CompilerEvent[] {
  const at = (h: number) => `${day}T1${h}:00:00Z`;
  const meta = { task: 'fix the failing user test' };
  return [
    ev(
      'message',
      { role: 'user', content: 'The user test is failing, please fix it.' },
      { at: at(0), session, metadata: meta },
    ),
    ev('command_exec', { command: 'pnpm install', exitCode: 0, stdout: 'done', stderr: '' }, { at: at(1), session }),
    ev(
      'test_run',
      {
        command: `pnpm vitest run test/user-${n}.test.ts`,
        passed: 10 + n,
        failed: 1,
        output: `FAIL test/user-${n}.test.ts > loads user ${n}\nTypeError: Cannot read properties of undefined (reading 'name')\n at src/users/load-${n}.ts:${40 + n}:7`,
      },
      { at: at(2), session },
    ),
    ev(
      'file_edit',
      { path: `src/users/load-${n}.ts`, summary: 'guard against a missing user', diff: '+ if (!user) return null;' },
      { at: at(3), session },
    ),
    ev(
      'test_run',
      { command: `pnpm vitest run test/user-${n}.test.ts`, passed: 11 + n, failed: 0, output: 'ok' },
      { at: at(4), session },
    ),
    ev(
      'command_exec',
      { command: `git commit -m "fix user ${n}"`, exitCode: 0, stdout: '', stderr: '' },
      { at: at(5), session },
    ),
    ev('outcome', { status: 'success', task: 'fix the failing user test' }, { at: at(6), session }),
  ];
}

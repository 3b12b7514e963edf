/**
 * Agent traces as the procedural compiler sees them: each tool call, command, test run, file edit,
 * browser action or API call becomes an Action with a normalised signature and a result, and a
 * session is cut into task episodes at its outcome events (one episode = one attempt at a task).
 */
import { errorSignature, normaliseVariableParts } from './normalise.js';
import { saysNothing } from './phatic.js';
import type { CompilerEvent } from './types.js';

export type Result = 'success' | 'failure' | null;

export interface Action {
  eventId: string;
  type: string;
  /** Stable across runs and files: `run npm test`, `edit *.ts`, `tool search_docs`. */
  signature: string;
  /** The concrete step, for people: `edit src/user.ts (guard against undefined)`. */
  label: string;
  result: Result;
  errorSignature: string | null;
  at: Date;
}

export interface TaskEpisode {
  sessionId: string;
  namespace: string;
  agentId: string | null;
  subjectId: string | null;
  task: string | null;
  actions: Action[];
  outcome: Result;
  /** Sum of feedback in the episode: > 0 positive, < 0 negative. */
  feedback: number;
  eventIds: string[];
  startedAt: Date;
  endedAt: Date;
  /**
   * What the agent said while at it ("The test request has no ip; I will set trust proxy in the test
   * setup"): a fix made between a failure and its success with no action captured is told here.
   */
  notes: Array<{ at: Date; text: string; eventId: string }>;
}

export const TRACE_TYPES = new Set([
  'tool_call',
  'tool_result',
  'command_exec',
  'test_run',
  'file_edit',
  'browser_action',
  'api_result',
  'outcome',
  'feedback',
]);

function str(obj: Record<string, unknown>, ...keys: string[]): string | null {
  for (const k of keys) {
    const v = obj[k];
    if (typeof v === 'string' && v.trim() !== '') return v.trim();
  }
  return null;
}

function num(obj: Record<string, unknown>, ...keys: string[]): number | null {
  for (const k of keys) {
    const v = obj[k];
    if (typeof v === 'number' && Number.isFinite(v)) return v;
    if (typeof v === 'string' && /^-?\d+$/.test(v.trim())) return Number(v);
  }
  return null;
}

function errorText(v: unknown): string | null {
  if (typeof v === 'string') return v.trim() === '' ? null : v;
  if (v && typeof v === 'object') {
    const o = v as Record<string, unknown>;
    const m = str(o, 'message', 'error', 'detail', 'stderr');
    if (m) return [str(o, 'name', 'code', 'type'), m].filter(Boolean).join(': ');
    return JSON.stringify(v).slice(0, 500);
  }
  return v === true ? 'error' : null;
}

/** A command reduced to its stable part: env assignments dropped, paths/numbers/strings replaced, 5 tokens. */
export function normaliseCommand(command: string): string {
  const tokens = normaliseVariableParts(command.replace(/^(?:\s*[A-Z_][A-Z0-9_]*=\S*\s+)+/, '')).split(' ');
  const out: string[] = [];
  for (const t of tokens) {
    if (t === '&&' || t === '|' || t === ';' || t === '||') break;
    if (out.length > 0 && out[out.length - 1] === t && t.startsWith('<')) continue;
    out.push(t);
    if (out.length >= 5) break;
  }
  return out.join(' ');
}

/** `/v1/items/123?x=1` -> `/v1/items/:id`: ids, numbers and hashes in path segments replaced, query dropped. */
export function normaliseEndpoint(endpoint: string): string {
  const noQuery = endpoint.split(/[?#]/)[0];
  return noQuery
    .split('/')
    .map((seg) =>
      /^\d+$|^[0-9a-f]{8,}$|^[0-9a-f-]{36}$|^[a-z]{2,5}_[0-9A-Za-z]{8,}$|^(?=.*\d)[A-Za-z0-9_-]{16,}$/i.test(seg)
        ? ':id'
        : seg,
    )
    .join('/');
}

/** `src/user/model.ts` -> `*.ts`; a file without extension keeps its base name (Dockerfile, Makefile). */
export function pathPattern(path: string): string {
  const base = path.split(/[/\\]/).pop() ?? path;
  const ext = /\.([A-Za-z0-9]+)$/.exec(base);
  if (/\.(?:test|spec)\.[A-Za-z0-9]+$/.test(base)) return `*.test.${ext?.[1] ?? ''}`;
  return ext ? `*.${ext[1]}` : base;
}

function successWord(v: unknown): Result {
  if (typeof v === 'boolean') return v ? 'success' : 'failure';
  if (typeof v !== 'string') return null;
  const s = v.toLowerCase();
  if (
    /^(?:success|succeeded|successful|ok|done|completed?|passed?|resolved|fixed|true|accepted|merged|solved)$/.test(s)
  )
    return 'success';
  if (
    /^(?:fail|failed|failure|error|errored|aborted|cancelled|canceled|rejected|false|timeout|timed_out|unresolved)$/.test(
      s,
    )
  )
    return 'failure';
  return null;
}

/** The Action of one trace event; null for events that are not actions (outcome, feedback, messages). */
export function actionOf(e: CompilerEvent): Action | null {
  const p = e.payload;
  const make = (signature: string, label: string, result: Result, err: string | null): Action => ({
    eventId: e.id,
    type: e.type,
    signature,
    label,
    result,
    errorSignature: result === 'failure' ? (errorSignature(err ?? '') ?? `${signature} failed`) : null,
    at: e.occurredAt,
  });
  switch (e.type) {
    case 'command_exec': {
      const command = str(p, 'command', 'cmd') ?? 'command';
      const exit = num(p, 'exitCode', 'exit_code', 'code', 'status');
      const result: Result = exit === null ? successWord(p.success ?? p.status) : exit === 0 ? 'success' : 'failure';
      const err = [str(p, 'stderr'), str(p, 'stdout'), str(p, 'output')].filter(Boolean).join('\n');
      return make(`run ${normaliseCommand(command)}`, `run \`${command.slice(0, 200)}\``, result, err);
    }
    case 'test_run': {
      const command = str(p, 'command', 'cmd', 'suite', 'name') ?? 'tests';
      const failed = num(p, 'failed', 'failures', 'failing');
      const passed = num(p, 'passed', 'passing');
      let result: Result = failed !== null ? (failed > 0 ? 'failure' : 'success') : successWord(p.status ?? p.success);
      if (result === null && passed !== null) result = 'success';
      const counts = failed !== null || passed !== null ? ` (${passed ?? 0} passed, ${failed ?? 0} failed)` : '';
      return make(
        `test ${normaliseCommand(command)}`,
        `test \`${command.slice(0, 200)}\`${counts}`,
        result,
        str(p, 'output', 'error', 'stderr'),
      );
    }
    case 'file_edit': {
      const path = str(p, 'path', 'file', 'filename') ?? 'file';
      const summary = str(p, 'summary', 'description');
      return make(
        `edit ${pathPattern(path)}`,
        `edit ${path}${summary ? ` (${summary.slice(0, 160)})` : ''}`,
        null,
        null,
      );
    }
    case 'tool_call':
    case 'tool_result': {
      const tool = str(p, 'tool', 'name', 'toolName', 'function') ?? 'tool';
      const err = errorText(p.error);
      const result: Result =
        e.type === 'tool_call'
          ? successWord(p.status)
          : err
            ? 'failure'
            : (successWord(p.status ?? p.success) ?? 'success');
      return make(`tool ${tool}`, `call ${tool}`, result, err);
    }
    case 'browser_action': {
      const action = str(p, 'action', 'type', 'kind') ?? 'act';
      const url = str(p, 'url', 'href');
      let host = '';
      if (url) {
        try {
          host = ` ${new URL(url).host}`;
        } catch {
          host = '';
        }
      }
      const err = errorText(p.error);
      const result = err ? 'failure' : successWord(p.status ?? p.success);
      const target = str(p, 'selector', 'target', 'text');
      return make(
        `browser ${action}${host}`,
        `browser ${action}${url ? ` ${url}` : ''}${target ? ` on ${target.slice(0, 80)}` : ''}`,
        result,
        err,
      );
    }
    case 'api_result': {
      const method = (str(p, 'method') ?? 'CALL').toUpperCase();
      const endpoint = str(p, 'endpoint', 'url', 'path', 'api', 'name') ?? 'api';
      const status = num(p, 'status', 'statusCode', 'status_code');
      const err = errorText(p.error);
      const result: Result =
        status !== null ? (status < 400 ? 'success' : 'failure') : err ? 'failure' : successWord(p.success);
      const errLine = status !== null && status >= 400 ? `HTTP ${status}${err ? ` ${err}` : ''}` : err;
      return make(
        `api ${method} ${normaliseEndpoint(endpoint)}`,
        `${method} ${endpoint}${status !== null ? ` -> ${status}` : ''}`,
        result,
        errLine,
      );
    }
    default:
      return null;
  }
}

function outcomeOf(e: CompilerEvent): Result {
  const p = e.payload;
  return (
    successWord(p.status ?? p.result ?? p.outcome ?? p.success ?? p.resolved) ?? (errorText(p.error) ? 'failure' : null)
  );
}

function feedbackOf(e: CompilerEvent): number {
  const p = e.payload;
  const score = num(p, 'rating', 'score', 'value');
  if (score !== null)
    return score > 3 || (score > 0 && score <= 1)
      ? 1
      : score < 0 || (score > 1 && score <= 2)
        ? -1
        : score === 0
          ? -1
          : 0;
  if (typeof p.positive === 'boolean') return p.positive ? 1 : -1;
  const s = str(p, 'sentiment', 'label', 'verdict', 'thumbs');
  if (s && /^(?:positive|good|up|thumbs_up|helpful|correct|like)$/i.test(s)) return 1;
  if (s && /^(?:negative|bad|down|thumbs_down|unhelpful|wrong|incorrect|dislike)$/i.test(s)) return -1;
  return 0;
}

function taskOf(e: CompilerEvent): string | null {
  return str(e.metadata, 'task', 'goal', 'taskName') ?? str(e.payload, 'task', 'goal');
}

/** An assistant's message that says something (not "Okay, noted."): what the agent did or will do. */
function isAgentNote(e: CompilerEvent): boolean {
  if (e.type !== 'message' || str(e.payload, 'role') !== 'assistant') return false;
  // Read with its label ("assistant: Okay, noted."): an assistant's okay is an acknowledgement.
  return str(e.payload, 'content', 'text') !== null && !saysNothing(e.text);
}

/** Task episodes of every session in the events (time order), cut at outcome events. */
export function buildEpisodes(events: CompilerEvent[]): TaskEpisode[] {
  const bySession = new Map<string, CompilerEvent[]>();
  for (const e of events) {
    if (!TRACE_TYPES.has(e.type) && !(e.type === 'message' && (typeof e.metadata.task === 'string' || isAgentNote(e))))
      continue;
    const list = bySession.get(e.sessionId);
    if (list) list.push(e);
    else bySession.set(e.sessionId, [e]);
  }
  const episodes: TaskEpisode[] = [];
  for (const [sessionId, list] of bySession) {
    list.sort((a, b) => a.occurredAt.getTime() - b.occurredAt.getTime());
    let cur: TaskEpisode | null = null;
    let lastClosed: TaskEpisode | null = null;
    const pendingCalls = new Map<string, Action>();
    const open = (e: CompilerEvent): TaskEpisode => {
      if (cur) return cur;
      cur = {
        sessionId,
        namespace: e.namespace,
        agentId: e.agentId,
        subjectId: e.subjectId,
        task: null,
        actions: [],
        outcome: null,
        feedback: 0,
        eventIds: [],
        startedAt: e.occurredAt,
        endedAt: e.occurredAt,
        notes: [],
      };
      return cur;
    };
    const close = () => {
      if (cur && (cur.actions.length > 0 || cur.outcome !== null)) {
        if (cur.outcome === null) {
          const last = [...cur.actions].reverse().find((a) => a.result !== null);
          cur.outcome = last?.result ?? null;
        }
        episodes.push(cur);
        lastClosed = cur;
      }
      cur = null;
      pendingCalls.clear();
    };
    for (const e of list) {
      if (e.type === 'feedback' && cur === null && lastClosed !== null) {
        // Feedback on a task that has just ended belongs to it.
        const done: TaskEpisode = lastClosed;
        done.feedback += feedbackOf(e);
        done.eventIds.push(e.id);
        continue;
      }
      // The agent's words are notes of the task under way; alone they start none. (A message without a
      // task in the list is one: the filter above let only those in.)
      if (e.type === 'message' && typeof e.metadata.task !== 'string') {
        // As the context shows the turn ("assistant: ..."): the playbook quoting it says it once.
        if (cur) (cur as TaskEpisode).notes.push({ at: e.occurredAt, text: e.text, eventId: e.id });
        continue;
      }
      const ep = open(e);
      ep.eventIds.push(e.id);
      ep.endedAt = e.occurredAt;
      ep.task ??= taskOf(e);
      if (e.type === 'outcome') {
        ep.outcome = outcomeOf(e);
        close();
        continue;
      }
      if (e.type === 'feedback') {
        ep.feedback += feedbackOf(e);
        continue;
      }
      const action = actionOf(e);
      if (!action) continue;
      if (e.type === 'tool_call') {
        pendingCalls.set(action.signature, action);
        ep.actions.push(action);
        continue;
      }
      if (e.type === 'tool_result') {
        const call = pendingCalls.get(action.signature);
        if (call) {
          call.result = action.result;
          call.errorSignature = action.errorSignature;
          pendingCalls.delete(action.signature);
          continue;
        }
      }
      ep.actions.push(action);
    }
    close();
  }
  return episodes;
}

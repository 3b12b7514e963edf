/**
 * Procedural mining over task episodes: failures and the actions that fixed them, recurring
 * successful step sequences, action -> outcome regularities and repeated choices in a context.
 * Each pattern carries its evidence and a confidence from evidence count, consistency and recency.
 */
import { dedupeKeyOf, shortHash } from './normalise.js';
import { type Action, buildEpisodes, type TaskEpisode } from './traces.js';
import type { CompilerEvent, MemoryDraft } from './types.js';

const DAY_MS = 86_400_000;

/** Confidence of a pattern: more evidence, a more consistent result and more recent use all raise it. */
export function patternConfidence(evidence: number, consistency: number, lastSeen: Date, now: Date): number {
  const evidenceFactor = 1 - Math.exp(-evidence / 2);
  const ageDays = Math.max(0, (now.getTime() - lastSeen.getTime()) / DAY_MS);
  const recency = 0.7 + 0.3 * 0.5 ** (ageDays / 90);
  const c = evidenceFactor * (0.25 + 0.75 * consistency) * recency;
  return Math.round(Math.max(0.05, Math.min(0.99, c)) * 1000) / 1000;
}

// ---------- failures and fixes ----------

export interface FixOccurrence {
  errorSignature: string;
  failedAction: Action;
  fixSteps: Action[];
  verifiedBy: Action | null;
  episode: TaskEpisode;
  /** What the agent said between the failure and its success (the fix, when no action was captured). */
  said: TaskEpisode['notes'];
}

/**
 * Every failure in an episode, with the actions after it up to the first success of the same
 * action (or of any check of the same type); verifiedBy stays null when nothing fixed it.
 */
export function findFixes(ep: TaskEpisode): FixOccurrence[] {
  const out: FixOccurrence[] = [];
  const acts = ep.actions;
  const handled = new Set<number>();
  for (let i = 0; i < acts.length; i++) {
    const a = acts[i];
    if (a.result !== 'failure' || handled.has(i)) continue;
    const steps: Action[] = [];
    let verifiedBy: Action | null = null;
    for (let j = i + 1; j < acts.length; j++) {
      const b = acts[j];
      if (b.signature === a.signature) {
        if (b.result === 'success') {
          verifiedBy = b;
          break;
        }
        if (b.result === 'failure') {
          // The same failure again: the attempt goes on. A different one is a new problem.
          if (b.errorSignature !== a.errorSignature) break;
          handled.add(j);
          continue;
        }
      }
      if (a.type === 'test_run' && b.type === 'test_run' && b.result === 'success') {
        verifiedBy = b;
        break;
      }
      steps.push(b);
    }
    const until = (verifiedBy ?? acts[acts.length - 1] ?? a).at.getTime();
    out.push({
      errorSignature: a.errorSignature ?? `${a.signature} failed`,
      failedAction: a,
      fixSteps: steps,
      verifiedBy,
      episode: ep,
      said: ep.notes.filter((n) => n.at.getTime() >= a.at.getTime() && n.at.getTime() <= until),
    });
  }
  return out;
}

export interface Playbook {
  errorSignature: string;
  failingActions: string[];
  /** The most common fixing sequence (signatures) and a concrete example of it. */
  fixSignatures: string[];
  /** With no fixing step captured: what the agent said it did between the failure and the success. */
  fixNotes: string[];
  fixExample: string[];
  alternatives: { steps: string[]; count: number }[];
  occurrences: number;
  resolved: number;
  confidence: number;
  eventIds: string[];
  lastSeen: Date;
  namespace: string;
  agentId: string | null;
}

function collapse(sigs: string[]): string[] {
  const out: string[] = [];
  for (const s of sigs) if (out[out.length - 1] !== s) out.push(s);
  return out;
}

export function minePlaybooks(episodes: TaskEpisode[], now: Date): Playbook[] {
  const groups = new Map<string, FixOccurrence[]>();
  for (const ep of episodes)
    for (const f of findFixes(ep)) {
      const k = `${ep.namespace}|${f.errorSignature}`;
      const list = groups.get(k);
      if (list) list.push(f);
      else groups.set(k, [f]);
    }
  const out: Playbook[] = [];
  for (const list of groups.values()) {
    const resolved = list.filter((f) => f.verifiedBy !== null);
    if (resolved.length === 0) continue;
    const variants = new Map<string, { steps: string[]; count: number; example: FixOccurrence }>();
    for (const f of resolved) {
      const steps = collapse(f.fixSteps.map((s) => s.signature));
      const k = steps.join(' > ');
      const v = variants.get(k);
      if (v) v.count++;
      else variants.set(k, { steps, count: 1, example: f });
    }
    const ranked = [...variants.values()].sort((a, b) => b.count - a.count || b.steps.length - a.steps.length);
    const best = ranked[0];
    const lastSeen = new Date(Math.max(...resolved.map((f) => (f.verifiedBy ?? f.failedAction).at.getTime())));
    const consistency = (best.count / resolved.length) * 0.5 + (resolved.length / list.length) * 0.5;
    const eventIds = new Set<string>();
    for (const f of list) {
      eventIds.add(f.failedAction.eventId);
      for (const s of f.fixSteps) eventIds.add(s.eventId);
      if (f.fixSteps.length === 0) for (const n of f.said) eventIds.add(n.eventId);
      if (f.verifiedBy) eventIds.add(f.verifiedBy.eventId);
    }
    out.push({
      errorSignature: list[0].errorSignature,
      failingActions: [...new Set(list.map((f) => f.failedAction.signature))],
      fixSignatures: best.steps,
      fixNotes: best.steps.length === 0 ? best.example.said.slice(0, 3).map((n) => n.text) : [],
      fixExample: [
        ...best.example.fixSteps.map((s) => s.label),
        ...(best.example.verifiedBy ? [`${best.example.verifiedBy.label} -> passed`] : []),
      ],
      alternatives: ranked.slice(1, 4).map((v) => ({ steps: v.steps, count: v.count })),
      occurrences: list.length,
      resolved: resolved.length,
      confidence: patternConfidence(resolved.length, consistency, lastSeen, now),
      eventIds: [...eventIds],
      lastSeen,
      namespace: list[0].episode.namespace,
      agentId: list[0].episode.agentId,
    });
  }
  return out;
}

// ---------- recurring successful sequences ----------

export interface TaskSchema {
  steps: string[];
  example: string[];
  task: string | null;
  support: number;
  seenIn: number;
  confidence: number;
  eventIds: string[];
  lastSeen: Date;
  namespace: string;
}

/** The path of an episode without its failed detours: signatures of actions that did not fail. */
function cleanPath(ep: TaskEpisode): Action[] {
  const out: Action[] = [];
  for (const a of ep.actions) {
    if (a.result === 'failure') continue;
    if (out.length > 0 && out[out.length - 1].signature === a.signature) continue;
    out.push(a);
  }
  return out;
}

export function mineTaskSchemas(episodes: TaskEpisode[], now: Date): TaskSchema[] {
  interface Gram {
    steps: string[];
    succ: Set<TaskEpisode>;
    all: Set<TaskEpisode>;
    example: Action[];
  }
  const grams = new Map<string, Gram>();
  const byNamespace = new Map<string, TaskEpisode[]>();
  for (const ep of episodes) {
    const list = byNamespace.get(ep.namespace);
    if (list) list.push(ep);
    else byNamespace.set(ep.namespace, [ep]);
  }
  for (const [ns, eps] of byNamespace) {
    for (const ep of eps) {
      if (ep.outcome === null) continue;
      const path = cleanPath(ep);
      const sigs = path.map((a) => a.signature);
      const maxLen = Math.min(8, sigs.length);
      for (let len = 2; len <= maxLen; len++) {
        for (let i = 0; i + len <= sigs.length; i++) {
          const steps = sigs.slice(i, i + len);
          const k = `${ns}|${steps.join(' > ')}`;
          let g = grams.get(k);
          if (!g) {
            g = { steps, succ: new Set(), all: new Set(), example: path.slice(i, i + len) };
            grams.set(k, g);
          }
          g.all.add(ep);
          if (ep.outcome === 'success') g.succ.add(ep);
        }
      }
    }
  }
  const recurring = [...grams.entries()].filter(([, g]) => g.succ.size >= 2);
  // Keep maximal sequences: drop one contained in a longer sequence with the same successful support.
  const kept = recurring.filter(([k, g]) => {
    const body = k.slice(k.indexOf('|') + 1);
    const ns = k.slice(0, k.indexOf('|'));
    return !recurring.some(
      ([k2, g2]) =>
        k2 !== k &&
        k2.startsWith(`${ns}|`) &&
        g2.steps.length > g.steps.length &&
        g2.succ.size >= g.succ.size &&
        ` ${k2.slice(ns.length + 1)} `.includes(` ${body} `),
    );
  });
  const out: TaskSchema[] = [];
  for (const [, g] of kept) {
    const succ = [...g.succ];
    const tasks = new Set(succ.map((e) => e.task));
    const lastSeen = new Date(Math.max(...succ.map((e) => e.endedAt.getTime())));
    const eventIds = new Set<string>();
    for (const ep of succ) for (const a of ep.actions) if (g.steps.includes(a.signature)) eventIds.add(a.eventId);
    out.push({
      steps: g.steps,
      example: g.example.map((a) => a.label),
      task: tasks.size === 1 ? [...tasks][0] : null,
      support: succ.length,
      seenIn: g.all.size,
      confidence: patternConfidence(succ.length, succ.length / g.all.size, lastSeen, now),
      eventIds: [...eventIds],
      lastSeen,
      namespace: succ[0].namespace,
    });
  }
  return out.sort((a, b) => b.support * b.steps.length - a.support * a.steps.length).slice(0, 50);
}

// ---------- action -> outcome regularities ----------

export interface CausalPattern {
  cause: string;
  effect: string;
  /** 'next' = the result of the next check after the action; 'episode' = the task's outcome. */
  scope: 'next' | 'episode';
  result: 'success' | 'failure';
  rate: number;
  baseRate: number;
  n: number;
  confidence: number;
  eventIds: string[];
  lastSeen: Date;
  namespace: string;
}

interface Tally {
  success: number;
  failure: number;
  eventIds: Set<string>;
  lastSeen: number;
}

function tally(map: Map<string, Tally>, key: string, r: 'success' | 'failure', ids: string[], at: Date) {
  let t = map.get(key);
  if (!t) {
    t = { success: 0, failure: 0, eventIds: new Set(), lastSeen: 0 };
    map.set(key, t);
  }
  t[r]++;
  for (const id of ids) t.eventIds.add(id);
  t.lastSeen = Math.max(t.lastSeen, at.getTime());
}

export function mineCausalPatterns(episodes: TaskEpisode[], now: Date): CausalPattern[] {
  const pairs = new Map<string, Tally>();
  const base = new Map<string, Tally>();
  const inEpisode = new Map<string, Tally>();
  const episodeBase = new Map<string, Tally>();
  for (const ep of episodes) {
    const acts = ep.actions;
    for (let i = 0; i < acts.length; i++) {
      const b = acts[i];
      if (b.result === null || b.type === 'file_edit') continue;
      tally(base, `${ep.namespace}|${b.signature}`, b.result, [b.eventId], b.at);
      // The action just before, unless it is the same check again.
      const a = i > 0 ? acts[i - 1] : null;
      if (a && a.signature !== b.signature)
        tally(pairs, `${ep.namespace}|${a.signature}|${b.signature}`, b.result, [a.eventId, b.eventId], b.at);
    }
    if (ep.outcome !== null) {
      tally(episodeBase, ep.namespace, ep.outcome, [], ep.endedAt);
      for (const sig of new Set(acts.map((a) => a.signature)))
        tally(
          inEpisode,
          `${ep.namespace}|${sig}`,
          ep.outcome,
          acts.filter((a) => a.signature === sig).map((a) => a.eventId),
          ep.endedAt,
        );
    }
  }
  const out: CausalPattern[] = [];
  const emit = (
    ns: string,
    cause: string,
    effect: string,
    scope: 'next' | 'episode',
    t: Tally,
    b: Tally | undefined,
  ) => {
    const n = t.success + t.failure;
    if (n < 2 || !b) return;
    const rate = t.success / n;
    const baseRate = b.success / (b.success + b.failure);
    const result = rate >= 0.5 ? 'success' : 'failure';
    const consistency = result === 'success' ? rate : 1 - rate;
    if (consistency < 0.7 || Math.abs(rate - baseRate) < 0.2) return;
    out.push({
      cause,
      effect,
      scope,
      result,
      rate: consistency,
      baseRate: result === 'success' ? baseRate : 1 - baseRate,
      n,
      confidence: patternConfidence(n, consistency, new Date(t.lastSeen), now),
      eventIds: [...t.eventIds],
      lastSeen: new Date(t.lastSeen),
      namespace: ns,
    });
  };
  for (const [k, t] of pairs) {
    const [ns, cause, effect] = k.split('|');
    emit(ns, cause, effect, 'next', t, base.get(`${ns}|${effect}`));
  }
  for (const [k, t] of inEpisode) {
    const [ns, cause] = k.split('|');
    emit(ns, cause, 'task outcome', 'episode', t, episodeBase.get(ns));
  }
  return out.sort((a, b) => b.confidence - a.confidence).slice(0, 50);
}

// ---------- repeated choices in a context ----------

export interface DecisionPolicy {
  context: string;
  choice: string;
  count: number;
  total: number;
  successRate: number | null;
  alternatives: { choice: string; count: number }[];
  confidence: number;
  eventIds: string[];
  lastSeen: Date;
  namespace: string;
}

/** Choice points: the first step of a named task, and the reaction to a failure. */
function choicePoints(ep: TaskEpisode): { context: string; choice: Action }[] {
  const out: { context: string; choice: Action }[] = [];
  const acts = ep.actions;
  if (ep.task && acts.length > 0) out.push({ context: `starting "${ep.task}"`, choice: acts[0] });
  for (let i = 0; i + 1 < acts.length; i++) {
    const a = acts[i];
    if (a.result === 'failure')
      out.push({ context: `\`${a.signature}\` fails with ${a.errorSignature ?? 'an error'}`, choice: acts[i + 1] });
  }
  return out;
}

export function mineDecisionPolicies(episodes: TaskEpisode[], explicit: CompilerEvent[], now: Date): DecisionPolicy[] {
  const byContext = new Map<
    string,
    { ns: string; choices: Map<string, { count: number; ok: number; judged: number; ids: string[]; last: number }> }
  >();
  const add = (ns: string, context: string, choice: string, ok: boolean | null, id: string, at: Date) => {
    const k = `${ns}|${context}`;
    let c = byContext.get(k);
    if (!c) {
      c = { ns, choices: new Map() };
      byContext.set(k, c);
    }
    let ch = c.choices.get(choice);
    if (!ch) {
      ch = { count: 0, ok: 0, judged: 0, ids: [], last: 0 };
      c.choices.set(choice, ch);
    }
    ch.count++;
    if (ok !== null) {
      ch.judged++;
      if (ok) ch.ok++;
    }
    ch.ids.push(id);
    ch.last = Math.max(ch.last, at.getTime());
  };
  for (const ep of episodes) {
    for (const { context, choice } of choicePoints(ep)) {
      const ok = ep.outcome === null ? null : ep.outcome === 'success' && ep.feedback >= 0;
      add(ep.namespace, context, choice.signature, ok, choice.eventId, choice.at);
    }
  }
  // Explicit decisions: any event carrying {decision|choice, context|situation}.
  for (const e of explicit) {
    const src = { ...e.metadata, ...e.payload } as Record<string, unknown>;
    const choice = typeof src.decision === 'string' ? src.decision : typeof src.choice === 'string' ? src.choice : null;
    if (!choice) continue;
    const ctx =
      typeof src.context === 'string'
        ? src.context
        : typeof src.situation === 'string'
          ? src.situation
          : ((src.task as string | undefined) ?? 'general');
    add(e.namespace, ctx, choice, null, e.id, e.occurredAt);
  }
  const out: DecisionPolicy[] = [];
  for (const [k, c] of byContext) {
    const context = k.slice(k.indexOf('|') + 1);
    const ranked = [...c.choices.entries()].sort((a, b) => b[1].count - a[1].count);
    const [choice, top] = ranked[0];
    const total = ranked.reduce((s, [, v]) => s + v.count, 0);
    if (top.count < 2 || top.count / total < 0.6) continue;
    const successRate = top.judged > 0 ? top.ok / top.judged : null;
    const consistency = (top.count / total) * (successRate === null ? 1 : 0.5 + 0.5 * successRate);
    out.push({
      context,
      choice,
      count: top.count,
      total,
      successRate,
      alternatives: ranked.slice(1, 4).map(([choice, v]) => ({ choice, count: v.count })),
      confidence: patternConfidence(top.count, consistency, new Date(top.last), now),
      eventIds: ranked.flatMap(([, v]) => v.ids),
      lastSeen: new Date(top.last),
      namespace: c.ns,
    });
  }
  return out.sort((a, b) => b.confidence - a.confidence).slice(0, 50);
}

// ---------- procedure memories ----------

function fmtSteps(steps: string[], said: string[] = []): string {
  if (steps.length > 0) return steps.join(', then ');
  return said.length > 0 ? `as said then by ${said.join(' ')}` : 'retry';
}

/** Procedure memories of a batch: each fixed failure, and each completed task with its steps. */
export function extractProcedures(events: CompilerEvent[]): MemoryDraft[] {
  const out: MemoryDraft[] = [];
  for (const ep of buildEpisodes(events)) {
    const base = {
      kind: 'procedure' as const,
      subjectId: ep.subjectId,
      sessionId: ep.sessionId,
      agentId: ep.agentId,
      namespace: ep.namespace,
      attributeKey: null,
    };
    for (const f of findFixes(ep)) {
      if (!f.verifiedBy) continue;
      const steps = f.fixSteps.map((s) => s.label);
      const content = `When \`${f.failedAction.signature}\` fails with "${f.errorSignature}": ${fmtSteps(
        steps,
        f.said.slice(0, 3).map((n) => n.text),
      )}; then ${f.verifiedBy.label} succeeded.`;
      const sigKey = `${f.errorSignature}|${collapse(f.fixSteps.map((s) => s.signature)).join('>')}`;
      out.push({
        ...base,
        content,
        dedupeKey: `procedure:${shortHash(`fix|${sigKey}`)}`,
        attributes: {
          procedureType: 'fix',
          errorSignature: f.errorSignature,
          failedAction: f.failedAction.signature,
          steps: f.fixSteps.map((s) => ({ signature: s.signature, label: s.label, eventId: s.eventId })),
          verifiedBy: f.verifiedBy.label,
          task: ep.task,
        },
        confidence: 0.6,
        validFrom: f.verifiedBy.at,
        occurredAt: f.failedAction.at,
        sourceEventIds: [f.failedAction.eventId, ...f.fixSteps.map((s) => s.eventId), f.verifiedBy.eventId],
      });
    }
    if (ep.outcome === 'success') {
      const path = cleanPath(ep);
      if (path.length >= 2) {
        const sigs = path.map((a) => a.signature);
        const content = `${ep.task ? `To ${ep.task.replace(/\.$/, '')}` : 'A task that succeeded'}: ${path.map((a) => a.label).join(' -> ')}.`;
        out.push({
          ...base,
          content,
          dedupeKey: ep.task
            ? dedupeKeyOf('procedure', null, `task ${ep.task} ${sigs.join(' ')}`)
            : `procedure:${shortHash(`task|${sigs.join('>')}`)}`,
          attributes: {
            procedureType: 'task',
            task: ep.task,
            steps: path.map((a) => ({ signature: a.signature, label: a.label })),
            feedback: ep.feedback,
          },
          confidence: ep.feedback < 0 ? 0.4 : 0.65,
          validFrom: ep.endedAt,
          occurredAt: ep.startedAt,
          sourceEventIds: ep.eventIds,
        });
      }
    }
  }
  return out;
}

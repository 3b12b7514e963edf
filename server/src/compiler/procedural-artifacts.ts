/**
 * Procedural artifacts: task schemas, failure playbooks, causal patterns and decision policies,
 * built from the task episodes of the scope's agent traces. Each is linked to the procedure
 * memories that share its events, and keyed so a new learn run versions the same pattern.
 */
import { shortHash } from './normalise.js';
import {
  type CausalPattern,
  type DecisionPolicy,
  minePlaybooks,
  mineCausalPatterns,
  mineDecisionPolicies,
  mineTaskSchemas,
  type Playbook,
  type TaskSchema,
} from './procedural.js';
import { buildEpisodes, TRACE_TYPES } from './traces.js';
import type { ArtifactDraft, ArtifactType, CompilerEvent, StoredMemory } from './types.js';

function memoriesFor(eventIds: string[], byEvent: Map<string, string[]>): string[] {
  const out = new Set<string>();
  for (const id of eventIds) for (const m of byEvent.get(id) ?? []) out.add(m);
  return [...out];
}

const code = (s: string) => `\`${s}\``;

function schemaArtifact(s: TaskSchema, byEvent: Map<string, string[]>): ArtifactDraft {
  const name = s.task ?? s.steps.join(' -> ');
  return {
    type: 'task_schema',
    key: shortHash(`${s.task ?? ''}|${s.steps.join('>')}`),
    namespace: s.namespace,
    subjectId: null,
    sessionId: null,
    title: s.task ? `How to ${s.task.replace(/\.$/, '')}` : `Task schema: ${name}`,
    content: {
      task: s.task,
      steps: s.steps.map((sig, i) => ({ order: i + 1, action: sig, example: s.example[i] })),
      successfulRuns: s.support,
      runsContainingSteps: s.seenIn,
      successRate: Math.round((s.support / s.seenIn) * 1000) / 1000,
      lastSeen: s.lastSeen.toISOString(),
    },
    markdown:
      `# ${s.task ? `How to ${s.task.replace(/\.$/, '')}` : 'Task schema'}\n\n` +
      `Seen in ${s.support} successful runs (of ${s.seenIn} containing these steps).\n\n` +
      s.steps.map((sig, i) => `${i + 1}. ${code(sig)} — e.g. ${s.example[i]}`).join('\n') +
      '\n',
    confidence: s.confidence,
    evidenceCount: s.support,
    sourceEvents: s.eventIds,
    sourceMemories: memoriesFor(s.eventIds, byEvent),
  };
}

/** "1 time", "3 times". */
const times = (n: number) => `${n} time${n === 1 ? '' : 's'}`;

/**
 * A playbook's fix: its steps; with none captured between the failure and the success, what the agent
 * said it did then (a fix made outside the trace), else a retry: it passed on its own (flaky).
 */
function fixLines(p: Playbook): string {
  if (p.fixSignatures.length > 0) return p.fixSignatures.map((s, i) => `${i + 1}. ${code(s)}`).join('\n');
  if (p.fixNotes.length > 0)
    return p.fixNotes
      .map(
        (n, i) => `${i + 1}. ${/^[^:\n]{1,40}:\s/.test(n) ? `As said then by ${n}` : `As the agent said then: ${n}`}`,
      )
      .join('\n');
  return '1. Retry: it passed on its own (flaky).';
}

function playbookArtifact(p: Playbook, byEvent: Map<string, string[]>): ArtifactDraft {
  return {
    type: 'failure_playbook',
    key: shortHash(p.errorSignature),
    namespace: p.namespace,
    subjectId: null,
    sessionId: null,
    title: `Fix: ${p.errorSignature.slice(0, 120)}`,
    content: {
      errorSignature: p.errorSignature,
      failingActions: p.failingActions,
      fix: p.fixSignatures,
      fixNotes: p.fixNotes,
      example: p.fixExample,
      alternatives: p.alternatives,
      occurrences: p.occurrences,
      resolved: p.resolved,
      lastSeen: p.lastSeen.toISOString(),
    },
    markdown:
      `# Failure playbook\n\nError: ${code(p.errorSignature)}\nSeen ${times(p.occurrences)} (in ${p.failingActions.map(code).join(', ')}), fixed ${times(p.resolved)}.\n\n` +
      `## Fix\n${fixLines(p)}\n\n` +
      `## Example\n${p.fixExample.map((l) => `- ${l}`).join('\n')}\n` +
      (p.alternatives.length > 0
        ? `\n## Other fixes seen\n${p.alternatives.map((a) => `- ${a.steps.map(code).join(' -> ') || 'retry'} (${a.count}x)`).join('\n')}\n`
        : ''),
    confidence: p.confidence,
    evidenceCount: p.resolved,
    sourceEvents: p.eventIds,
    sourceMemories: memoriesFor(p.eventIds, byEvent),
  };
}

function causalArtifact(c: CausalPattern, byEvent: Map<string, string[]>): ArtifactDraft {
  const pct = (x: number) => `${Math.round(x * 100)}%`;
  const sentence =
    c.scope === 'next'
      ? `After ${code(c.cause)}, ${code(c.effect)} ${c.result === 'success' ? 'succeeds' : 'fails'} ${pct(c.rate)} of the time (${c.n} runs; ${pct(c.baseRate)} otherwise).`
      : `Tasks that use ${code(c.cause)} ${c.result === 'success' ? 'succeed' : 'fail'} ${pct(c.rate)} of the time (${c.n} tasks; ${pct(c.baseRate)} overall).`;
  return {
    type: 'causal_pattern',
    key: shortHash(`${c.scope}|${c.cause}|${c.effect}`),
    namespace: c.namespace,
    subjectId: null,
    sessionId: null,
    title: `${c.cause} -> ${c.effect}: ${c.result}`,
    content: {
      cause: c.cause,
      effect: c.effect,
      scope: c.scope,
      result: c.result,
      rate: c.rate,
      baseRate: c.baseRate,
      observations: c.n,
      lastSeen: c.lastSeen.toISOString(),
      statement: sentence,
    },
    markdown: `# Causal pattern\n\n${sentence}\n`,
    confidence: c.confidence,
    evidenceCount: c.n,
    sourceEvents: c.eventIds,
    sourceMemories: memoriesFor(c.eventIds, byEvent),
  };
}

function decisionArtifact(d: DecisionPolicy, byEvent: Map<string, string[]>): ArtifactDraft {
  const sentence = `When ${d.context}, choose ${code(d.choice)} (chosen ${d.count} of ${d.total} times${d.successRate === null ? '' : `, ${Math.round(d.successRate * 100)}% of those tasks succeeded`}).`;
  return {
    type: 'decision_policy',
    key: shortHash(d.context),
    namespace: d.namespace,
    subjectId: null,
    sessionId: null,
    title: `When ${d.context.slice(0, 120)}`,
    content: {
      context: d.context,
      choice: d.choice,
      count: d.count,
      total: d.total,
      successRate: d.successRate,
      alternatives: d.alternatives,
      lastSeen: d.lastSeen.toISOString(),
      statement: sentence,
    },
    markdown: `# Decision policy\n\n${sentence}\n${d.alternatives.length > 0 ? `\nAlternatives: ${d.alternatives.map((a) => `${code(a.choice)} (${a.count}x)`).join(', ')}.\n` : ''}`,
    confidence: d.confidence,
    evidenceCount: d.count,
    sourceEvents: d.eventIds,
    sourceMemories: memoriesFor(d.eventIds, byEvent),
  };
}

export function buildProceduralArtifacts(
  events: CompilerEvent[],
  memories: StoredMemory[],
  wanted: (t: ArtifactType) => boolean,
  minStrength: number,
  now: Date,
): ArtifactDraft[] {
  const traceEvents = events.filter((e) => TRACE_TYPES.has(e.type) || e.type === 'message');
  if (!traceEvents.some((e) => TRACE_TYPES.has(e.type))) {
    // Explicit decisions may still come on plain events.
    if (!wanted('decision_policy')) return [];
  }
  const byEvent = new Map<string, string[]>();
  for (const m of memories)
    if (m.kind === 'procedure')
      for (const id of m.sourceEventIds) {
        const list = byEvent.get(id);
        if (list) list.push(m.id);
        else byEvent.set(id, [m.id]);
      }
  const episodes = buildEpisodes(traceEvents);
  const out: ArtifactDraft[] = [];
  if (wanted('task_schema')) for (const s of mineTaskSchemas(episodes, now)) out.push(schemaArtifact(s, byEvent));
  if (wanted('failure_playbook')) for (const p of minePlaybooks(episodes, now)) out.push(playbookArtifact(p, byEvent));
  if (wanted('causal_pattern')) for (const c of mineCausalPatterns(episodes, now)) out.push(causalArtifact(c, byEvent));
  if (wanted('decision_policy'))
    for (const d of mineDecisionPolicies(episodes, events, now)) out.push(decisionArtifact(d, byEvent));
  return out.filter((a) => a.confidence >= minStrength);
}

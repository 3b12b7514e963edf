/** Which context section each memory kind, artifact type and raw event belongs to, and the priors of each kind. */
import type { SynthesizeSection } from '@hx-memory/contract';
import type { Source } from './scope.js';

const MEMORY_SECTION: Record<string, SynthesizeSection> = {
  fact: 'facts',
  preference: 'facts',
  entity: 'facts',
  instruction: 'instructions',
  episode: 'context',
  procedure: 'procedures',
};

const ARTIFACT_SECTION: Record<string, SynthesizeSection> = {
  profile: 'facts',
  session_summary: 'context',
  timeline: 'context',
  digest: 'context',
  task_schema: 'procedures',
  failure_playbook: 'failures',
  causal_pattern: 'causal',
  decision_policy: 'decisions',
};

export function sectionOf(source: Source, kind: string): SynthesizeSection {
  if (source === 'memory') return MEMORY_SECTION[kind] ?? 'facts';
  if (source === 'artifact') return ARTIFACT_SECTION[kind] ?? 'context';
  return 'context';
}

/** Multiplicative prior of a kind: what an agent most needs to obey or avoid ranks a little higher. */
const KIND_PRIOR: Record<string, number> = {
  instruction: 1.1,
  preference: 1.05,
  fact: 1,
  episode: 1,
  entity: 0.85,
  procedure: 1,
  failure_playbook: 1.05,
  task_schema: 1,
  causal_pattern: 1,
  decision_policy: 1,
  profile: 0.9,
  session_summary: 0.8,
  timeline: 0.8,
  digest: 0.7,
};

export function kindPrior(source: Source, kind: string): number {
  if (source === 'event') return 1;
  return KIND_PRIOR[kind] ?? 1;
}

/** Sections to read: all by default; asking for `facts` brings `instructions` along unless named apart. */
export function wantedSections(requested: readonly SynthesizeSection[] | undefined): Set<SynthesizeSection> {
  if (!requested || requested.length === 0)
    return new Set(['facts', 'instructions', 'procedures', 'failures', 'decisions', 'causal', 'context']);
  const set = new Set(requested);
  if (set.has('facts') && !requested.includes('instructions')) set.add('instructions');
  return set;
}

/** Order and titles of the sections in the prompt-ready context. */
export const SECTION_TITLES: Array<[SynthesizeSection, string]> = [
  ['facts', 'Facts and preferences'],
  ['instructions', 'Instructions'],
  ['procedures', 'Procedures'],
  ['failures', 'Failures to avoid'],
  ['decisions', 'Decisions'],
  ['causal', 'Causes and effects'],
  ['context', 'Recent episodes and context'],
];

/**
 * buildArtifacts: the compiler's second half. Semantic artifacts come from the stored memories,
 * procedural ones from the agent-trace events; options.artifactTypes and minPatternStrength decide
 * which are built. The reference time for recency is the newest input time, never the clock.
 */
import { buildProceduralArtifacts } from './procedural-artifacts.js';
import { buildDigests, buildProfiles, buildSessionSummaries, buildTimelines } from './semantic-artifacts.js';
import type { ArtifactDraft, ArtifactType, BuildArtifactsInput, CompilerEvent, StoredMemory } from './types.js';

export function buildArtifacts(input: BuildArtifactsInput): ArtifactDraft[] {
  const memories = input.memories.filter((m) => m.status === 'active');
  const wanted = (t: ArtifactType) =>
    !input.artifactTypes || input.artifactTypes.length === 0 || input.artifactTypes.includes(t);
  let now = 0;
  for (const e of input.events) now = Math.max(now, e.occurredAt.getTime());
  for (const m of memories) now = Math.max(now, m.lastSeenAt.getTime());
  const out: ArtifactDraft[] = [];
  if (wanted('profile')) out.push(...buildProfiles(memories));
  if (wanted('session_summary')) out.push(...buildSessionSummaries(input.events, memories));
  if (wanted('timeline')) out.push(...buildTimelines(memories));
  if (wanted('digest')) out.push(...buildDigests(memories, input.events, input.supersededEvents));
  out.push(...buildProceduralArtifacts(input.events, memories, wanted, input.minPatternStrength ?? 0, new Date(now)));
  return withAsOf(out, input.events, memories);
}

/**
 * Each artifact's `content.asOf`: when the latest event or fact it was built from happened. Context
 * packs date an artifact by it (a session summary by its session, a profile by its newest fact), not
 * by the day learn compiled it, which says nothing of the history it holds.
 */
function withAsOf(drafts: ArtifactDraft[], events: CompilerEvent[], memories: StoredMemory[]): ArtifactDraft[] {
  const eventAt = new Map(events.map((e) => [e.id, e.occurredAt.getTime()]));
  const memoryAt = new Map(memories.map((m) => [m.id, m.lastSeenAt.getTime()]));
  for (const draft of drafts) {
    let latest = Number.NEGATIVE_INFINITY;
    for (const id of draft.sourceEvents) latest = Math.max(latest, eventAt.get(id) ?? latest);
    for (const id of draft.sourceMemories) latest = Math.max(latest, memoryAt.get(id) ?? latest);
    if (Number.isFinite(latest)) draft.content = { ...draft.content, asOf: new Date(latest).toISOString() };
  }
  return drafts;
}

/**
 * buildArtifacts: the compiler's second half. Semantic artifacts come from the stored memories,
 * procedural ones from the agent-trace events; options.artifactTypes and minPatternStrength decide
 * which are built. The reference time for recency is the newest input time, never the clock.
 */
import { buildProceduralArtifacts } from './procedural-artifacts.js';
import { buildDigests, buildProfiles, buildSessionSummaries, buildTimelines } from './semantic-artifacts.js';
import type { ArtifactDraft, ArtifactType, BuildArtifactsInput } from './types.js';

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
  return out;
}

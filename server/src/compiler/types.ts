/**
 * The compiler interface: what `learn` hands a compiler and what it gets back. The deterministic
 * compiler implements it; an LLM compiler (any OpenAI-compatible endpoint) can implement it later
 * without touching the routes or the learn service. Compilers are pure: no database, no clock reads
 * beyond what the input carries.
 */

export type MemoryKind = 'fact' | 'preference' | 'instruction' | 'episode' | 'entity' | 'procedure';

export type ArtifactType =
  | 'profile'
  | 'session_summary'
  | 'timeline'
  | 'digest'
  | 'task_schema'
  | 'failure_playbook'
  | 'causal_pattern'
  | 'decision_policy';

/** A stored (redacted) event as the compiler sees it. */
export interface CompilerEvent {
  id: string;
  type: string;
  sessionId: string;
  namespace: string;
  subjectId: string | null;
  agentId: string | null;
  payload: Record<string, unknown>;
  metadata: Record<string, unknown>;
  /** Flattened searchable text of the payload. */
  text: string;
  occurredAt: Date;
}

/** A memory the compiler proposes; the learn service merges it with what is stored. */
export interface MemoryDraft {
  kind: MemoryKind;
  subjectId: string | null;
  sessionId: string | null;
  agentId: string | null;
  namespace: string;
  content: string;
  /** Normalised content: drafts and stored memories with the same key are near-duplicates (merged). */
  dedupeKey: string;
  /** subject + attribute (e.g. `user-1:location`): a newer value supersedes the older memory. */
  attributeKey: string | null;
  attributes: Record<string, unknown>;
  confidence: number;
  /** When the fact became true / the episode happened (relative dates already resolved). */
  validFrom: Date;
  occurredAt: Date | null;
  sourceEventIds: string[];
  /** How many statements of this run the draft stands for (near-duplicates merged inside the run); 1 when absent. */
  mentions?: number;
  /** When the latest of those statements was made (the draft's last-seen time); validFrom when absent. */
  lastSeenAt?: Date;
}

/** A memory as stored, given back to the compiler to build artifacts from. */
export interface StoredMemory extends MemoryDraft {
  id: string;
  mentions: number;
  status: 'active' | 'superseded' | 'archived' | 'deleted';
  validTo: Date | null;
  lastSeenAt: Date;
}

export interface ArtifactDraft {
  type: ArtifactType;
  /** Identity within the type (subject id, session id, error signature…); same key = new version. */
  key: string;
  namespace: string;
  subjectId: string | null;
  sessionId: string | null;
  title: string;
  content: Record<string, unknown>;
  markdown: string;
  confidence: number;
  evidenceCount: number;
  sourceEvents: string[];
  /** Ids of StoredMemory the artifact was built from. */
  sourceMemories: string[];
}

export interface BuildArtifactsInput {
  /** Active memories of every subject/namespace touched by this learn run. */
  memories: StoredMemory[];
  /** Events of the sessions touched by this run, plus the scope's agent-trace history for recurrence. */
  events: CompilerEvent[];
  /**
   * Of the entity memories' source events, those learned into a memory superseded since: learned,
   * though no active memory says what they said ("Lisbon" of "I live in Lisbon." after a move).
   */
  supersededEvents?: string[];
  /** Only these types (options.artifactTypes), when given. */
  artifactTypes?: ArtifactType[];
  /** options.minPatternStrength (0..1): procedural patterns below it are not emitted. */
  minPatternStrength?: number;
}

export interface MemoryCompiler {
  readonly name: string;
  /** Statements -> memory drafts (facts, preferences, instructions, episodes, entities, procedures). */
  extract(events: CompilerEvent[]): MemoryDraft[];
  /** Semantic and procedural artifacts from the current memories and events of the scope. */
  buildArtifacts(input: BuildArtifactsInput): ArtifactDraft[];
}

/**
 * The shapes learn moves between the database and the compiler: the scope a job writes in, stored
 * rows as the compiler reads them, and the small numeric rules merging and versioning share.
 */
import type { CompilerEvent, StoredMemory } from '../../../compiler/index.js';
import { and, eq, inArray, type SQL } from 'drizzle-orm';
import { memories } from '../../../db/schema/index.js';
import { ofEnvironment } from '../../../db/scoped-rows.js';
import { sha256 } from '../capture/normalize.js';

/** The tenant and environment a learn job reads and writes. */
export interface Scope {
  tenantId: string;
  environment: string;
}

/** A lineage edge to write (events -> memories -> artifacts, newer -> older memory). */
export interface Edge {
  from: string;
  to: string;
  type: string;
}

type MemoryRow = typeof memories.$inferSelect;

const PROCEDURAL = new Set(['task_schema', 'failure_playbook', 'causal_pattern', 'decision_policy']);
export const isProcedural = (type: string) => PROCEDURAL.has(type);

/** Dedupe key of a deleted memory's tombstone: the same draft never brings it back. */
export const tombstoneKey = (dedupeKey: string) => `deleted:${sha256(dedupeKey)}`;

export const union = (a: string[], b: string[]) => [...new Set([...a, ...b])];
export const round = (n: number) => Math.round(n * 1000) / 1000;
export const clamp01 = (n: number) => Math.min(0.99, Math.max(0.01, n));

/** Where a row built from a draft lives: the job's tenant and environment, the draft's namespace, subject, session. */
export const placeOf = (
  scope: Scope,
  d: { namespace: string; subjectId: string | null; sessionId: string | null },
) => ({
  tenantId: scope.tenantId,
  environment: scope.environment,
  namespace: d.namespace,
  subjectId: d.subjectId,
  sessionId: d.sessionId,
});

/** The active memories of these namespaces in the scope. */
export const activeMemoriesIn = (scope: Scope, namespaces: string[]): SQL =>
  and(ofEnvironment(memories, scope), eq(memories.status, 'active'), inArray(memories.namespace, namespaces)) as SQL;

/** The memory columns the compiler reads (StoredMemory). */
export type StoredMemoryRow = Pick<
  MemoryRow,
  | 'id'
  | 'kind'
  | 'subjectId'
  | 'sessionId'
  | 'agentId'
  | 'namespace'
  | 'content'
  | 'dedupeKey'
  | 'attributeKey'
  | 'attributes'
  | 'confidence'
  | 'validFrom'
  | 'occurredAt'
  | 'sourceEventIds'
  | 'mentions'
  | 'status'
  | 'validTo'
  | 'lastSeenAt'
>;

export function toStoredMemory(r: StoredMemoryRow): StoredMemory {
  return {
    ...r,
    kind: r.kind as StoredMemory['kind'],
    status: r.status as StoredMemory['status'],
  };
}

/** Keeps only the compiler's fields of a row that may carry more columns. */
export function toCompilerEvent(r: CompilerEvent): CompilerEvent {
  return {
    id: r.id,
    type: r.type,
    sessionId: r.sessionId,
    namespace: r.namespace,
    subjectId: r.subjectId,
    agentId: r.agentId,
    payload: r.payload,
    metadata: r.metadata,
    text: r.text,
    occurredAt: r.occurredAt,
  };
}

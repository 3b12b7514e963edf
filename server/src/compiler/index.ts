/**
 * The compiler `learn` uses. (Placeholder until the deterministic compiler lands: every message
 * becomes one fact memory and no artifacts are built.)
 */
import { createHash } from 'node:crypto';
import type { MemoryCompiler } from './types.js';

export * from './types.js';

export function createCompiler(): MemoryCompiler {
  return {
    name: 'placeholder',
    extract(events) {
      return events
        .filter((e) => e.type === 'message' && e.text.trim() !== '')
        .map((e) => ({
          kind: 'fact' as const,
          subjectId: e.subjectId,
          sessionId: e.sessionId,
          agentId: e.agentId,
          namespace: e.namespace,
          content: e.text,
          dedupeKey: createHash('sha256').update(e.text.toLowerCase().trim()).digest('hex').slice(0, 32),
          attributeKey: null,
          attributes: {},
          confidence: 0.5,
          validFrom: e.occurredAt,
          occurredAt: e.occurredAt,
          sourceEventIds: [e.id],
        }));
    },
    buildArtifacts() {
      return [];
    },
  };
}

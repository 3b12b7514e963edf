/**
 * The compiler `learn` uses: the deterministic one (no model), pure and repeatable — the same
 * events always give the same drafts and artifacts. `createCompiler()` is the only entry point the
 * learn service needs; an LLM compiler can later be returned from here behind the same interface.
 */
import { buildArtifacts } from './artifacts.js';
import { extractFromStatement } from './extract-semantic.js';
import { mergeDrafts } from './merge-drafts.js';
import { extractProcedures } from './procedural.js';
import { segment } from './segment.js';
import { collectKnownNames, type EntityType } from './spot-entities.js';
import type { CompilerEvent, MemoryCompiler, MemoryDraft } from './types.js';

export { sameHead, sameThing } from './normalise.js';
export * from './types.js';

/** Statements -> merged memory drafts, semantic and procedural. */
export function extractMemories(events: CompilerEvent[]): MemoryDraft[] {
  const ordered = [...events].sort((a, b) => a.occurredAt.getTime() - b.occurredAt.getTime());
  const statements = segment(ordered);
  const knownNames = new Map<string, EntityType>();
  for (const s of statements) if (s.speaker && /^\p{Lu}/u.test(s.speaker)) knownNames.set(s.speaker, 'person');
  collectKnownNames(
    statements.map((s) => (s.text.length > 5000 ? s.text.slice(0, 5000) : s.text)),
    knownNames,
  );
  const drafts: MemoryDraft[] = [];
  const ctx = { knownNames };
  for (const s of statements) for (const d of extractFromStatement(s, ctx)) drafts.push(d);
  for (const d of extractProcedures(ordered)) drafts.push(d);
  return mergeDrafts(drafts);
}

export function createCompiler(): MemoryCompiler {
  return {
    name: 'deterministic',
    extract: extractMemories,
    buildArtifacts,
  };
}

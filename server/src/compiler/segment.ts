/**
 * Segmentation: turns conversational events (messages, documents, observations, feedback) into
 * statements, one per sentence, each keeping who said it, whom it is about and when. Sentence
 * boundaries are a punctuation rule with an abbreviation guard (see docs/decisions/compiler.md for
 * why not ICU, wink-nlp or compromise: measured slower, and ICU also breaks after "Dr.").
 */
import type { CompilerEvent } from './types.js';

export type Role = 'user' | 'assistant' | 'system' | 'tool' | 'other';

export interface Statement {
  eventId: string;
  eventType: string;
  sessionId: string;
  namespace: string;
  /** The event's subjectId (the end user the event is about), as captured. */
  subjectId: string | null;
  agentId: string | null;
  role: Role;
  /** A speaker name when one was given (metadata.speaker, payload.speaker/name), else null. */
  speaker: string | null;
  /** Whom first-person sentences are about: speaker name, else subjectId, else the role. */
  subject: string;
  text: string;
  /** Position of the sentence inside its event. */
  index: number;
  occurredAt: Date;
  isQuestion: boolean;
}

/** Event types whose payload is prose to read for semantic memories. */
export const CONVERSATIONAL_TYPES = new Set(['message', 'document', 'observation', 'feedback']);

/** A sentence ends at . ! ? or … (closing quotes/brackets kept) before a space and a capital, digit or quote. */
const BOUNDARY = /([.!?…]+["'’”)\]]*)\s+(?=["'‘“([]?[A-Z0-9\u00C0-\u00DE])/g;

/** A dot after a title, an initial or one of these abbreviations does not end a sentence ("Inc." does). */
const ABBREVIATION = /(?:^|[\s(])(?:mr|mrs|ms|dr|prof|sr|jr|st|mt|vs|no|fig|approx|e\.g|i\.e|a\.m|p\.m|u\.s|[a-z])\.$/i;

/** Split prose into sentences (newlines always break). */
export function splitSentences(text: string): string[] {
  const out: string[] = [];
  for (const block of text.split(/\n+/)) {
    const trimmed = block.trim();
    if (trimmed === '') continue;
    let start = 0;
    BOUNDARY.lastIndex = 0;
    for (let m = BOUNDARY.exec(trimmed); m !== null; m = BOUNDARY.exec(trimmed)) {
      const end = m.index + m[1].length;
      if (m[1] === '.' && ABBREVIATION.test(trimmed.slice(Math.max(start, end - 8), end))) continue;
      out.push(trimmed.slice(start, end));
      start = m.index + m[0].length;
    }
    if (start < trimmed.length) out.push(trimmed.slice(start));
  }
  return out;
}

function stringField(obj: Record<string, unknown>, ...keys: string[]): string | null {
  for (const k of keys) {
    const v = obj[k];
    if (typeof v === 'string' && v.trim() !== '') return v.trim();
  }
  return null;
}

/** Text of a message content that may be a string or a list of parts ({type:'text', text}). */
function contentText(content: unknown): string | null {
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) {
    const parts = content
      .map((p) => (typeof p === 'string' ? p : p && typeof p === 'object' ? (p as { text?: unknown }).text : null))
      .filter((p): p is string => typeof p === 'string');
    return parts.length > 0 ? parts.join('\n') : null;
  }
  return null;
}

/** The role names read as the assistant's (an agent, a model): one list for learn and for retrieval. */
export const ASSISTANT_ROLES = ['assistant', 'ai', 'agent', 'bot', 'model'] as const;

export function roleOf(event: CompilerEvent): Role {
  const raw = stringField(event.payload, 'role') ?? stringField(event.metadata, 'role');
  if (raw === null) return 'user';
  const r = raw.toLowerCase();
  if (r === 'user' || r === 'human' || r === 'customer') return 'user';
  if ((ASSISTANT_ROLES as readonly string[]).includes(r)) return 'assistant';
  if (r === 'system' || r === 'developer') return 'system';
  if (r === 'tool' || r === 'function') return 'tool';
  return 'other';
}

/** The prose of a conversational event, or null when it has none. */
export function proseOf(event: CompilerEvent): string | null {
  const p = event.payload;
  const text =
    contentText(p.content) ??
    stringField(p, 'text', 'message', 'comment', 'body', 'summary', 'note') ??
    (event.text.trim() !== '' ? event.text : null);
  return text;
}

/** Statements of one event (empty for agent-trace events). */
export function segmentEvent(event: CompilerEvent): Statement[] {
  if (!CONVERSATIONAL_TYPES.has(event.type)) return [];
  const prose = proseOf(event);
  if (prose === null) return [];
  const role = roleOf(event);
  const speaker =
    stringField(event.metadata, 'speaker', 'speakerName', 'author') ?? stringField(event.payload, 'speaker', 'name');
  const subject = speaker ?? event.subjectId ?? role;
  const sentences = splitSentences(prose);
  return sentences.map((text, index) => ({
    eventId: event.id,
    eventType: event.type,
    sessionId: event.sessionId,
    namespace: event.namespace,
    subjectId: event.subjectId,
    agentId: event.agentId,
    role,
    speaker,
    subject,
    text,
    index,
    occurredAt: event.occurredAt,
    isQuestion: /\?["')\]]*$/.test(text),
  }));
}

export function segment(events: CompilerEvent[]): Statement[] {
  const out: Statement[] = [];
  for (const e of events) for (const s of segmentEvent(e)) out.push(s);
  return out;
}

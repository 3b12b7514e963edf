/**
 * A scripted conversation as capture events: one `message` event per turn, a minute apart from
 * 2023-05-01 10:00 UTC, the speaker in metadata (as agents record chat turns); and the event ids a
 * synthesize result cites. For retrieval tests.
 */
import type { CaptureEvent } from '@hx-memory/contract';

export type SpokenTurn = [speaker: string, text: string];

export function conversationEvents(
  turns: SpokenTurn[],
  options: { namespace: string; session: string | ((index: number) => string) },
): CaptureEvent[] {
  const { namespace, session } = options;
  return turns.map(([speaker, text], i) => ({
    type: 'message',
    sessionId: typeof session === 'string' ? session : session(i),
    namespace,
    occurredAt: new Date(Date.UTC(2023, 4, 1, 10, i)).toISOString(),
    payload: { role: 'user', content: text },
    metadata: { speaker },
  }));
}

/** A turn of a dated conversation: its text, when, its session and (default user) role. */
export type DatedTurn = [content: string, occurredAt: string, sessionId: string, role?: 'user' | 'assistant'];

/** One subject's dated turns as capture events (one batch): an agent's day of turns, learned after. */
export function datedTurnEvents(subjectId: string, turns: DatedTurn[]): CaptureEvent[] {
  return turns.map(([content, occurredAt, sessionId, role = 'user']) => ({
    type: 'message',
    sessionId,
    subjectId,
    occurredAt,
    payload: { role, content },
  }));
}

/** The event ids a synthesize result cites, in entry order (what recall is measured on). */
export function citedEventIds(
  entries: Array<{ provenance: Array<{ sourceType: string; sourceId: string }> }>,
): string[] {
  return entries
    .flatMap((e) => e.provenance)
    .filter((p) => p.sourceType === 'event')
    .map((p) => p.sourceId);
}

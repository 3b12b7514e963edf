/** remember: capture one event or a batch (POST /v1/capture, /v1/capture/batch) with the caller's key. */
import { type CaptureEvent, type CaptureResult, EventTypeSchema, Metadata } from '@hx-memory/contract';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { runTool, ToolInputError } from '../tool-call.js';
import type { McpDeps } from './deps.js';
import { namespaceField, occurredAtField, sessionField, subjectField } from './fields.js';

const MAX_EVENTS = 100;

const textField = z
  .string()
  .min(1)
  .max(100_000)
  .describe('What to remember, in plain words (stored as a message event whose content is this text)');
const payloadField = z
  .record(z.unknown())
  .describe(
    'A structured event instead of text, by type: message {role, content}; tool_call {tool, input}; tool_result {tool, output, error}; command_exec {command, exitCode, stdout, stderr}; file_edit {path, summary, diff}; test_run {command, passed, failed, output}; other keys are kept',
  );
const typeField = EventTypeSchema.optional().describe(
  'Event type (default message): message, tool_call, tool_result, command_exec, file_edit, test_run, observation, outcome, feedback, document, ...',
);
const roleField = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .optional()
  .describe('Who said the text (user, assistant, or a speaker name); default user');

const EventInput = z.object({
  text: textField.optional(),
  payload: payloadField.optional(),
  type: typeField,
  role: roleField,
  occurredAt: occurredAtField,
  sessionId: sessionField,
  subjectId: subjectField,
});
type EventInput = z.infer<typeof EventInput>;

export const rememberInput = {
  text: textField.optional(),
  payload: payloadField.optional(),
  events: z
    .array(EventInput)
    .min(1)
    .max(MAX_EVENTS)
    .optional()
    .describe(
      `Several events at once (up to ${MAX_EVENTS}), stored all or none; each takes text or payload and inherits the fields below unless it sets its own`,
    ),
  type: typeField,
  role: roleField,
  sessionId: sessionField.describe(
    'Conversation or agent run the events belong to; default mcp-<UTC date>, one session per day',
  ),
  subjectId: subjectField,
  namespace: namespaceField,
  occurredAt: occurredAtField,
  metadata: Metadata.optional().describe('Free-form JSON object kept with each event (e.g. {"source": "chat"})'),
};

type Shared = Omit<EventInput, 'text' | 'payload'> & {
  namespace?: string;
  metadata?: Record<string, unknown>;
};

/** One capture event from text or a payload, the event's own fields winning over the shared ones. */
function toEvent(event: EventInput, shared: Shared, field: string): CaptureEvent {
  if ((event.text === undefined) === (event.payload === undefined)) {
    throw new ToolInputError(field, 'give exactly one of text or payload');
  }
  const type = event.type ?? shared.type ?? 'message';
  const role = event.role ?? shared.role ?? 'user';
  let payload = event.payload;
  if (event.text !== undefined) {
    payload = type === 'message' ? { role, content: event.text } : { text: event.text };
  }
  return {
    type,
    payload: payload ?? {},
    sessionId: event.sessionId ?? shared.sessionId ?? `mcp-${new Date().toISOString().slice(0, 10)}`,
    subjectId: event.subjectId ?? shared.subjectId,
    occurredAt: event.occurredAt ?? shared.occurredAt,
    namespace: shared.namespace,
    metadata: shared.metadata,
  };
}

function describe(events: CaptureEvent[], results: CaptureResult[]): string {
  const ingested = results.filter((r) => r.status === 'ingested').length;
  const lines = results.map((r, i) => `- ${r.eventId} (${r.status}; session ${events[i]?.sessionId})`);
  return [
    `Remembered ${ingested} of ${results.length} event(s); ${results.length - ingested} duplicate(s) of recent events were not stored again.`,
    ...lines,
    'recall finds them now; run learn to compile them into memories, profiles and summaries.',
  ].join('\n');
}

export function registerRemember(server: McpServer, { hx, limits }: McpDeps): void {
  server.registerTool(
    'remember',
    {
      title: 'Remember',
      description:
        'Stores something worth remembering in Hx memory: a fact, preference, instruction or decision stated in conversation, or an agent event (tool call, command, test run, file edit). Give `text` (or `payload`) for one event, or `events` for several. Secrets in the input are moved to the vault, never stored in memory. Set subjectId to the person it is about so recall and forget can find it.',
      inputSchema: rememberInput,
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
    },
    (input, extra) =>
      runTool(limits, extra.signal, async ({ signal }) => {
        const { events, text, payload, ...shared } = input;
        if (events && (text !== undefined || payload !== undefined)) {
          throw new ToolInputError('events', 'give either events or a single text/payload, not both');
        }
        if (!events) {
          const event = toEvent({ text, payload, ...shared }, shared, 'text');
          const result = await hx.capture.capture(event, { signal });
          return describe([event], [result]);
        }
        const batch = events.map((e, i) => toEvent(e, shared, `events[${i}]`));
        const { results } = await hx.capture.captureBatch({ events: batch }, { signal });
        return describe(batch, results);
      }),
  );
}

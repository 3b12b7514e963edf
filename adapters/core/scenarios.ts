/**
 * The scenarios every adapter's suite runs, with what they must show whatever the framework: the
 * suites drive their framework, these hold the data and the framework-independent assertions.
 * Test support only (never bundled); imported as `* as scenario`.
 */
import { expect } from 'vitest';
import { closedPort } from './testing.js';

/** The tool loop: a traveller states a preference and asks for a booking; one tool succeeds (in about 30 ms), one throws. */
export const TRIP = {
  prompt: 'I am flying to Iceland next month; my seat preference is the aisle. Book it.',
  reply: 'Booked FI-614; the card was declined.',
  subjectId: 'traveller-1',
  sessionId: 'trip-1',
  /** The next session's question, whose injected block must hold the preference. */
  question: 'Which seat do I prefer?',
  declined: 'card declined: insufficient funds',
  tools: { ok: 'book_flight', failed: 'charge_card' },
  async bookFlight(to: string): Promise<string> {
    await new Promise((resolve) => setTimeout(resolve, 30));
    return `confirmation FI-614 to ${to}`;
  },
  chargeCard(): never {
    throw new Error(TRIP.declined);
  },
} as const;

type Captured = Record<string, unknown> & { type?: unknown; payload?: unknown };
const payloadOf = (events: Captured[], type: string, tool: string) =>
  events.find((e) => e.type === type && (e.payload as { tool?: string }).tool === tool)?.payload;

/**
 * What the trip's turn captured: every event in the trip's scope; two tool calls and two results
 * (in the order the framework ran them), the good one with its output and duration, the failed one
 * with `error` (what the framework hands over) and no output; the user's message first and the
 * answer last among the messages (a framework may also capture text the model sent with its tool
 * calls: LangChain's fake model echoes its input there).
 */
export function expectTripCaptured(events: Captured[], failedError: RegExp) {
  expect(events.every((e) => e.subjectId === TRIP.subjectId && e.sessionId === TRIP.sessionId)).toBe(true);
  expect(
    events
      .filter((e) => e.type !== 'message')
      .map((e) => e.type)
      .sort(),
  ).toEqual(['tool_call', 'tool_call', 'tool_result', 'tool_result']);
  const messages = events.filter((e) => e.type === 'message').map((e) => e.payload);
  expect(messages[0]).toMatchObject({ role: 'user', content: expect.stringContaining('aisle') });
  expect(messages.at(-1)).toMatchObject({ role: 'assistant', content: expect.stringContaining('FI-614') });
  expect(payloadOf(events, 'tool_call', TRIP.tools.ok)).toMatchObject({
    toolCallId: 'call-1',
    input: { to: 'Reykjavik' },
  });
  const ok = payloadOf(events, 'tool_result', TRIP.tools.ok) as { durationMs?: number } | undefined;
  expect(ok).toMatchObject({ output: expect.stringContaining('FI-614') });
  expect(ok?.durationMs).toBeGreaterThanOrEqual(25);
  const failed = payloadOf(events, 'tool_result', TRIP.tools.failed);
  expect(failed).toMatchObject({ error: expect.stringMatching(failedError) });
  expect(failed).not.toHaveProperty('output');
}

/** How long the recording client holds each capture back in the "reply before capture" scenario. */
export const HOLD_MS = 800;

/** The reply returns before its captures are sent (they are held HOLD_MS); flush() waits for both. */
export async function expectReplyBeforeCapture(
  memory: { stats: { sent: number }; flush: () => Promise<unknown> },
  run: () => Promise<unknown>,
) {
  const started = Date.now();
  await run();
  expect(Date.now() - started).toBeLessThan(HOLD_MS);
  expect(memory.stats.sent).toBe(0);
  await memory.flush();
  expect(Date.now() - started).toBeGreaterThanOrEqual(HOLD_MS);
  expect(memory.stats).toMatchObject({ sent: 2, failed: 0, pending: 0 });
}

/** Options of a memory whose server is a closed port: failing open with every error collected, or failing closed. */
export async function unreachable<E>(errors: E[] = []) {
  const baseUrl = `http://127.0.0.1:${await closedPort()}`;
  return {
    open: { baseUrl, apiKey: 'hx_test_x', onError: (e: E) => errors.push(e), capture: { retries: 0 } },
    closed: { baseUrl, apiKey: 'hx_test_x', failMode: 'closed' as const, capture: false as const },
    errors,
  };
}

/** The memory tools' scenario: u-lisbon remembers a seat preference, finds it, and only u-lisbon may forget it. */
export const SEATS = {
  fact: 'I prefer window seats on trains.',
  question: 'Which seats do I prefer on trains?',
};

/** The id of the memory holding the remembered seat preference among a search's results (ids of its own scope only). */
export function seatMemoryId(results: Array<{ id: string; content: string }>): string {
  const contents = results.map((r) => r.content).join(' ');
  expect(contents).toMatch(/window seats/);
  expect(contents).not.toMatch(/Oslo/);
  const id = results.find((r) => r.id.startsWith('mem_') && /window/.test(r.content))?.id;
  expect(id).toBeDefined();
  return id as string;
}

/** Failing closed: the call rejects with the read's failure and the model was never called. */
export async function expectFailedClosed(run: Promise<unknown>, modelCalls: () => number) {
  await expect(run).rejects.toThrow(/Hx memory synthesize failed/);
  expect(modelCalls()).toBe(0);
}

/** The cancelled stream's question. */
export const STORY = 'Tell me a story';

/**
 * After a cancelled stream where the framework hands over complete answers only (LangChain, the
 * Agents SDK): flush() settles and the user's question is the last capture, no partial answer.
 */
export async function expectQuestionOnlyCaptured(
  memory: { flush: () => Promise<unknown> },
  captured: () => Array<{ payload?: unknown }>,
) {
  await memory.flush();
  expect(captured().at(-1)?.payload).toEqual({ role: 'user', content: STORY });
}

/** The block injected for u-lisbon (seedTwoSubjects): its memory, the ids of its sources last, nothing of u-oslo's. */
export function expectLisbonBlock(block: string | null) {
  expect(block).toMatch(/Lisbon/);
  expect(block).toMatch(/peanut/i);
  expect(block).not.toMatch(/Oslo/);
  expect(block).toMatch(/\nsources: (?:(?:mem|art|evt)_[0-9A-Z]{26} ?)+\n<\/hx-memory>$/);
}

/** The block injected for u-oslo: its memory, nothing of u-lisbon's. */
export function expectOsloBlock(block: string | null) {
  expect(block).toMatch(/Oslo/);
  expect(block).not.toMatch(/Lisbon|peanut/i);
}

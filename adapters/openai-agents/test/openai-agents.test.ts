/**
 * @hx-memory/openai-agents against a real Hx server on loopback, with a scripted implementation of
 * the Agents SDK's `Model` interface (the SDK's own Runner, Agent, tools and MemorySession around
 * it). Tracing is off: no network.
 */
import {
  Agent,
  type Model,
  type ModelRequest,
  type ModelResponse,
  Runner,
  Usage,
  setTracingDisabled,
  tool,
} from '@openai/agents';
import { describe, expect, it } from 'vitest';
import * as scenario from '../../core/scenarios.js';
import { tenantClient, useTestServer } from '../../core/testing.js';
import { type HxMemoryError, hxMemory } from '../src/index.js';

setTracingDisabled(true);

type Out = ModelResponse['output'][number];
const say = (text: string): Out =>
  ({ type: 'message', role: 'assistant', status: 'completed', content: [{ type: 'output_text', text }] }) as Out;
const call = (callId: string, name: string, args: unknown): Out =>
  ({ type: 'function_call', callId, name, arguments: JSON.stringify(args), status: 'completed' }) as Out;

/** A Model answering from a script, one entry per model call, recording each request. */
class ScriptedModel implements Model {
  readonly requests: ModelRequest[] = [];
  constructor(
    private readonly script: Out[][],
    private readonly delayMs = 0,
  ) {}
  async getResponse(request: ModelRequest): Promise<ModelResponse> {
    this.requests.push(request);
    const output = this.script[this.requests.length - 1] ?? [say('(script ended)')];
    return { usage: new Usage(), output };
  }
  async *getStreamedResponse(request: ModelRequest) {
    this.requests.push(request);
    const output = this.script[this.requests.length - 1] ?? [say('(script ended)')];
    yield { type: 'response_started' as const };
    for (const item of output) {
      const parts = (item as { content?: Array<{ text: string }> }).content ?? [];
      for (const part of parts) {
        for (const word of part.text.split(/(?<= )/)) {
          if (this.delayMs) await new Promise((r) => setTimeout(r, this.delayMs));
          if (request.signal?.aborted) throw request.signal.reason ?? new Error('aborted');
          yield { type: 'output_text_delta' as const, delta: word };
        }
      }
    }
    yield {
      type: 'response_done' as const,
      response: {
        id: `resp_${this.requests.length}`,
        usage: { inputTokens: 1, outputTokens: 1, totalTokens: 2 },
        output,
      },
    } as never;
  }
}

const inputText = (request: ModelRequest) =>
  (typeof request.input === 'string' ? request.input : JSON.stringify(request.input)).replace(/\\n/g, '\n');
const blockIn = (request: ModelRequest | undefined) =>
  request ? (/<hx-memory[\s\S]*?<\/hx-memory>/.exec(inputText(request))?.[0] ?? null) : null;

const server = useTestServer();

describe('@hx-memory/openai-agents', () => {
  it('callModelInputFilter injects the memory of the run context only, before the latest user message', async () => {
    const rec = await tenantClient(server, 'oa-inject', { seed: true });
    const memory = hxMemory({ client: rec.client, maxTokens: 400, capture: false });
    const model = new ScriptedModel([[say('You live in Lisbon.')], [say('Oslo.')]]);
    const agent = new Agent({ name: 'assistant', instructions: 'You are terse.', model });
    const runner = new Runner({ callModelInputFilter: memory.inputFilter });

    const result = await runner.run(agent, 'Where do I live and what am I allergic to?', {
      context: { userId: 'u-lisbon' },
    });
    expect(result.finalOutput).toBe('You live in Lisbon.');
    const first = model.requests[0] as ModelRequest;
    expect(first.systemInstructions).toBe('You are terse.');
    const items = first.input as Array<{ role: string; content: unknown }>;
    expect(items.map((i) => i.role)).toEqual(['user', 'user']);
    const block = blockIn(first);
    scenario.expectLisbonBlock(block);

    await runner.run(agent, 'Where do I live?', { context: { hx: { subjectId: 'u-oslo' } } });
    const other = blockIn(model.requests[1]);
    scenario.expectOsloBlock(other);
  }, 60_000);

  it('one synthesize per turn across the tool loop; the session captures messages, the hooks tool calls; learn; a new session sees it', async () => {
    const rec = await tenantClient(server, 'oa-loop');
    const memory = hxMemory({ client: rec.client, maxTokens: 600 });
    const synthesizedBefore: number[] = [];
    const model = new ScriptedModel([
      [
        call('call-1', scenario.TRIP.tools.ok, { to: 'Reykjavik' }),
        call('call-2', scenario.TRIP.tools.failed, { amount: 420 }),
      ],
      [say(scenario.TRIP.reply)],
    ]);
    const original = model.getResponse.bind(model);
    model.getResponse = async (request) => {
      synthesizedBefore.push(rec.count('/v1/synthesize'));
      return original(request);
    };
    const bookFlight = tool({
      name: scenario.TRIP.tools.ok,
      description: 'Book a flight',
      parameters: {
        type: 'object',
        properties: { to: { type: 'string' } },
        required: ['to'],
        additionalProperties: false,
      },
      strict: true,
      execute: async (input) => scenario.TRIP.bookFlight((input as { to: string }).to),
    });
    const chargeCard = tool({
      name: scenario.TRIP.tools.failed,
      description: 'Charge the card',
      parameters: {
        type: 'object',
        properties: { amount: { type: 'number' } },
        required: ['amount'],
        additionalProperties: false,
      },
      strict: true,
      execute: async () => scenario.TRIP.chargeCard(),
    });
    const agent = new Agent({ name: 'travel', instructions: 'Book trips.', model, tools: [bookFlight, chargeCard] });
    const runner = new Runner();
    memory.attach(runner);
    const session = memory.session(scenario.TRIP.sessionId);
    const result = await runner.run(agent, scenario.TRIP.prompt, {
      session,
      context: { hx: { subjectId: scenario.TRIP.subjectId } },
      callModelInputFilter: memory.inputFilter,
    });
    expect(result.finalOutput).toContain('FI-614');
    expect(model.requests).toHaveLength(2);
    expect(synthesizedBefore[0]).toBeGreaterThanOrEqual(1);
    expect(synthesizedBefore[1]).toBe(synthesizedBefore[0]);
    expect(blockIn(model.requests[0])).toBe(blockIn(model.requests[1]));
    // The session keeps the conversation (without the block).
    const kept = await session.getItems();
    expect(JSON.stringify(kept)).toContain('aisle');
    expect(JSON.stringify(kept)).not.toContain('<hx-memory');

    await memory.flush();
    // The SDK hands the model (and the hook) its default error text, not the exception's message.
    const events = rec.captured();
    scenario.expectTripCaptured(events, /^An error occurred while running the tool/);
    expect(events.filter((e) => e.type === 'message')).toHaveLength(2);
    expect(rec.count('/v1/learn')).toBe(1);

    const next = new ScriptedModel([[say('Aisle.')]]);
    await runner.run(new Agent({ name: 'travel', model: next }), scenario.TRIP.question, {
      session: memory.session('trip-2'),
      context: { userId: scenario.TRIP.subjectId },
      callModelInputFilter: memory.inputFilter,
    });
    expect(blockIn(next.requests[0])).toMatch(/aisle/i);
    await memory.flush();
  }, 90_000);

  it('streams: the streamed answer is captured; a cancelled stream captures the user message only and flush() settles', async () => {
    const rec = await tenantClient(server, 'oa-stream');
    const memory = hxMemory({ client: rec.client, learn: 'manual' });
    const runner = new Runner({ callModelInputFilter: memory.inputFilter });
    const model = new ScriptedModel([[say('The capital is Paris.')]], 5);
    const streamed = await runner.run(new Agent({ name: 'a', model }), 'What is the capital of France?', {
      stream: true,
      session: memory.session('st-1'),
      context: { userId: 's1' },
    });
    let text = '';
    for await (const delta of streamed.toTextStream()) text += delta;
    await streamed.completed;
    expect(text).toBe('The capital is Paris.');
    await memory.flush();
    expect(rec.captured().map((e) => e.payload)).toEqual([
      { role: 'user', content: 'What is the capital of France?' },
      { role: 'assistant', content: 'The capital is Paris.' },
    ]);

    const slow = new ScriptedModel([[say('Once upon a time there was a dragon who lived far away.')]], 60);
    const controller = new AbortController();
    const cut = await runner.run(new Agent({ name: 'a', model: slow }), scenario.STORY, {
      stream: true,
      signal: controller.signal,
      session: memory.session('st-2'),
      context: { userId: 's1' },
    });
    let partial = '';
    try {
      for await (const delta of cut.toTextStream()) {
        partial += delta;
        if (partial.includes('upon')) controller.abort();
      }
      await cut.completed;
    } catch {
      // The abort ends the stream with an error or quietly, as the SDK chooses.
    }
    expect(partial).toMatch(/^Once upon/);
    await scenario.expectQuestionOnlyCaptured(memory, rec.captured);
  }, 60_000);

  it('fails open on a closed port (onError; the run answers) and fails closed when asked', async () => {
    const { open, closed: closedOptions, errors } = await scenario.unreachable<HxMemoryError>();
    const memory = hxMemory(open);
    const model = new ScriptedModel([[say('Still here.')]]);
    const runner = new Runner({ callModelInputFilter: memory.inputFilter });
    const result = await runner.run(new Agent({ name: 'a', model }), 'Hello?', {
      session: memory.session('f-1'),
      context: { userId: 'u' },
    });
    expect(result.finalOutput).toBe('Still here.');
    expect(blockIn(model.requests[0])).toBeNull();
    expect(errors[0]?.operation).toBe('synthesize');
    expect((await memory.flush()).failed).toBeGreaterThan(0);

    const closed = hxMemory(closedOptions);
    const never = new ScriptedModel([[say('never')]]);
    await scenario.expectFailedClosed(
      new Runner({ callModelInputFilter: closed.inputFilter }).run(new Agent({ name: 'a', model: never }), 'Hello?'),
      () => never.requests.length,
    );
  }, 30_000);

  it('answers before capture completes; flush() waits for it', async () => {
    const rec = await tenantClient(server, 'oa-async', { holdCaptures: scenario.HOLD_MS });
    const memory = hxMemory({ client: rec.client, learn: 'manual' });
    await scenario.expectReplyBeforeCapture(memory, () =>
      new Runner().run(
        new Agent({ name: 'a', model: new ScriptedModel([[say('Noted.')]]) }),
        'My locker code is 4711.',
        {
          session: memory.session('a-1'),
          context: { userId: 'u' },
        },
      ),
    );
  }, 30_000);

  it('tools: remember, search and forget in the run context scope, through the Runner', async () => {
    const rec = await tenantClient(server, 'oa-tools', { seed: true });
    const memory = hxMemory({ client: rec.client, capture: false });
    const model = new ScriptedModel([
      [call('c1', 'hx_remember', { text: scenario.SEATS.fact })],
      [call('c2', 'hx_search', { query: scenario.SEATS.question, limit: 5 })],
      [say('Window seats.')],
    ]);
    const result = await new Runner().run(new Agent({ name: 'a', model, tools: memory.tools() }), 'Remember my seat.', {
      context: { userId: 'u-lisbon' },
    });
    expect(result.finalOutput).toBe('Window seats.');
    const outputs = result.newItems
      .filter((i) => i.type === 'tool_call_output_item')
      .map((i) => JSON.parse(String((i as unknown as { output: unknown }).output)));
    expect(outputs[0]).toMatchObject({ learned: true });
    const found = outputs[1].results as Array<{ id: string; content: string }>;
    expect(JSON.stringify(found)).not.toMatch(/Oslo/);
    const id = scenario.seatMemoryId(found);
    const [, , forget] = memory.tools();
    // biome-ignore lint/suspicious/noExplicitAny: invoke's run context argument, as the Runner passes it
    const invoke = (t: any, ctx: unknown, input: unknown) => t.invoke({ context: ctx }, JSON.stringify(input));
    expect(JSON.parse(await invoke(forget, { userId: 'u-oslo' }, { id }))).toMatchObject({ deleted: false });
    expect(JSON.parse(await invoke(forget, { userId: 'u-lisbon' }, { id }))).toEqual({ id, deleted: true });
  }, 60_000);
});

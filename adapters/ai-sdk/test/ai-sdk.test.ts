/**
 * @hx-memory/ai-sdk against a real Hx server on loopback, with the AI SDK's own mock model
 * (`ai/test`): MockLanguageModelV3 on AI SDK 6, MockLanguageModelV4 on AI SDK 7 (the same file runs
 * on both: vitest.ai-v7.config.ts points `ai` at AI SDK 7 under Node 22). No network.
 */
import * as ai from 'ai';
import * as aiTest from 'ai/test';
import { encode } from 'gpt-tokenizer/encoding/o200k_base';
import { describe, expect, it } from 'vitest';
import * as scenario from '../../core/scenarios.js';
import { silentServer, tenantClient, useTestServer } from '../../core/testing.js';
import { HxMemoryError, hxMemory } from '../src/index.js';

// biome-ignore lint/suspicious/noExplicitAny: the mock's class differs between AI SDK 6 and 7
const MockModel: any = (aiTest as any).MockLanguageModelV4 ?? (aiTest as any).MockLanguageModelV3;
// biome-ignore lint/suspicious/noExplicitAny: the stop condition was renamed in AI SDK 7
const stepCount: (n: number) => any = (ai as any).isStepCount ?? (ai as any).stepCountIs;
const major = Number.parseInt((MockModel.name as string).replace(/\D/g, ''), 10) === 4 ? 7 : 6;

const usage = {
  inputTokens: { total: 10, noCache: 10, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 5, text: 5, reasoning: 0 },
};
const finish = (unified: 'stop' | 'tool-calls') => ({ unified, raw: unified });

interface Prompted {
  role: string;
  content: unknown;
}
/** The text of every message of a prompt, joined. */
const promptText = (prompt: Prompted[]) =>
  prompt.map((m) => (typeof m.content === 'string' ? m.content : JSON.stringify(m.content))).join('\n');
const blockOfPrompt = (prompt: Prompted[]) => {
  const text = promptText(prompt);
  const m = /<hx-memory[\s\S]*?<\/hx-memory>/.exec(text.replace(/\\n/g, '\n').replace(/\\"/g, '"'));
  return m?.[0] ?? null;
};

/** A model answering `reply`, recording each call's prompt. */
function textModel(reply: string) {
  const prompts: Prompted[][] = [];
  const model = new MockModel({
    doGenerate: async (options: { prompt: Prompted[] }) => {
      prompts.push(options.prompt);
      return { content: [{ type: 'text', text: reply }], finishReason: finish('stop'), usage, warnings: [] };
    },
  });
  return { model, prompts };
}

const server = useTestServer();

describe(`@hx-memory/ai-sdk on AI SDK ${major}`, () => {
  it('injects one delimited block with provenance ids within the token budget, for the scope of the call only', async () => {
    const rec = await tenantClient(server, 'aisdk-inject', { seed: true });
    const memory = hxMemory({ client: rec.client, maxTokens: 400, capture: false });
    const { model, prompts } = textModel('You live in Lisbon.');
    const wrapped = ai.wrapLanguageModel({ model, middleware: memory.middleware });

    const messages = [
      { role: 'user' as const, content: 'Hello' },
      { role: 'assistant' as const, content: 'Hi!' },
      { role: 'user' as const, content: 'Where do I live and what am I allergic to?' },
    ];
    const result = await ai.generateText({
      model: wrapped,
      system: 'You are terse.',
      messages,
      providerOptions: { hx: { subjectId: 'u-lisbon', sessionId: 'chat-1' } },
    });
    expect(result.text).toBe('You live in Lisbon.');
    const prompt = prompts[0] as Prompted[];
    // Placement `context`: the block is its own user message right before the latest user message;
    // the system prompt and the earlier turns are untouched (the prompt-cache prefix).
    expect(prompt.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'user', 'user']);
    expect(prompt[0]?.content).toBe('You are terse.');
    const block = blockOfPrompt([prompt[3] as Prompted]);
    expect(block).toMatch(/^<hx-memory pack="pack_/);
    scenario.expectLisbonBlock(block);
    expect(encode(block as string).length).toBeLessThanOrEqual(400);
    expect(promptText([prompt[4] as Prompted])).toContain('Where do I live');

    // The other subject, through the same wrapped model: its own memory, none of the first's.
    await ai.generateText({
      model: wrapped,
      prompt: 'Where do I live?',
      providerOptions: { hx: { subjectId: 'u-oslo', sessionId: 'chat-2' } },
    });
    const other = blockOfPrompt(prompts[1] as Prompted[]);
    scenario.expectOsloBlock(other);

    // A small budget is kept too.
    const tight = hxMemory({ client: rec.client, maxTokens: 250, capture: false, placement: 'system' });
    const t = textModel('ok');
    await ai.generateText({
      model: ai.wrapLanguageModel({ model: t.model, middleware: tight.middleware }),
      system: 'You are terse.',
      prompt: 'Where do I live and what am I allergic to?',
      providerOptions: { hx: { subjectId: 'u-lisbon' } },
    });
    const system = t.prompts[0]?.[0] as Prompted;
    expect(system.role).toBe('system');
    expect(system.content).toMatch(/^You are terse\.\n\n<hx-memory/);
    const small = blockOfPrompt([system]) as string;
    expect(small).toMatch(/Lisbon/);
    expect(encode(small).length).toBeLessThanOrEqual(250);
  }, 60_000);

  it('synthesizes once per turn across a tool loop, captures messages and tool calls with durations and errors, learns, and a second session sees it', async () => {
    const rec = await tenantClient(server, 'aisdk-loop');
    const memory = hxMemory({ client: rec.client, maxTokens: 600 });
    const prompts: Prompted[][] = [];
    const synthesizedBefore: number[] = [];
    const model = new MockModel({
      doGenerate: async (options: { prompt: Prompted[] }) => {
        prompts.push(options.prompt);
        synthesizedBefore.push(rec.count('/v1/synthesize'));
        const step = prompts.length;
        if (step === 1)
          return {
            content: [
              {
                type: 'tool-call',
                toolCallId: 'call-1',
                toolName: scenario.TRIP.tools.ok,
                input: '{"to":"Reykjavik"}',
              },
              {
                type: 'tool-call',
                toolCallId: 'call-2',
                toolName: scenario.TRIP.tools.failed,
                input: '{"amount":420}',
              },
            ],
            finishReason: finish('tool-calls'),
            usage,
            warnings: [],
          };
        return {
          content: [{ type: 'text', text: scenario.TRIP.reply }],
          finishReason: finish('stop'),
          usage,
          warnings: [],
        };
      },
    });
    const tools = {
      [scenario.TRIP.tools.ok]: ai.tool({
        description: 'Book a flight',
        inputSchema: ai.jsonSchema<{ to: string }>({ type: 'object', properties: { to: { type: 'string' } } }),
        execute: async ({ to }: { to: string }) => scenario.TRIP.bookFlight(to),
      }),
      [scenario.TRIP.tools.failed]: ai.tool({
        description: 'Charge the card',
        inputSchema: ai.jsonSchema<{ amount: number }>({ type: 'object', properties: { amount: { type: 'number' } } }),
        execute: async (): Promise<string> => scenario.TRIP.chargeCard(),
      }),
    };
    const result = await ai.generateText({
      model: ai.wrapLanguageModel({ model, middleware: memory.middleware }),
      tools,
      stopWhen: stepCount(4),
      prompt: scenario.TRIP.prompt,
      providerOptions: { hx: { subjectId: scenario.TRIP.subjectId, sessionId: scenario.TRIP.sessionId } },
    });
    expect(result.text).toContain('FI-614');
    expect(prompts).toHaveLength(2);
    // The turn's memory is read before its first step and never again: the second step reuses it
    // (the same block, so the same prompt-cache prefix).
    expect(synthesizedBefore[0]).toBeGreaterThanOrEqual(1);
    expect(synthesizedBefore[1]).toBe(synthesizedBefore[0]);
    expect(rec.count('/v1/synthesize')).toBe(synthesizedBefore[0]);
    expect(blockOfPrompt(prompts[0] as Prompted[])).toBe(blockOfPrompt(prompts[1] as Prompted[]));

    await memory.flush();
    const events = rec.captured();
    // The model's calls come before the tools' results: the AI SDK runs the tools after the step.
    expect(events.map((e) => e.type)).toEqual([
      'message',
      'tool_call',
      'tool_call',
      'tool_result',
      'tool_result',
      'message',
    ]);
    scenario.expectTripCaptured(events, /card declined/);
    // The turn ended: a learn was queued after its captures, and flush() waited for it.
    expect(rec.count('/v1/learn')).toBe(1);

    // A second session of the same subject sees the memory of the first.
    const next = textModel('Aisle, as usual.');
    await ai.generateText({
      model: ai.wrapLanguageModel({ model: next.model, middleware: memory.middleware }),
      prompt: scenario.TRIP.question,
      providerOptions: { hx: { subjectId: scenario.TRIP.subjectId, sessionId: 'trip-2' } },
    });
    expect(blockOfPrompt(next.prompts[0] as Prompted[])).toMatch(/aisle/i);
    await memory.flush();
  }, 90_000);

  it('streams: captures the streamed answer; a cancelled stream captures what was said, marked interrupted', async () => {
    const rec = await tenantClient(server, 'aisdk-stream');
    const memory = hxMemory({ client: rec.client, learn: 'manual' });
    const chunks = (words: string[]) => [
      { type: 'stream-start', warnings: [] },
      { type: 'text-start', id: 't1' },
      ...words.map((w) => ({ type: 'text-delta', id: 't1', delta: w })),
      { type: 'text-end', id: 't1' },
      { type: 'finish', finishReason: finish('stop'), usage },
    ];
    const model = new MockModel({
      doStream: async () => ({
        stream: ai.simulateReadableStream({ chunks: chunks(['The ', 'capital ', 'is ', 'Paris.']), chunkDelayInMs: 5 }),
      }),
    });
    const wrapped = ai.wrapLanguageModel({ model, middleware: memory.middleware });
    const full = ai.streamText({
      model: wrapped,
      prompt: 'What is the capital of France?',
      providerOptions: { hx: { subjectId: 's1', sessionId: 'st-1' } },
    });
    let text = '';
    for await (const delta of full.textStream) text += delta;
    expect(text).toBe('The capital is Paris.');
    await memory.flush();
    expect(rec.captured().map((e) => e.payload)).toEqual([
      { role: 'user', content: 'What is the capital of France?' },
      { role: 'assistant', content: 'The capital is Paris.' },
    ]);

    // Cancelled after the first words: the part said is captured, marked interrupted.
    const slow = new MockModel({
      doStream: async () => ({
        stream: ai.simulateReadableStream({
          chunks: chunks(['Once ', 'upon ', 'a ', 'time ', 'there ', 'was']),
          chunkDelayInMs: 40,
        }),
      }),
    });
    const controller = new AbortController();
    const cut = ai.streamText({
      model: ai.wrapLanguageModel({ model: slow, middleware: memory.middleware }),
      prompt: 'Tell me a story',
      abortSignal: controller.signal,
      providerOptions: { hx: { subjectId: 's1', sessionId: 'st-2' } },
    });
    let partial = '';
    try {
      for await (const delta of cut.textStream) {
        partial += delta;
        if (partial.includes('upon')) controller.abort();
      }
    } catch {
      // The abort surfaces as an error or ends the stream, depending on the SDK version.
    }
    await memory.flush();
    const last = rec.captured().at(-1);
    expect(last?.payload).toMatchObject({ role: 'assistant', content: expect.stringMatching(/^Once upon/) });
    expect((last?.payload as { content?: string } | undefined)?.content).not.toContain('there was');
    expect(last?.metadata).toMatchObject({ interrupted: true });
  }, 60_000);

  it('fails open on a closed port and a hung server (onError, no block, the reply goes out); fails closed when asked', async () => {
    const { open, closed: closedOptions, errors } = await scenario.unreachable<HxMemoryError>();
    const memory = hxMemory({ ...open, capture: { retries: 1, retryDelay: 10 } });
    const { model, prompts } = textModel('Still here.');
    const result = await ai.generateText({
      model: ai.wrapLanguageModel({ model, middleware: memory.middleware }),
      prompt: 'Hello?',
      providerOptions: { hx: { subjectId: 'u' } },
    });
    expect(result.text).toBe('Still here.');
    expect(blockOfPrompt(prompts[0] as Prompted[])).toBeNull();
    expect(errors[0]).toBeInstanceOf(HxMemoryError);
    expect(errors[0]?.operation).toBe('synthesize');
    const flushed = await memory.flush();
    expect(flushed.failed).toBeGreaterThan(0);
    expect(errors.some((e) => e.operation === 'capture')).toBe(true);

    // A server that never answers: the read gives up after `timeout`.
    const hung = await silentServer();
    try {
      const slow = hxMemory({ baseUrl: hung.url, apiKey: 'hx_test_x', timeout: 300, capture: false });
      const started = Date.now();
      const m = textModel('Answered anyway.');
      const r = await ai.generateText({
        model: ai.wrapLanguageModel({ model: m.model, middleware: slow.middleware }),
        prompt: 'Hi',
      });
      expect(r.text).toBe('Answered anyway.');
      expect(Date.now() - started).toBeLessThan(3000);
    } finally {
      await hung.close();
    }

    const closed = hxMemory(closedOptions);
    const c = textModel('never');
    await scenario.expectFailedClosed(
      ai.generateText({
        model: ai.wrapLanguageModel({ model: c.model, middleware: closed.middleware }),
        prompt: 'Hello?',
        maxRetries: 0,
      }),
      () => c.prompts.length,
    );
  }, 60_000);

  it('answers before capture completes; flush() waits for it', async () => {
    const rec = await tenantClient(server, 'aisdk-async', { holdCaptures: scenario.HOLD_MS });
    const memory = hxMemory({ client: rec.client, learn: 'manual' });
    const { model } = textModel('Noted.');
    await scenario.expectReplyBeforeCapture(memory, () =>
      ai.generateText({
        model: ai.wrapLanguageModel({ model, middleware: memory.middleware }),
        prompt: 'Remember that my locker code is 4711.',
        providerOptions: { hx: { subjectId: 'u', sessionId: 'a-1' } },
      }),
    );
    expect((await rec.client.getMetrics()).usage.events.ingested).toBe(2);
  }, 30_000);

  it(`memory tools in a tool loop take the scope of the call (${major === 7 ? 'toolsContext' : 'experimental_context'})`, async () => {
    const rec = await tenantClient(server, 'aisdk-tool-context', { seed: true });
    const memory = hxMemory({ client: rec.client, capture: false });
    const tools = memory.tools();
    /** One run: the model calls hx_search, then answers; the search's output as the tool returned it. */
    const searchAs = async (subjectId: string) => {
      let step = 0;
      const model = new MockModel({
        doGenerate: async () => {
          step += 1;
          if (step === 1)
            return {
              content: [
                { type: 'tool-call', toolCallId: 's-1', toolName: 'hx_search', input: '{"query":"Where do I live?"}' },
              ],
              finishReason: finish('tool-calls'),
              usage,
              warnings: [],
            };
          return { content: [{ type: 'text', text: 'done' }], finishReason: finish('stop'), usage, warnings: [] };
        },
      });
      const hx = { subjectId };
      // AI SDK 7 hands each tool its entry of `toolsContext`; AI SDK 6 hands every tool `experimental_context`.
      const context =
        major === 7
          ? { toolsContext: { hx_search: { hx }, hx_remember: { hx }, hx_forget: { hx } } }
          : { experimental_context: { hx } };
      const result = await ai.generateText({
        model,
        tools,
        stopWhen: stepCount(3),
        prompt: 'Where do I live?',
        ...context,
      });
      const output = result.steps[0]?.toolResults[0]?.output as { results: Array<{ content: string }> } | undefined;
      return (output?.results ?? []).map((r) => r.content).join(' ');
    };
    const lisbon = await searchAs('u-lisbon');
    expect(lisbon).toMatch(/Lisbon/);
    expect(lisbon).not.toMatch(/Oslo/);
    const oslo = await searchAs('u-oslo');
    expect(oslo).toMatch(/Oslo/);
    expect(oslo).not.toMatch(/Lisbon/);
  }, 60_000);

  it('memory tools: remember, search and forget, in the scope of the call', async () => {
    const rec = await tenantClient(server, 'aisdk-tools', { seed: true });
    const memory = hxMemory({ client: rec.client, capture: false });
    const tools = major === 6 ? memory.tools() : memory.tools({ scope: { subjectId: 'u-lisbon' } });
    const options = { toolCallId: 't', messages: [], experimental_context: { hx: { subjectId: 'u-lisbon' } } };
    // biome-ignore lint/suspicious/noExplicitAny: execute's options type differs between AI SDK 6 and 7
    const run = (name: keyof typeof tools, input: unknown) => (tools[name].execute as any)(input, options);

    const saved = await run('hx_remember', { text: scenario.SEATS.fact });
    expect(saved.eventId).toMatch(/^evt_/);
    expect(saved.learned).toBe(true);
    const found = await run('hx_search', { query: scenario.SEATS.question });
    expect(JSON.stringify(found)).not.toMatch(/Oslo/);
    const memoryId = scenario.seatMemoryId(found.results);

    // Another subject's tools cannot forget it; its own can.
    const foreign = memory.tools({ scope: { subjectId: 'u-oslo' } });
    // biome-ignore lint/suspicious/noExplicitAny: as above
    const refused = await (foreign.hx_forget.execute as any)({ id: memoryId }, { toolCallId: 'x', messages: [] });
    expect(refused).toMatchObject({ deleted: false, reason: 'not a memory of this scope' });
    expect(await run('hx_forget', { id: memoryId })).toEqual({ id: memoryId, deleted: true });
  }, 60_000);
});

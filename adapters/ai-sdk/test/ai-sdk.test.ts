/**
 * @hx-memory/ai-sdk against a real Hx server on loopback, with the AI SDK's own mock model
 * (`ai/test`): MockLanguageModelV3 on AI SDK 6, MockLanguageModelV4 on AI SDK 7 (the same file runs
 * on both: vitest.ai-v7.config.ts points `ai` at AI SDK 7 under Node 22). No network.
 */
import * as ai from 'ai';
import * as aiTest from 'ai/test';
import { encode } from 'gpt-tokenizer/encoding/o200k_base';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  closedPort,
  newTenant,
  recordingClient,
  seedTwoSubjects,
  silentServer,
  startTestServer,
  type TestServer,
} from '../../core/testing.js';
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

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

describe(`@hx-memory/ai-sdk on AI SDK ${major}`, () => {
  it('injects one delimited block with provenance ids within the token budget, for the scope of the call only', async () => {
    const { apiKey } = await newTenant(server, 'aisdk-inject');
    const rec = recordingClient(server.url, apiKey);
    await seedTwoSubjects(rec.client);
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
    expect(block).toMatch(/Lisbon/);
    expect(block).toMatch(/peanut/i);
    expect(block).not.toMatch(/Oslo/);
    expect(block).toMatch(/\nsources: (?:(?:mem|art|evt)_[0-9A-Z]{26} ?)+\n<\/hx-memory>$/);
    expect(encode(block as string).length).toBeLessThanOrEqual(400);
    expect(promptText([prompt[4] as Prompted])).toContain('Where do I live');

    // The other subject, through the same wrapped model: its own memory, none of the first's.
    await ai.generateText({
      model: wrapped,
      prompt: 'Where do I live?',
      providerOptions: { hx: { subjectId: 'u-oslo', sessionId: 'chat-2' } },
    });
    const other = blockOfPrompt(prompts[1] as Prompted[]);
    expect(other).toMatch(/Oslo/);
    expect(other).not.toMatch(/Lisbon|peanut/i);

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
    const { apiKey } = await newTenant(server, 'aisdk-loop');
    const rec = recordingClient(server.url, apiKey);
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
              { type: 'tool-call', toolCallId: 'call-1', toolName: 'bookFlight', input: '{"to":"Reykjavik"}' },
              { type: 'tool-call', toolCallId: 'call-2', toolName: 'chargeCard', input: '{"amount":420}' },
            ],
            finishReason: finish('tool-calls'),
            usage,
            warnings: [],
          };
        return {
          content: [{ type: 'text', text: 'Booked flight FI-614 to Reykjavik; the card was declined.' }],
          finishReason: finish('stop'),
          usage,
          warnings: [],
        };
      },
    });
    const tools = {
      bookFlight: ai.tool({
        description: 'Book a flight',
        inputSchema: ai.jsonSchema<{ to: string }>({ type: 'object', properties: { to: { type: 'string' } } }),
        execute: async ({ to }: { to: string }) => {
          await new Promise((r) => setTimeout(r, 30));
          return { confirmation: 'FI-614', to };
        },
      }),
      chargeCard: ai.tool({
        description: 'Charge the card',
        inputSchema: ai.jsonSchema<{ amount: number }>({ type: 'object', properties: { amount: { type: 'number' } } }),
        execute: async (): Promise<{ charged: boolean }> => {
          throw new Error('card declined: insufficient funds');
        },
      }),
    };
    const scope = { subjectId: 'traveller-1', sessionId: 'trip-1' };
    const result = await ai.generateText({
      model: ai.wrapLanguageModel({ model, middleware: memory.middleware }),
      tools,
      stopWhen: stepCount(4),
      prompt: 'I am travelling to Iceland next month, my seat preference is the aisle. Book my flight.',
      providerOptions: { hx: scope },
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
    expect(events.map((e) => e.type)).toEqual([
      'message',
      'tool_call',
      'tool_call',
      'tool_result',
      'tool_result',
      'message',
    ]);
    expect(events.every((e) => e.subjectId === 'traveller-1' && e.sessionId === 'trip-1')).toBe(true);
    expect(events[0]?.payload).toMatchObject({ role: 'user', content: expect.stringContaining('aisle') });
    expect(events[1]?.payload).toMatchObject({ tool: 'bookFlight', toolCallId: 'call-1', input: { to: 'Reykjavik' } });
    const ok = events.find((e) => e.type === 'tool_result' && (e.payload as { tool: string }).tool === 'bookFlight');
    const failed = events.find(
      (e) => e.type === 'tool_result' && (e.payload as { tool: string }).tool === 'chargeCard',
    );
    expect(ok?.payload).toMatchObject({ output: expect.stringContaining('FI-614') });
    expect((ok?.payload as { durationMs?: number } | undefined)?.durationMs).toBeGreaterThanOrEqual(25);
    expect(failed?.payload).toMatchObject({ error: expect.stringContaining('card declined') });
    expect(events[5]?.payload).toMatchObject({ role: 'assistant', content: expect.stringContaining('FI-614') });
    // The turn ended: a learn was queued after its captures, and flush() waited for it.
    expect(rec.count('/v1/learn')).toBe(1);

    // A second session of the same subject sees the memory of the first.
    const next = textModel('Aisle, as usual.');
    await ai.generateText({
      model: ai.wrapLanguageModel({ model: next.model, middleware: memory.middleware }),
      prompt: 'Which seat do I prefer?',
      providerOptions: { hx: { subjectId: 'traveller-1', sessionId: 'trip-2' } },
    });
    expect(blockOfPrompt(next.prompts[0] as Prompted[])).toMatch(/aisle/i);
    await memory.flush();
  }, 90_000);

  it('streams: captures the streamed answer; a cancelled stream captures what was said, marked interrupted', async () => {
    const { apiKey } = await newTenant(server, 'aisdk-stream');
    const rec = recordingClient(server.url, apiKey);
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
    const errors: HxMemoryError[] = [];
    const port = await closedPort();
    const memory = hxMemory({
      baseUrl: `http://127.0.0.1:${port}`,
      apiKey: 'hx_test_0000000000000000000000000000000000000000',
      onError: (e) => errors.push(e),
      capture: { retries: 1, retryDelay: 10 },
    });
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

    const closed = hxMemory({
      baseUrl: `http://127.0.0.1:${port}`,
      apiKey: 'hx_test_x',
      failMode: 'closed',
      capture: false,
    });
    const c = textModel('never');
    await expect(
      ai.generateText({
        model: ai.wrapLanguageModel({ model: c.model, middleware: closed.middleware }),
        prompt: 'Hello?',
        maxRetries: 0,
      }),
    ).rejects.toThrow(/Hx memory synthesize failed/);
    expect(c.prompts).toHaveLength(0);
  }, 60_000);

  it('answers before capture completes; flush() waits for it', async () => {
    const { apiKey } = await newTenant(server, 'aisdk-async');
    const rec = recordingClient(server.url, apiKey, { holdCaptures: 800 });
    const memory = hxMemory({ client: rec.client, learn: 'manual' });
    const { model } = textModel('Noted.');
    const started = Date.now();
    await ai.generateText({
      model: ai.wrapLanguageModel({ model, middleware: memory.middleware }),
      prompt: 'Remember that my locker code is 4711.',
      providerOptions: { hx: { subjectId: 'u', sessionId: 'a-1' } },
    });
    expect(Date.now() - started).toBeLessThan(800);
    expect(memory.stats.sent).toBe(0);
    await memory.flush();
    expect(Date.now() - started).toBeGreaterThanOrEqual(800);
    expect(memory.stats).toMatchObject({ sent: 2, failed: 0, pending: 0 });
    expect((await rec.client.getMetrics()).usage.events.ingested).toBe(2);
  }, 30_000);

  it('memory tools: remember, search and forget, in the scope of the call', async () => {
    const { apiKey } = await newTenant(server, 'aisdk-tools');
    const rec = recordingClient(server.url, apiKey);
    await seedTwoSubjects(rec.client);
    const memory = hxMemory({ client: rec.client, capture: false });
    const tools = major === 6 ? memory.tools() : memory.tools({ scope: { subjectId: 'u-lisbon' } });
    const options = { toolCallId: 't', messages: [], experimental_context: { hx: { subjectId: 'u-lisbon' } } };
    // biome-ignore lint/suspicious/noExplicitAny: execute's options type differs between AI SDK 6 and 7
    const run = (name: keyof typeof tools, input: unknown) => (tools[name].execute as any)(input, options);

    const saved = await run('hx_remember', { text: 'I prefer window seats on trains.' });
    expect(saved.eventId).toMatch(/^evt_/);
    expect(saved.learned).toBe(true);
    const found = await run('hx_search', { query: 'Which seats do I prefer on trains?' });
    expect(found.results.map((r: { content: string }) => r.content).join(' ')).toMatch(/window seats/);
    expect(JSON.stringify(found)).not.toMatch(/Oslo/);
    const memoryId = found.results.find((r: { id: string }) => r.id.startsWith('mem_'))?.id as string;
    expect(memoryId).toBeDefined();

    // Another subject's tools cannot forget it; its own can.
    const foreign = memory.tools({ scope: { subjectId: 'u-oslo' } });
    // biome-ignore lint/suspicious/noExplicitAny: as above
    const refused = await (foreign.hx_forget.execute as any)({ id: memoryId }, { toolCallId: 'x', messages: [] });
    expect(refused).toMatchObject({ deleted: false, reason: 'not a memory of this scope' });
    expect(await run('hx_forget', { id: memoryId })).toEqual({ id: memoryId, deleted: true });
  }, 60_000);
});

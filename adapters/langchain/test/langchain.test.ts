/**
 * @hx-memory/langchain against a real Hx server on loopback, with LangChain's own fake chat model
 * (`fakeModel()` of @langchain/core/testing) in a `createAgent` agent. No network.
 */
import { AIMessage, type BaseMessage, HumanMessage } from '@langchain/core/messages';
import { fakeModel } from '@langchain/core/testing';
import { FakeListChatModel } from '@langchain/core/utils/testing';
import { tool } from '@langchain/core/tools';
import { createAgent, toolErrorMiddleware } from 'langchain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  closedPort,
  newTenant,
  recordingClient,
  seedTwoSubjects,
  startTestServer,
  type TestServer,
} from '../../core/testing.js';
import { type HxMemoryError, hxMemory } from '../src/index.js';

const text = (messages: BaseMessage[]) =>
  messages.map((m) => (typeof m.content === 'string' ? m.content : JSON.stringify(m.content))).join('\n');
const blockIn = (messages: BaseMessage[]) => /<hx-memory[\s\S]*?<\/hx-memory>/.exec(text(messages))?.[0] ?? null;

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

describe('@hx-memory/langchain', () => {
  it('middleware: injects the scope of the call before the latest user message; another user sees none of it', async () => {
    const { apiKey } = await newTenant(server, 'lc-inject');
    const rec = recordingClient(server.url, apiKey);
    await seedTwoSubjects(rec.client);
    const memory = hxMemory({ client: rec.client, maxTokens: 400, capture: false });
    const model = fakeModel().respond(new AIMessage('You live in Lisbon.')).respond(new AIMessage('Oslo.'));
    const agent = createAgent({ model, tools: [], systemPrompt: 'You are terse.', middleware: [memory.middleware()] });

    const out = await agent.invoke(
      { messages: [new HumanMessage('Where do I live and what am I allergic to?')] },
      { context: { hx: { subjectId: 'u-lisbon' } }, configurable: { thread_id: 'lc-1' } },
    );
    expect(out.messages.at(-1)?.content).toBe('You live in Lisbon.');
    const sent = model.calls[0]?.messages as BaseMessage[];
    const types = sent.map((m) => m.getType());
    expect(types.slice(-2)).toEqual(['human', 'human']);
    const block = blockIn([sent.at(-2) as BaseMessage]);
    expect(block).toMatch(/Lisbon/);
    expect(block).toMatch(/peanut/i);
    expect(block).not.toMatch(/Oslo/);
    expect(block).toMatch(/\nsources: (?:(?:mem|art|evt)_[0-9A-Z]{26} ?)+\n<\/hx-memory>$/);
    // The agent's state keeps the conversation without the block.
    expect(text(out.messages)).not.toContain('<hx-memory');

    await agent.invoke({ messages: [new HumanMessage('Where do I live?')] }, { context: { userId: 'u-oslo' } });
    const other = blockIn(model.calls[1]?.messages as BaseMessage[]);
    expect(other).toMatch(/Oslo/);
    expect(other).not.toMatch(/Lisbon|peanut/i);
  }, 60_000);

  it('one synthesize per turn across the tool loop; captures messages and tool calls (duration, error), learns; a new thread sees it', async () => {
    const { apiKey } = await newTenant(server, 'lc-loop');
    const rec = recordingClient(server.url, apiKey);
    const memory = hxMemory({ client: rec.client, maxTokens: 600 });
    const model = fakeModel()
      .respondWithTools([
        { name: 'book_flight', args: { to: 'Reykjavik' }, id: 'call-1' },
        { name: 'charge_card', args: { amount: 420 }, id: 'call-2' },
      ])
      .respond(new AIMessage('Booked FI-614; the card was declined.'));
    const bookFlight = tool(
      async ({ to }: { to: string }) => {
        await new Promise((r) => setTimeout(r, 30));
        return `confirmation FI-614 to ${to}`;
      },
      {
        name: 'book_flight',
        description: 'Book a flight',
        schema: { type: 'object', properties: { to: { type: 'string' } } },
      },
    );
    const chargeCard = tool(
      async () => {
        throw new Error('card declined: insufficient funds');
      },
      {
        name: 'charge_card',
        description: 'Charge the card',
        schema: { type: 'object', properties: { amount: { type: 'number' } } },
      },
    );
    // Hx's middleware outermost: it sees the error as the agent's error middleware answers it.
    const agent = createAgent({
      model,
      tools: [bookFlight, chargeCard],
      middleware: [memory.middleware(), toolErrorMiddleware({ onError: (e) => `failed: ${(e as Error).message}` })],
    });
    const config = { context: { hx: { subjectId: 'traveller-1' } }, configurable: { thread_id: 'trip-1' } };
    const out = await agent.invoke(
      { messages: [new HumanMessage('I am flying to Iceland next month; my seat preference is the aisle. Book it.')] },
      config,
    );
    expect(out.messages.at(-1)?.content).toContain('FI-614');
    expect(model.callCount).toBe(2);
    expect(rec.count('/v1/synthesize')).toBe(1);
    expect(blockIn(model.calls[0]?.messages as BaseMessage[])).toBe(blockIn(model.calls[1]?.messages as BaseMessage[]));

    await memory.flush();
    const events = rec.captured();
    expect(events.every((e) => e.subjectId === 'traveller-1' && e.sessionId === 'trip-1')).toBe(true);
    // The two tools ran at once: two calls and two results, in either order.
    expect(
      events
        .filter((e) => e.type !== 'message')
        .map((e) => e.type)
        .sort(),
    ).toEqual(['tool_call', 'tool_call', 'tool_result', 'tool_result']);
    expect(events[0]?.payload).toMatchObject({ role: 'user', content: expect.stringContaining('aisle') });
    expect(events.at(-1)?.payload).toMatchObject({ role: 'assistant', content: expect.stringContaining('FI-614') });
    const ok = events.find((e) => e.type === 'tool_result' && (e.payload as { tool: string }).tool === 'book_flight');
    const failed = events.find(
      (e) => e.type === 'tool_result' && (e.payload as { tool: string }).tool === 'charge_card',
    );
    expect(ok?.payload).toMatchObject({ output: expect.stringContaining('FI-614') });
    expect((ok?.payload as { durationMs?: number } | undefined)?.durationMs).toBeGreaterThanOrEqual(25);
    expect(failed?.payload).toMatchObject({ error: expect.stringContaining('card declined') });
    expect(rec.count('/v1/learn')).toBe(1);

    const next = fakeModel().respond(new AIMessage('Aisle.'));
    const again = createAgent({ model: next, tools: [], middleware: [memory.middleware()] });
    await again.invoke(
      { messages: [new HumanMessage('Which seat do I prefer?')] },
      { context: { hx: { subjectId: 'traveller-1' } }, configurable: { thread_id: 'trip-2' } },
    );
    expect(blockIn(next.calls[0]?.messages as BaseMessage[])).toMatch(/aisle/i);
  }, 90_000);

  it('streams the answer and captures it; a cancelled stream captures no answer and flush() still settles', async () => {
    const { apiKey } = await newTenant(server, 'lc-stream');
    const rec = recordingClient(server.url, apiKey);
    const memory = hxMemory({ client: rec.client, learn: 'manual' });
    const model = fakeModel().respond(new AIMessage('The capital is Paris.'));
    const agent = createAgent({ model, tools: [], middleware: [memory.middleware()] });
    const chunks: string[] = [];
    const stream = await agent.stream(
      { messages: [new HumanMessage('What is the capital of France?')] },
      { streamMode: 'messages', context: { hx: { subjectId: 's1', sessionId: 'st-1' } } },
    );
    for await (const [chunk] of stream) chunks.push(String((chunk as BaseMessage).content));
    expect(chunks.join('')).toContain('Paris');
    await memory.flush();
    expect(rec.captured().map((e) => e.payload)).toEqual([
      { role: 'user', content: 'What is the capital of France?' },
      { role: 'assistant', content: 'The capital is Paris.' },
    ]);

    // LangChain's fake streaming model: one character per 50 ms, so the abort lands mid-answer.
    const slow = new FakeListChatModel({ responses: ['Once upon a time there was a dragon.'], sleep: 50 });
    const controller = new AbortController();
    const cut = createAgent({ model: slow, tools: [], middleware: [memory.middleware()] });
    setTimeout(() => controller.abort(), 400);
    let aborted: unknown = null;
    let partial = '';
    try {
      const s = await cut.stream(
        { messages: [new HumanMessage('Tell me a story')] },
        { streamMode: 'messages', signal: controller.signal, context: { hx: { subjectId: 's1', sessionId: 'st-2' } } },
      );
      for await (const [chunk] of s) partial += String((chunk as BaseMessage).content);
    } catch (error) {
      aborted = error;
    }
    expect(String(aborted)).toMatch(/abort/i);
    expect(partial.length).toBeGreaterThan(0);
    expect(partial.length).toBeLessThan('Once upon a time there was a dragon.'.length);
    await memory.flush();
    const last = rec.captured().at(-1);
    expect(last?.payload).toEqual({ role: 'user', content: 'Tell me a story' });
  }, 60_000);

  it('fails open on a closed port (onError; the agent answers) and fails closed when asked', async () => {
    const port = await closedPort();
    const errors: HxMemoryError[] = [];
    const memory = hxMemory({
      baseUrl: `http://127.0.0.1:${port}`,
      apiKey: 'hx_test_x',
      onError: (e) => errors.push(e),
      capture: { retries: 0 },
    });
    const model = fakeModel().respond(new AIMessage('Still here.'));
    const agent = createAgent({ model, tools: [], middleware: [memory.middleware()] });
    const out = await agent.invoke({ messages: [new HumanMessage('Hello?')] }, { context: { userId: 'u' } });
    expect(out.messages.at(-1)?.content).toBe('Still here.');
    expect(blockIn(model.calls[0]?.messages as BaseMessage[])).toBeNull();
    expect(errors[0]?.operation).toBe('synthesize');
    expect((await memory.flush()).failed).toBeGreaterThan(0);

    const closed = hxMemory({
      baseUrl: `http://127.0.0.1:${port}`,
      apiKey: 'hx_test_x',
      failMode: 'closed',
      capture: false,
    });
    const never = fakeModel().respond(new AIMessage('never'));
    const strict = createAgent({ model: never, tools: [], middleware: [closed.middleware()] });
    await expect(strict.invoke({ messages: [new HumanMessage('Hello?')] })).rejects.toThrow(
      /Hx memory synthesize failed/,
    );
    expect(never.callCount).toBe(0);
  }, 30_000);

  it('answers before capture completes; flush() waits for it', async () => {
    const { apiKey } = await newTenant(server, 'lc-async');
    const rec = recordingClient(server.url, apiKey, { holdCaptures: 800 });
    const memory = hxMemory({ client: rec.client, learn: 'manual' });
    const agent = createAgent({
      model: fakeModel().respond(new AIMessage('Noted.')),
      tools: [],
      middleware: [memory.middleware()],
    });
    const started = Date.now();
    await agent.invoke({ messages: [new HumanMessage('My locker code is 4711.')] }, { context: { userId: 'u' } });
    expect(Date.now() - started).toBeLessThan(800);
    expect(memory.stats.sent).toBe(0);
    await memory.flush();
    expect(memory.stats).toMatchObject({ sent: 2, failed: 0, pending: 0 });
  }, 30_000);

  it('retriever: documents carry provenance; scoped per call; tools search, remember and forget', async () => {
    const { apiKey } = await newTenant(server, 'lc-retriever');
    const rec = recordingClient(server.url, apiKey);
    await seedTwoSubjects(rec.client);
    const memory = hxMemory({ client: rec.client, capture: false });
    const retriever = memory.retriever({ k: 5 });
    const docs = await retriever.invoke('Where do I live?', { configurable: { hx: { subjectId: 'u-lisbon' } } });
    expect(docs.length).toBeGreaterThan(0);
    expect(docs.map((d) => d.pageContent).join(' ')).toMatch(/Lisbon/);
    expect(docs.map((d) => d.pageContent).join(' ')).not.toMatch(/Oslo/);
    for (const doc of docs) {
      expect(doc.metadata.id).toMatch(/^(mem|art|evt)_/);
      expect(doc.metadata.sources[0]).toBe(doc.metadata.id);
      expect(doc.metadata.packId).toMatch(/^pack_/);
    }
    const oslo = await retriever.invoke('Where do I live?', { configurable: { hx: { subjectId: 'u-oslo' } } });
    expect(oslo.map((d) => d.pageContent).join(' ')).toMatch(/Oslo/);

    const [search, remember, forget] = memory.tools();
    const config = { configurable: { hx: { subjectId: 'u-lisbon' } } };
    // biome-ignore lint/suspicious/noExplicitAny: a StructuredTool's invoke input is typed from its schema
    const call = (t: any, input: unknown) => t.invoke(input, config).then((s: string) => JSON.parse(s));
    expect((await call(remember, { text: 'I prefer window seats on trains.' })).learned).toBe(true);
    const found = await call(search, { query: 'Which seats do I prefer on trains?' });
    const id = found.results.find(
      (r: { id: string; content: string }) => r.id.startsWith('mem_') && /window/.test(r.content),
    )?.id;
    expect(id).toBeDefined();
    expect(await call(forget, { id })).toEqual({ id, deleted: true });
  }, 60_000);
});

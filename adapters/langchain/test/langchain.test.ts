/**
 * @hx-memory/langchain against a real Hx server on loopback, with LangChain's own fake chat model
 * (`fakeModel()` of @langchain/core/testing) in a `createAgent` agent. No network.
 */
import { AIMessage, type BaseMessage, HumanMessage } from '@langchain/core/messages';
import { fakeModel } from '@langchain/core/testing';
import { FakeListChatModel } from '@langchain/core/utils/testing';
import { tool } from '@langchain/core/tools';
import { createAgent, toolErrorMiddleware } from 'langchain';
import { describe, expect, it } from 'vitest';
import * as scenario from '../../core/scenarios.js';
import { tenantClient, useTestServer } from '../../core/testing.js';
import { type HxMemoryError, hxMemory } from '../src/index.js';

const text = (messages: BaseMessage[]) =>
  messages.map((m) => (typeof m.content === 'string' ? m.content : JSON.stringify(m.content))).join('\n');
const blockIn = (messages: BaseMessage[]) => /<hx-memory[\s\S]*?<\/hx-memory>/.exec(text(messages))?.[0] ?? null;

const server = useTestServer();

describe('@hx-memory/langchain', () => {
  it('middleware: injects the scope of the call before the latest user message; another user sees none of it', async () => {
    const rec = await tenantClient(server, 'lc-inject', { seed: true });
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
    scenario.expectLisbonBlock(block);
    // The agent's state keeps the conversation without the block.
    expect(text(out.messages)).not.toContain('<hx-memory');

    await agent.invoke({ messages: [new HumanMessage('Where do I live?')] }, { context: { userId: 'u-oslo' } });
    const other = blockIn(model.calls[1]?.messages as BaseMessage[]);
    scenario.expectOsloBlock(other);
  }, 60_000);

  it('one synthesize per turn across the tool loop; captures messages and tool calls (duration, error), learns; a new thread sees it', async () => {
    const rec = await tenantClient(server, 'lc-loop');
    const memory = hxMemory({ client: rec.client, maxTokens: 600 });
    const model = fakeModel()
      .respondWithTools([
        { name: scenario.TRIP.tools.ok, args: { to: 'Reykjavik' }, id: 'call-1' },
        { name: scenario.TRIP.tools.failed, args: { amount: 420 }, id: 'call-2' },
      ])
      .respond(new AIMessage(scenario.TRIP.reply));
    const bookFlight = tool(async ({ to }: { to: string }) => scenario.TRIP.bookFlight(to), {
      name: scenario.TRIP.tools.ok,
      description: 'Book a flight',
      schema: { type: 'object', properties: { to: { type: 'string' } } },
    });
    const chargeCard = tool(async () => scenario.TRIP.chargeCard(), {
      name: scenario.TRIP.tools.failed,
      description: 'Charge the card',
      schema: { type: 'object', properties: { amount: { type: 'number' } } },
    });
    // Hx's middleware outermost: it sees the error as the agent's error middleware answers it.
    const agent = createAgent({
      model,
      tools: [bookFlight, chargeCard],
      middleware: [memory.middleware(), toolErrorMiddleware({ onError: (e) => `failed: ${(e as Error).message}` })],
    });
    const config = {
      context: { hx: { subjectId: scenario.TRIP.subjectId } },
      configurable: { thread_id: scenario.TRIP.sessionId },
    };
    const out = await agent.invoke({ messages: [new HumanMessage(scenario.TRIP.prompt)] }, config);
    expect(out.messages.at(-1)?.content).toContain('FI-614');
    expect(model.callCount).toBe(2);
    expect(rec.count('/v1/synthesize')).toBe(1);
    expect(blockIn(model.calls[0]?.messages as BaseMessage[])).toBe(blockIn(model.calls[1]?.messages as BaseMessage[]));

    await memory.flush();
    const events = rec.captured();
    // The two tools ran at once (calls and results in either order), between the user's message and the answer.
    scenario.expectTripCaptured(events, /card declined/);
    expect(events[0]?.type).toBe('message');
    expect(events.at(-1)?.payload).toMatchObject({ role: 'assistant' });
    expect(rec.count('/v1/learn')).toBe(1);

    const next = fakeModel().respond(new AIMessage('Aisle.'));
    const again = createAgent({ model: next, tools: [], middleware: [memory.middleware()] });
    await again.invoke(
      { messages: [new HumanMessage(scenario.TRIP.question)] },
      { context: { hx: { subjectId: scenario.TRIP.subjectId } }, configurable: { thread_id: 'trip-2' } },
    );
    expect(blockIn(next.calls[0]?.messages as BaseMessage[])).toMatch(/aisle/i);
  }, 90_000);

  it('streams the answer and captures it; a cancelled stream captures no answer and flush() still settles', async () => {
    const rec = await tenantClient(server, 'lc-stream');
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

    // LangChain's fake streaming model: one character per 50 ms; aborted once the first words arrived
    // (not on a timer: on a loaded machine the memory read alone can outlast one).
    const slow = new FakeListChatModel({ responses: ['Once upon a time there was a dragon.'], sleep: 50 });
    const controller = new AbortController();
    const cut = createAgent({ model: slow, tools: [], middleware: [memory.middleware()] });
    let aborted: unknown = null;
    let partial = '';
    try {
      const s = await cut.stream(
        { messages: [new HumanMessage(scenario.STORY)] },
        { streamMode: 'messages', signal: controller.signal, context: { hx: { subjectId: 's1', sessionId: 'st-2' } } },
      );
      for await (const [chunk] of s) {
        partial += String((chunk as BaseMessage).content);
        if (partial.length >= 4) controller.abort();
      }
    } catch (error) {
      aborted = error;
    }
    expect(String(aborted)).toMatch(/abort/i);
    expect(partial.length).toBeGreaterThan(0);
    expect(partial.length).toBeLessThan('Once upon a time there was a dragon.'.length);
    await scenario.expectQuestionOnlyCaptured(memory, rec.captured);
  }, 60_000);

  it('fails open on a closed port (onError; the agent answers) and fails closed when asked', async () => {
    const { open, closed: closedOptions, errors } = await scenario.unreachable<HxMemoryError>();
    const memory = hxMemory(open);
    const model = fakeModel().respond(new AIMessage('Still here.'));
    const agent = createAgent({ model, tools: [], middleware: [memory.middleware()] });
    const out = await agent.invoke({ messages: [new HumanMessage('Hello?')] }, { context: { userId: 'u' } });
    expect(out.messages.at(-1)?.content).toBe('Still here.');
    expect(blockIn(model.calls[0]?.messages as BaseMessage[])).toBeNull();
    expect(errors[0]?.operation).toBe('synthesize');
    expect((await memory.flush()).failed).toBeGreaterThan(0);

    const closed = hxMemory(closedOptions);
    const never = fakeModel().respond(new AIMessage('never'));
    const strict = createAgent({ model: never, tools: [], middleware: [closed.middleware()] });
    await scenario.expectFailedClosed(strict.invoke({ messages: [new HumanMessage('Hello?')] }), () => never.callCount);
  }, 30_000);

  it('answers before capture completes; flush() waits for it', async () => {
    const rec = await tenantClient(server, 'lc-async', { holdCaptures: scenario.HOLD_MS });
    const memory = hxMemory({ client: rec.client, learn: 'manual' });
    const agent = createAgent({
      model: fakeModel().respond(new AIMessage('Noted.')),
      tools: [],
      middleware: [memory.middleware()],
    });
    await scenario.expectReplyBeforeCapture(memory, () =>
      agent.invoke({ messages: [new HumanMessage('My locker code is 4711.')] }, { context: { userId: 'u' } }),
    );
  }, 30_000);

  it('retriever: documents carry provenance; scoped per call; tools search, remember and forget', async () => {
    const rec = await tenantClient(server, 'lc-retriever', { seed: true });
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
    const call = (t: any, input: unknown, as = config) => t.invoke(input, as).then((s: string) => JSON.parse(s));
    expect((await call(remember, { text: scenario.SEATS.fact })).learned).toBe(true);
    const found = await call(search, { query: scenario.SEATS.question });
    const id = scenario.seatMemoryId(found.results);
    // Another subject's tools cannot forget it; its own can.
    const foreign = { configurable: { hx: { subjectId: 'u-oslo' } } };
    expect(await call(forget, { id }, foreign)).toMatchObject({ deleted: false });
    expect(await call(forget, { id })).toEqual({ id, deleted: true });
  }, 60_000);
});

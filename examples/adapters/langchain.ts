/**
 * Hx memory in a LangChain agent: the middleware injects what Hx remembers of the user (the
 * runtime context names them) and captures the turn; a LangGraph store keeps exact values by key. LangChain's fake chat model stands in for a
 * provider, so it runs offline against your Hx server:
 *   HX_BASE_URL=http://localhost:8080 HX_API_KEY=hx_test_... npx tsx examples/adapters/langchain.ts
 * (from a directory where `langchain`, `@langchain/core` and `@hx-memory/langchain` are installed).
 */
import { HxStore, hxMemory } from '@hx-memory/langchain';
import { AIMessage, HumanMessage } from '@langchain/core/messages';
import { fakeModel } from '@langchain/core/testing';
import { createAgent } from 'langchain';

const memory = hxMemory({ maxTokens: 600 }); // HX_BASE_URL, HX_API_KEY
const model = fakeModel()
  .respond(new AIMessage('Noted!'))
  .respond(new AIMessage('Try the vegetarian place by the river.'));
const agent = createAgent({ model, tools: [], middleware: [memory.middleware()] });
const userId = `langchain-example-${Date.now()}`;

await agent.invoke(
  { messages: [new HumanMessage('I am vegetarian and I live in Porto.')] },
  { context: { userId }, configurable: { thread_id: 't1' } },
);
await memory.flush(); // captured and learned
await agent.invoke(
  { messages: [new HumanMessage('Suggest a dinner place near me.')] },
  { context: { userId }, configurable: { thread_id: 't2' } },
);
await memory.flush();
const sent = model.calls[1]?.messages ?? [];
console.log(sent.map((m) => String(m.content)).find((text) => text.startsWith('<hx-memory')) ?? '(no memory injected)');

// The retriever: documents with their provenance.
const docs = await memory
  .retriever({ k: 3 })
  .invoke('Where do I live?', { configurable: { hx: { subjectId: userId } } });
for (const doc of docs) console.log(`${doc.metadata.id}: ${doc.pageContent}`);

// A LangGraph store backed by Hx (`graph.compile({ store })`, `createAgent({ store })`): exact values by key.
const store = new HxStore(); // HX_BASE_URL, HX_API_KEY
await store.put(['users', userId], 'preferences', { diet: 'vegetarian', city: 'Porto' });
console.log('store get:', (await store.get(['users', userId], 'preferences'))?.value);
const found = await store.search(['users', userId], { filter: { city: 'Porto' }, query: 'vegetarian' });
console.log('store search:', found.map((item) => `${item.key} (${item.score})`).join(', '));

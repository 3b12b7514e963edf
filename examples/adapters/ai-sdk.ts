/**
 * Hx memory in the Vercel AI SDK: the middleware injects what Hx remembers of the user and captures
 * the turn. A mock model stands in for a provider (swap in `openai('gpt-5')` or any other), so it
 * runs offline against your Hx server:
 *   HX_BASE_URL=http://localhost:8080 HX_API_KEY=hx_test_... npx tsx examples/adapters/ai-sdk.ts
 * (from a directory where `ai` and `@hx-memory/ai-sdk` are installed).
 */
import { hxMemory } from '@hx-memory/ai-sdk';
import { generateText, wrapLanguageModel } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';

const memory = hxMemory({ maxTokens: 600 }); // HX_BASE_URL, HX_API_KEY
let injected: string | undefined;
const mock = new MockLanguageModelV3({
  doGenerate: async ({ prompt }) => {
    // What the model is sent: the memory block is a message of its own before the user's.
    injected = prompt
      .map((m) =>
        typeof m.content === 'string' ? m.content : m.content.map((p) => (p.type === 'text' ? p.text : '')).join(''),
      )
      .find((text) => text.startsWith('<hx-memory'));
    return {
      content: [{ type: 'text', text: 'Noted!' }],
      finishReason: { unified: 'stop', raw: 'stop' },
      usage: {
        inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 },
        outputTokens: { total: 1, text: 1, reasoning: 0 },
      },
      warnings: [],
    };
  },
});
const model = wrapLanguageModel({ model: mock, middleware: memory.middleware });
const user = { subjectId: `ai-sdk-example-${Date.now()}` };

// Session 1: the user says something worth remembering; flush() waits for capture and learn.
await generateText({
  model,
  prompt: 'I am vegetarian and I live in Porto.',
  providerOptions: { hx: { ...user, sessionId: 's1' } },
});
await memory.flush();
// Session 2: the model's prompt now carries the memory block.
await generateText({
  model,
  prompt: 'Suggest a dinner place near me.',
  providerOptions: { hx: { ...user, sessionId: 's2' } },
});
await memory.flush();
console.log(injected ?? '(no memory injected)');

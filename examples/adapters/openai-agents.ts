/**
 * Hx memory in the OpenAI Agents SDK: the model-input filter injects what Hx remembers of the user
 * (the run context names them), the session captures the conversation. A scripted Model stands in
 * for OpenAI's, so it runs offline against your Hx server:
 *   HX_BASE_URL=http://localhost:8080 HX_API_KEY=hx_test_... npx tsx examples/adapters/openai-agents.ts
 * (from a directory where `@openai/agents` and `@hx-memory/openai-agents` are installed).
 */
import { hxMemory } from '@hx-memory/openai-agents';
import { Agent, type Model, type ModelRequest, Runner, Usage, setTracingDisabled } from '@openai/agents';

setTracingDisabled(true); // offline example: no traces sent
const requests: ModelRequest[] = [];
const model: Model = {
  async getResponse(request) {
    requests.push(request);
    const text = requests.length === 1 ? 'Noted!' : 'Try the vegetarian place by the river.';
    return {
      usage: new Usage(),
      output: [{ type: 'message', role: 'assistant', status: 'completed', content: [{ type: 'output_text', text }] }],
    };
  },
  getStreamedResponse() {
    throw new Error('not used here');
  },
};

const memory = hxMemory({ maxTokens: 600 }); // HX_BASE_URL, HX_API_KEY
const runner = new Runner({ callModelInputFilter: memory.inputFilter });
memory.attach(runner); // tool calls captured with their durations
const agent = new Agent({ name: 'concierge', instructions: 'Be brief.', model });
const userId = `agents-example-${Date.now()}`;

await runner.run(agent, 'I am vegetarian and I live in Porto.', { session: memory.session('s1'), context: { userId } });
await memory.flush(); // captured and learned
await runner.run(agent, 'Suggest a dinner place near me.', { session: memory.session('s2'), context: { userId } });
await memory.flush();
const input = requests[1]?.input;
const items = Array.isArray(input) ? (input as Array<{ content?: unknown }>) : [];
console.log(
  items.map((i) => (typeof i.content === 'string' ? i.content : '')).find((t) => t.startsWith('<hx-memory')) ??
    '(no memory injected)',
);

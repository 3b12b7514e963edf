/**
 * A chat agent loop with memory: every turn is captured, learned, and the next answer is prepared
 * from a synthesized context. There is no model here: the example prints the prompt it would send
 * (system text, the synthesized context, the user's message) and answers with a placeholder.
 * Run: `HX_BASE_URL=http://localhost:8080 HX_API_KEY=hx_test_... npx tsx examples/chat-agent.ts`.
 */
import { Hx } from '@hx-memory/sdk';

export interface Turn {
  user: string;
  prompt: string;
  context: string;
  tokens: number;
  answer: string;
}

const SYSTEM = 'You are a helpful assistant. Use the memory below when it is relevant; never invent facts.';

/** Stands in for a model call: a real agent sends `prompt` to its LLM here. */
function answerWithoutModel(prompt: string): string {
  const lines = prompt.split('\n').filter((l) => l.startsWith('- '));
  return lines.length ? `(model answer, grounded in ${lines.length} memory line(s))` : '(model answer)';
}

export async function chatAgent(
  messages: string[],
  options: { hx?: Hx; sessionId?: string; subjectId?: string; log?: (line: string) => void } = {},
): Promise<Turn[]> {
  const hx = options.hx ?? new Hx(); // HX_BASE_URL and HX_API_KEY
  const sessionId = options.sessionId ?? `chat-${Date.now().toString(36)}`;
  const subjectId = options.subjectId ?? 'user-1';
  const log = options.log ?? ((line: string) => console.log(line));
  const turns: Turn[] = [];

  for (const user of messages) {
    // 1. Remember what the user said.
    await hx.capture({ type: 'message', sessionId, subjectId, payload: { role: 'user', content: user } });
    // 2. Compile it (incremental: only the new events), waiting for the job.
    await hx.learn({ subjectId, wait: true });
    // 3. A context for this message, under a token budget.
    const pack = await hx.synthesize(user, { maxTokens: 800, subjectId });
    const prompt = `${SYSTEM}\n\n## Memory\n${pack.context || '(nothing yet)'}\n\n## User\n${user}`;
    const answer = answerWithoutModel(pack.context);
    log(
      `\n> ${user}\n--- prompt (${pack.budget.used}/${pack.budget.limit} context tokens) ---\n${prompt}\n< ${answer}`,
    );
    // 4. Remember the answer too, so the next turn sees the whole conversation.
    await hx.capture({ type: 'message', sessionId, subjectId, payload: { role: 'assistant', content: answer } });
    turns.push({ user, prompt, context: pack.context, tokens: pack.budget.used, answer });
  }
  return turns;
}

if (process.argv[1] && import.meta.url === new URL(`file://${process.argv[1]}`).href) {
  chatAgent([
    'Hi! I am Dana, I live in Lisbon and I prefer short answers.',
    'I am allergic to peanuts, keep that in mind for recipes.',
    'Can you suggest a dinner for tonight?',
  ]).catch((err: unknown) => {
    console.error(err);
    process.exitCode = 1;
  });
}

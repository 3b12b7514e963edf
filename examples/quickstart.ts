/**
 * Quickstart: register, create an API key, capture a conversation, learn, and synthesize a context.
 * Run against a server: `HX_BASE_URL=http://localhost:8080 npx tsx examples/quickstart.ts` (from the repository root).
 */
import { Hx } from '@hx-memory/sdk';

export async function quickstart(baseUrl = process.env.HX_BASE_URL ?? process.env.HX_URL ?? 'http://localhost:8080') {
  // 1. An account (its tenant is created with it) and a JWT for the account routes.
  const anonymous = new Hx({ baseUrl });
  const email = `quickstart-${Date.now().toString(36)}@example.com`;
  const { tokens } = await anonymous.auth.register({ email, password: 'correct-horse-battery', name: 'Quickstart' });
  const account = anonymous.withOptions({ accessToken: tokens.accessToken });

  // 2. An API key for the core routes; the key itself is only shown in this answer.
  const { key } = await account.apiKeys.create({ name: 'quickstart', environment: 'test' });
  const hx = new Hx({ baseUrl, apiKey: key });

  // 3. Capture what the agent saw and did.
  const sessionId = 'quickstart-session';
  await hx.captureBatch([
    {
      type: 'message',
      sessionId,
      payload: { role: 'user', content: 'I prefer answers in French. I work on the billing service.' },
    },
    { type: 'message', sessionId, payload: { role: 'assistant', content: "D'accord, je répondrai en français." } },
    {
      type: 'command_exec',
      sessionId,
      payload: { command: 'npm test', exitCode: 1, stdout: '', stderr: 'Error: ECONNREFUSED 127.0.0.1:5432' },
    },
    {
      type: 'command_exec',
      sessionId,
      payload: { command: 'docker compose up -d postgres', exitCode: 0, stdout: 'started', stderr: '' },
    },
    { type: 'test_run', sessionId, payload: { command: 'npm test', passed: 42, failed: 0, output: 'all green' } },
  ]);

  // 4. Compile memories and artifacts (waits for the job when it finishes within the request).
  const job = await hx.learn({ scope: 'incremental', wait: true });

  // 5. A prompt-ready context for the next question.
  const pack = await hx.synthesize('How should I answer, and how do I fix failing tests?');

  const artifacts = await hx.artifacts.list({ limit: 10 });
  return { email, job, pack, artifacts: artifacts.items };
}

// Run directly (not when imported by the test).
if (process.argv[1] && import.meta.url === new URL(`file://${process.argv[1]}`).href) {
  quickstart().then(
    ({ job, pack, artifacts }) => {
      console.log(`learn job ${job.jobId}: ${job.status}`);
      console.log(`artifacts: ${artifacts.map((a) => `${a.type} "${a.title}"`).join(', ') || 'none yet'}`);
      console.log(`\ncontext (${pack.budget.used}/${pack.budget.limit} tokens):\n${pack.context}`);
    },
    (err: unknown) => {
      console.error(err);
      process.exitCode = 1;
    },
  );
}

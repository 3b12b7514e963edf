/**
 * Micro benchmark of secret detection: the scanner over 1000-event batches shaped like capture
 * traffic (chat without any keyword, chat and tool calls that mention keys and tokens, events that
 * hold a secret), so a change to the ruleset shows its cost on the common case. No server, no I/O.
 *
 * Usage: pnpm --filter @hx-memory/bench bench:redaction  (REDACTION_BATCHES, default 50)
 */
import { findSecrets } from '../../server/src/redaction/index.js';

const BATCHES = Number(process.env.REDACTION_BATCHES ?? 50);

const plain = [
  'Can you summarise the meeting notes from Tuesday and list the action items for the design review?',
  'The deploy finished in 4 minutes; the canary looked healthy, so I promoted it to all regions.',
  'Let me check the logs for the checkout service between 10:00 and 10:30 UTC yesterday.',
];
const keywords = [
  'Remember to rotate the API key every 90 days; the password policy requires 14 characters.',
  'const apiKey = process.env.OPENAI_API_KEY; if (!apiKey) throw new Error("missing token");',
  'INFO usage prompt_tokens=1834 completion_tokens=412 total_tokens=2246 auth=ok',
];
const secrets = [
  'DB_PASSWORD=Tr0ub4dor&3x and the deploy key ghp_R8sK2mWq9ZtL4vXn7PcB1hJd6FyG3aNe0uTo',
  'curl -H "Authorization: Bearer Kq8ZtR3mWv9LpX2nB7cYh4Jd6Fs1Ga5Eu0Ti" https://api.acme.dev/v1/me',
];

function batch(kind: 'plain' | 'keywords' | 'mixed') {
  return Array.from({ length: 1000 }, (_, i) => {
    const pool =
      kind === 'plain' ? plain : kind === 'keywords' ? keywords : i % 20 === 0 ? secrets : [...plain, ...keywords];
    return {
      payload: { role: 'user', content: pool[i % pool.length], tool: { name: 'shell', args: { cwd: '/srv/app' } } },
      metadata: { source: 'bench', turn: i },
    };
  });
}

for (const kind of ['plain', 'keywords', 'mixed'] as const) {
  const events = batch(kind);
  for (const e of events.slice(0, 100)) findSecrets(e); // warm up the regex engine
  const ms: number[] = [];
  let findings = 0;
  for (let b = 0; b < BATCHES; b++) {
    const t = performance.now();
    for (const e of events) findings += findSecrets(e).length;
    ms.push(performance.now() - t);
  }
  ms.sort((a, b) => a - b);
  const p50 = ms[Math.floor(ms.length / 2)]!;
  const p95 = ms[Math.floor(ms.length * 0.95)]!;
  console.log(
    `${kind.padEnd(9)} 1000 events: p50 ${p50.toFixed(2)} ms, p95 ${p95.toFixed(2)} ms, findings/batch ${findings / BATCHES}`,
  );
}

/**
 * Context hygiene (issue 28) on a small scripted corpus, through the HTTP API: what a new user saw.
 * A person says where they live, a preference and an allergy, then moves; a deploy agent hits a
 * terraform state lock three times and fixes it. After learn, queries are asked at several budgets
 * and three faults are counted (the goal is 0 of each):
 * - duplicate facts: a scripted fact (its marker word) said more than once in one context;
 * - superseded facts: the old city in a context (the person moved since);
 * - empty at a small budget: an empty context for a query something matches, at 16-64 tokens.
 */
import type { BenchClient } from '../lib/bench-server.js';

export interface Hygiene {
  contexts: number;
  duplicateFacts: number;
  supersededFacts: number;
  emptyAtSmallBudget: number;
}

const day = (d: number, m = 0) => new Date(Date.UTC(2026, 0, d, 10, m)).toISOString();

function corpus(namespace: string) {
  const say = (content: string, at: string) => ({
    type: 'message',
    namespace,
    sessionId: 'chat',
    subjectId: 'dana',
    occurredAt: at,
    payload: { role: 'user', content },
  });
  const run = (n: number) => {
    const at = (m: number) => day(10 + n, m);
    const e = (type: string, payload: Record<string, unknown>, m: number) => ({
      type,
      namespace,
      sessionId: `deploy-${n}`,
      agentId: 'ops',
      occurredAt: at(m),
      payload,
      metadata: m === 0 ? { task: 'deploy staging' } : {},
    });
    return [
      e('message', { role: 'user', content: 'Deploy the staging stack with terraform.' }, 0),
      e(
        'command_exec',
        { command: 'terraform apply', exitCode: 1, stdout: '', stderr: 'Error: Error acquiring the state lock' },
        1,
      ),
      e(
        'command_exec',
        { command: 'terraform force-unlock -force 1234', exitCode: 0, stdout: 'unlocked', stderr: '' },
        2,
      ),
      e('command_exec', { command: 'terraform apply', exitCode: 0, stdout: 'Apply complete!', stderr: '' }, 3),
      e('outcome', { status: 'success', task: 'deploy staging' }, 4),
    ];
  };
  return [
    say('I live in Lisbon and I prefer short answers.', day(1)),
    say('I am allergic to peanuts, keep that in mind for recipes.', day(2)),
    say('I moved to Porto last month, I live in Porto now.', day(20)),
    ...run(1),
    ...run(2),
    ...run(3),
  ];
}

/** Marker word of each scripted fact: said twice in one context is a duplicate. */
const FACTS = [/porto/i, /peanut/i, /short answers/i];
const QUERIES = [
  'Where does dana live?',
  'What is dana allergic to?',
  'Tell me about dana',
  'Can you suggest a dinner for tonight?',
  'how do I fix a terraform state lock',
];
const BUDGETS = [16, 24, 64, 200, 2000];

/**
 * `ready` runs after learn, before the queries (with embeddings on: until everything has vectors).
 * HYGIENE_VERBOSE=1 prints each context with a fault.
 */
export async function hygieneCheck(client: BenchClient, ready?: () => Promise<unknown>): Promise<Hygiene> {
  const namespace = 'hygiene';
  const res = await client.post('/v1/capture/batch', { events: corpus(namespace) });
  if (res.status !== 201 && res.status !== 200) throw new Error(`hygiene capture failed: ${JSON.stringify(res.data)}`);
  const learned = await client.post<{ status?: string }>('/v1/learn', { scope: 'full', namespace, wait: true });
  if (learned.status >= 400) throw new Error(`hygiene learn failed: ${JSON.stringify(learned.data)}`);
  await ready?.();
  const out: Hygiene = { contexts: 0, duplicateFacts: 0, supersededFacts: 0, emptyAtSmallBudget: 0 };
  for (const query of QUERIES)
    for (const maxTokens of BUDGETS) {
      const r = await client.post<{ context: string }>('/v1/synthesize', {
        query,
        namespace,
        subjectId: query.includes('terraform') ? undefined : 'dana',
        options: { maxTokens },
      });
      if (r.status !== 200) throw new Error(`hygiene synthesize failed: ${r.status} ${JSON.stringify(r.data)}`);
      const { context } = r.data;
      out.contexts += 1;
      // Per line: one line may name a fact twice ("I moved to Porto, I live in Porto now").
      const lines = context.split('\n');
      const faults: string[] = [];
      for (const fact of FACTS)
        if (lines.filter((l) => l.search(fact) >= 0).length > 1) faults.push(`duplicate ${fact.source}`);
      if (/lisbon/i.test(context)) faults.push('superseded');
      if (maxTokens <= 64 && context.trim().length === 0) faults.push('empty');
      out.duplicateFacts += faults.filter((f) => f.startsWith('duplicate')).length;
      out.supersededFacts += faults.includes('superseded') ? 1 : 0;
      out.emptyAtSmallBudget += faults.includes('empty') ? 1 : 0;
      if (process.env.HYGIENE_VERBOSE && faults.length > 0)
        console.error(`--- ${query} @${maxTokens}: ${faults.join(', ')}\n${context}\n`);
    }
  return out;
}

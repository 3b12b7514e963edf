import { it } from 'vitest';
import { type DatedTurn, datedTurnEvents, learnedTenant, useTestServer } from '../helpers/index.js';
const server = useTestServer();
const T: DatedTurn[] = [
  ["Hi! I'm Priya. I live in Lisbon and work as a data engineer at Feedzai.", '2026-01-05T09:00:00Z', 's1'],
  ["Nice to meet you Priya! How can I help?", '2026-01-05T09:00:10Z', 's1', 'assistant'],
  ["I'm vegetarian and allergic to peanuts, so keep that in mind for recipes.", '2026-01-05T09:01:00Z', 's1'],
  ["Noted! I'll avoid peanuts and meat in any recipe suggestions.", '2026-01-05T09:01:10Z', 's1', 'assistant'],
  ["I'm training for the Lisbon half marathon in April. My goal is to finish it under 2 hours.", '2026-01-12T07:00:00Z', 's2'],
  ["Great goal! A 2-hour half marathon is very achievable with consistent training.", '2026-01-12T07:00:10Z', 's2', 'assistant'],
  ["Please keep answers short, bullet points if possible.", '2026-01-12T07:01:00Z', 's2'],
  ["My sister Ana is visiting from Porto next weekend.", '2026-02-02T18:00:00Z', 's3'],
  ["I moved to Berlin last week! New job at Zalando.", '2026-03-10T20:00:00Z', 's4'],
  ["Congrats on the move! How is Berlin so far?", '2026-03-10T20:00:10Z', 's4', 'assistant'],
  ["Love it, but the weather is rough. I run along the Spree every morning.", '2026-03-10T20:01:00Z', 's4'],
  ["I ran the half marathon in 1:54! So happy.", '2026-04-06T12:00:00Z', 's5'],
  ["We use Postgres for our main database and Redis for caching at work.", '2026-04-20T10:00:00Z', 's6'],
  ["Our deploys keep failing with a terraform state lock error. I fixed it by running terraform force-unlock with the lock id.", '2026-04-21T10:00:00Z', 's6'],
];
it('probe', async () => {
  const hx = await learnedTenant(server, 'probe', datedTurnEvents('priya', T));
  for (const q of ['Where does Priya live and work?', 'Suggest a dinner recipe', 'How did the half marathon go?', 'What database do we use?', 'Tell me about Priya', 'who is Ana?']) {
    const pack = await hx.synthesize(q, { subjectId: 'priya', maxTokens: 500 });
    console.log(`\n===== ${q} (${pack.budget?.used ?? ''})\n${pack.context}`);
  }
}, 60000);

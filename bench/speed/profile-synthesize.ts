/**
 * Profiling tool for synthesize (not a benchmark: run.ts is). Seeds memories into one namespace as
 * run.ts does, runs synthesize through HTTP and prints the latency with the time spent in each kind
 * of SQL statement, so a change to retrieval can be measured quickly.
 *
 * Usage (from bench/): npx tsx --conditions=hx-source speed/profile-synthesize.ts
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/<fresh db> REDIS_URL=redis://127.0.0.1:6379 npx tsx ...
 *   node --cpu-prof --cpu-prof-dir=/tmp/prof --conditions=hx-source --import tsx speed/profile-synthesize.ts
 * Env: MEMORIES (default 100000), QUERIES (default 300), QUESTION_SEED (questions from another corpus
 * seed, whose words the memories mostly do not contain, as bench:compare asks; default: the same).
 */
import { startBenchServer } from '../lib/bench-server.js';
import { timeStatements } from '../lib/sql-timing.js';
import { createCorpus } from './corpus.js';
import { seedMemories } from './seed.js';

const MEMORIES = Number(process.env.MEMORIES ?? 100_000);
const QUERIES = Number(process.env.QUERIES ?? 300);

const q = (s: number[], x: number) => s[Math.min(s.length - 1, Math.floor(x * s.length))] ?? 0;

async function main() {
  const client = await startBenchServer({
    DATABASE_URL: process.env.DATABASE_URL,
    REDIS_URL: process.env.REDIS_URL,
    RATE_LIMIT_PREFIX: `hx:profile:${process.pid}`,
    QUEUE_PREFIX: `hx:profile:${process.pid}:bull`,
  });
  const { database } = client.running.ctx;
  const corpus = createCorpus(7);
  await seedMemories(client, corpus, MEMORIES, 'profile-synth');
  const questions = process.env.QUESTION_SEED ? createCorpus(Number(process.env.QUESTION_SEED)) : corpus;

  // Time every statement that goes through database.rows, grouped by its first words.
  const sqlTime = timeStatements(database);

  // Time inside the synthesize service, to tell it from HTTP, auth and limits.
  const service = client.running.ctx.services.synthesize;
  const inner = service.synthesize.bind(service);
  const serviceMs: number[] = [];
  service.synthesize = async (...args: Parameters<typeof inner>) => {
    const t0 = performance.now();
    try {
      return await inner(...args);
    } finally {
      serviceMs.push(performance.now() - t0);
    }
  };

  const ms: number[] = [];
  for (let i = 0; i < QUERIES + 20; i++) {
    if (i === 20) {
      sqlTime.clear();
      serviceMs.length = 0;
    }
    const t0 = performance.now();
    const res = await client.post('/v1/synthesize', {
      query: questions.question(),
      namespace: 'profile-synth',
      options: { maxTokens: 2000 },
    });
    if (res.status !== 200) throw new Error(`synthesize ${res.status} ${JSON.stringify(res.data)}`);
    if (i >= 20) ms.push(performance.now() - t0);
  }
  ms.sort((a, b) => a - b);
  console.log(
    `[${client.driver}] synthesize, ${MEMORIES} memories: p50 ${q(ms, 0.5).toFixed(1)} p95 ${q(ms, 0.95).toFixed(1)} max ${q(ms, 1).toFixed(1)} ms`,
  );
  serviceMs.sort((a, b) => a - b);
  console.log(`  service: p50 ${q(serviceMs, 0.5).toFixed(1)} p95 ${q(serviceMs, 0.95).toFixed(1)} ms`);
  for (const [label, s] of [...sqlTime.entries()].sort((a, b) => b[1].ms - a[1].ms))
    console.log(`  ${(s.ms / QUERIES).toFixed(2).padStart(7)} ms/query  ${String(s.n).padStart(5)}x  ${label}`);
  await client.close();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

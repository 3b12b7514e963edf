/**
 * Speed benchmark: capture/batch of 1000 events (latency), learn (events compiled per second) and
 * synthesize p95 with 100,000 memories in the namespace, through the HTTP API of an in-process
 * server, on embedded PGlite and on PostgreSQL (a fresh database created for the run and dropped
 * after). The 100,000 memories are seeded by direct SQL inserts (compiling them through learn would
 * take the benchmark's time, not measure synthesize); everything measured goes through HTTP.
 *
 * Usage: pnpm bench:speed [--driver pglite|postgres|both]  (PG_URL, default postgres://postgres@127.0.0.1:5432, REDIS_URL)
 */
import os from 'node:os';
import { type BenchClient, startBenchServer } from '../lib/bench-server.js';
import { createFreshDatabase, type FreshDatabase, REDIS_URL } from '../lib/fresh-postgres.js';
import { createCorpus } from './corpus.js';
import { seedMemories } from './seed.js';

const BATCHES = Number(process.env.SPEED_BATCHES ?? 10);
const LEARN_EVENTS = Number(process.env.SPEED_LEARN_EVENTS ?? 10_000);
const MEMORIES = Number(process.env.SPEED_MEMORIES ?? 100_000);
const QUERIES = Number(process.env.SPEED_QUERIES ?? 300);

function quantile(sorted: number[], q: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] as number;
}

function stats(ms: number[]) {
  const s = [...ms].sort((a, b) => a - b);
  return { n: s.length, p50: quantile(s, 0.5), p95: quantile(s, 0.95), max: s[s.length - 1] ?? 0 };
}

const fmt = (x: number) => x.toFixed(1);

async function benchCapture(client: BenchClient, corpus: ReturnType<typeof createCorpus>) {
  const ms: number[] = [];
  for (let b = 0; b <= BATCHES; b++) {
    const events = Array.from({ length: 1000 }, (_, i) => ({
      type: 'message',
      sessionId: `speed-capture-${b}-${Math.floor(i / 50)}`,
      namespace: 'speed-capture',
      payload: { role: 'user', content: corpus.sentence() },
      metadata: { n: i },
    }));
    const t0 = performance.now();
    const res = await client.post('/v1/capture/batch', { events });
    const t = performance.now() - t0;
    if (res.status !== 201) throw new Error(`capture batch failed: ${res.status} ${JSON.stringify(res.data)}`);
    if (b > 0) ms.push(t); // the first batch warms up the connection and JIT
  }
  return stats(ms);
}

async function benchLearn(client: BenchClient, corpus: ReturnType<typeof createCorpus>) {
  for (let i = 0; i < LEARN_EVENTS; i += 1000) {
    const events = Array.from({ length: Math.min(1000, LEARN_EVENTS - i) }, (_, j) => ({
      type: 'message',
      sessionId: `speed-learn-${Math.floor((i + j) / 40)}`,
      namespace: 'speed-learn',
      payload: { role: 'user', content: corpus.sentence() },
    }));
    const res = await client.post('/v1/capture/batch', { events });
    if (res.status !== 201) throw new Error(`capture for learn failed: ${res.status}`);
  }
  const t0 = performance.now();
  let res = await client.post<{
    id?: string;
    jobId?: string;
    status: string;
    stats?: { eventsProcessed: number; compilationMs: number };
  }>('/v1/learn', { scope: 'incremental', namespace: 'speed-learn', wait: true });
  if (res.status === 501 || res.status === 404) return undefined;
  let job = res.data;
  while (job.status === 'queued' || job.status === 'running') {
    await new Promise((r) => setTimeout(r, 50));
    res = await client.get(`/v1/learn/jobs/${job.jobId ?? job.id}`);
    job = res.data;
  }
  const wallMs = performance.now() - t0;
  if (job.status !== 'completed') throw new Error(`learn ${job.status}: ${JSON.stringify(job)}`);
  const processed = job.stats?.eventsProcessed ?? LEARN_EVENTS;
  return { processed, wallMs, eventsPerSecond: processed / (wallMs / 1000), compilationMs: job.stats?.compilationMs };
}

async function benchSynthesize(client: BenchClient, corpus: ReturnType<typeof createCorpus>) {
  const ms: number[] = [];
  const tokens: number[] = [];
  for (let i = 0; i < QUERIES + 20; i++) {
    const t0 = performance.now();
    const res = await client.post<{ budget: { used: number }; entries: unknown[] }>('/v1/synthesize', {
      query: corpus.question(),
      namespace: 'speed-synth',
      options: { maxTokens: 2000 },
    });
    const t = performance.now() - t0;
    if (res.status !== 200) throw new Error(`synthesize failed: ${res.status} ${JSON.stringify(res.data)}`);
    if (i >= 20) {
      ms.push(t);
      tokens.push(res.data.budget.used);
    }
  }
  return { ...stats(ms), tokens: tokens.reduce((a, b) => a + b, 0) / tokens.length };
}

async function runOn(driver: 'pglite' | 'postgres') {
  let fresh: FreshDatabase | undefined;
  const env: Record<string, string | undefined> = {};
  if (driver === 'postgres') {
    fresh = await createFreshDatabase('speed');
    env.DATABASE_URL = fresh.url;
    env.REDIS_URL = REDIS_URL;
    env.RATE_LIMIT_PREFIX = `hx:bench:${fresh.name}`;
    // Its own queues too: another run's worker on this Redis must not take its learn jobs.
    env.QUEUE_PREFIX = `hx:bench:${fresh.name}:bull`;
  }
  const corpus = createCorpus(7);
  const client = await startBenchServer(env);
  try {
    const capture = await benchCapture(client, corpus);
    console.error(`[${driver}] capture/batch 1000: p50 ${fmt(capture.p50)} ms, p95 ${fmt(capture.p95)} ms`);
    const learn = await benchLearn(client, corpus);
    console.error(`[${driver}] learn: ${learn ? `${learn.eventsPerSecond.toFixed(0)} ev/s` : 'not available'}`);
    const seedMs = await seedMemories(client, corpus, MEMORIES, 'speed-synth');
    console.error(`[${driver}] seeded ${MEMORIES} memories in ${(seedMs / 1000).toFixed(1)} s`);
    const synth = await benchSynthesize(client, corpus);
    console.error(`[${driver}] synthesize: p50 ${fmt(synth.p50)} ms, p95 ${fmt(synth.p95)} ms`);
    return { driver, capture, learn, synth };
  } finally {
    await client.close();
    await fresh?.drop();
  }
}

async function main() {
  const arg = process.argv.indexOf('--driver');
  const which = arg > 0 ? process.argv[arg + 1] : 'both';
  const drivers: Array<'pglite' | 'postgres'> =
    which === 'both' ? ['postgres', 'pglite'] : [which as 'pglite' | 'postgres'];
  const results = [];
  for (const d of drivers) results.push(await runOn(d));
  const cpu = os.cpus()[0]?.model ?? 'unknown cpu';
  const lines = [
    `Machine: ${cpu}, ${os.cpus().length} cores, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}, ${os.platform()} ${os.release()}`,
    '',
    '| measure | target | ' + results.map((r) => r.driver).join(' | ') + ' |',
    '|---|---|' + results.map(() => '---').join('|') + '|',
    `| capture/batch of 1000 events, p50 / p95 (${BATCHES} batches) | < 150 ms | ${results.map((r) => `${fmt(r.capture.p50)} / ${fmt(r.capture.p95)} ms`).join(' | ')} |`,
    `| learn, events compiled per second (${LEARN_EVENTS} events, wall time of the job) | >= 2000 ev/s | ${results.map((r) => (r.learn ? `${r.learn.eventsPerSecond.toFixed(0)} ev/s` : 'n/a')).join(' | ')} |`,
    `| synthesize p50 / p95 with ${MEMORIES.toLocaleString('en')} memories (${QUERIES} queries, maxTokens 2000) | p95 < 20 ms | ${results.map((r) => `${fmt(r.synth.p50)} / ${fmt(r.synth.p95)} ms`).join(' | ')} |`,
  ];
  console.log(lines.join('\n'));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

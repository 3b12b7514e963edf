/**
 * Profiling tool for the two hot paths (capture/batch and learn), through the HTTP API of an
 * in-process server. Not a benchmark (bench/speed is); it prints per-run timings so a change can be
 * measured quickly, and can run under `node --cpu-prof`.
 *
 * Usage (from bench/):
 *   npx tsx --conditions=hx-source speed/profile-hot-paths.ts [capture] [learn-locomo] [learn-trace]
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/<db> REDIS_URL=redis://127.0.0.1:6379 npx tsx --conditions=hx-source ...
 *   node --cpu-prof --cpu-prof-dir=/tmp/prof --conditions=hx-source --import tsx speed/profile-hot-paths.ts capture
 * Env: BATCHES (capture batches, default 15), LOCOMO (path, default ../../shared/bench-data/locomo-dev.json),
 *   TRACE_EVENTS (synthetic agent-trace events, default 10000).
 */
import { readFileSync } from 'node:fs';
import { startBenchServer } from '../lib/bench-server.js';

const LOCOMO = process.env.LOCOMO ?? new URL('../../../shared/bench-data/locomo-dev.json', import.meta.url).pathname;
const BATCHES = Number(process.env.BATCHES ?? 15);
const TRACE_EVENTS = Number(process.env.TRACE_EVENTS ?? 10_000);

function summary(ms: number[]) {
  const s = [...ms].sort((a, b) => a - b);
  const q = (x: number) => s[Math.min(s.length - 1, Math.floor(x * s.length))]!.toFixed(1);
  return `min ${s[0]!.toFixed(1)} p50 ${q(0.5)} p95 ${q(0.95)} ms (n=${s.length})`;
}

const WORDS = 'the a deploy build test cache server client database index query error fixed retry timeout config'.split(
  ' ',
);
const rnd = (n: number) => Math.floor(Math.random() * n);
const sentence = () => Array.from({ length: 8 + rnd(14) }, () => WORDS[rnd(WORDS.length)]).join(' ');

function locomoEvents(): Record<string, unknown>[] {
  const samples = JSON.parse(readFileSync(LOCOMO, 'utf8')) as Array<{
    sample_id: string;
    conversation: Record<string, unknown>;
  }>;
  const out: Record<string, unknown>[] = [];
  for (const s of samples) {
    for (let n = 1; n <= 60; n++) {
      const turns = s.conversation[`session_${n}`] as
        | Array<{ speaker: string; dia_id: string; text: string; blip_caption?: string }>
        | undefined;
      if (!turns) continue;
      const m = /(\d{1,2}):(\d{2})\s*(am|pm)\s+on\s+(\d{1,2})\s+([A-Za-z]+),?\s+(\d{4})/i.exec(
        String(s.conversation[`session_${n}_date_time`]),
      );
      const at = m ? new Date(`${m[4]} ${m[5]} ${m[6]} ${m[1]}:${m[2]} ${m[3]} UTC`) : new Date();
      turns.forEach((t, i) => {
        out.push({
          type: 'message',
          sessionId: `${s.sample_id}-session_${n}`,
          namespace: 'perf-locomo',
          subjectId: s.sample_id,
          payload: { role: 'user', content: t.text },
          metadata: {
            speaker: t.speaker,
            dia_id: t.dia_id,
            ...(t.blip_caption ? { blip_caption: t.blip_caption } : {}),
          },
          occurredAt: new Date(at.getTime() + i * 30_000).toISOString(),
        });
      });
    }
  }
  return out;
}

function traceEvents(count: number): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = [];
  const cmds = ['pnpm test', 'pnpm build', 'npx tsc --noEmit', 'git push', 'docker compose up -d'];
  for (let i = 0; out.length < count; i++) {
    const sessionId = `run-${Math.floor(i / 6)}`;
    const cmd = cmds[rnd(cmds.length)]!;
    const failed = rnd(3) === 0;
    const base = { sessionId, namespace: 'perf-trace', agentId: 'agent-perf' };
    out.push({ ...base, type: 'message', payload: { role: 'user', content: `please ${sentence()}` } });
    out.push({
      ...base,
      type: 'command_exec',
      payload: {
        command: cmd,
        exitCode: failed ? 1 : 0,
        stdout: sentence(),
        stderr: failed ? `Error: ENOENT /tmp/x${rnd(100)}` : '',
      },
    });
    if (failed) {
      out.push({
        ...base,
        type: 'file_edit',
        payload: { path: `src/f${rnd(20)}.ts`, summary: 'fix import', diff: '+a' },
      });
      out.push({ ...base, type: 'command_exec', payload: { command: cmd, exitCode: 0, stdout: 'ok', stderr: '' } });
    }
    out.push({ ...base, type: 'test_run', payload: { command: 'pnpm test', passed: 10 + rnd(5), failed: 0 } });
    out.push({ ...base, type: 'outcome', payload: { success: !failed, summary: sentence() } });
  }
  return out.slice(0, count);
}

async function main() {
  const which = new Set(process.argv.slice(2));
  if (which.size === 0) for (const w of ['capture', 'learn-locomo', 'learn-trace']) which.add(w);
  const client = await startBenchServer({
    DATABASE_URL: process.env.DATABASE_URL,
    REDIS_URL: process.env.REDIS_URL,
    RATE_LIMIT_PREFIX: `hx:perf:${process.pid}`,
    QUEUE_PREFIX: `hx:perf:${process.pid}:bull`,
  });
  const post = (path: string, body: unknown) => client.post(path, body);
  const { driver } = client;
  try {
    if (which.has('capture')) {
      const ms: number[] = [];
      for (let b = 0; b <= BATCHES; b++) {
        const events = Array.from({ length: 1000 }, (_, i) => ({
          type: 'message',
          sessionId: `perf-capture-${b}-${Math.floor(i / 50)}`,
          namespace: 'perf-capture',
          payload: { role: 'user', content: sentence() },
          metadata: { n: i },
        }));
        const t0 = performance.now();
        const res = await post('/v1/capture/batch', { events });
        const t = performance.now() - t0;
        if (res.status !== 201) throw new Error(`capture ${res.status} ${JSON.stringify(res.data)}`);
        if (b > 0) ms.push(t);
      }
      console.log(`[${driver}] capture/batch 1000: ${summary(ms)}`);
    }
    for (const [name, list] of [
      ['learn-locomo', () => locomoEvents()],
      ['learn-trace', () => traceEvents(TRACE_EVENTS)],
    ] as const) {
      if (!which.has(name)) continue;
      const all = list();
      const ns = (all[0] as { namespace: string }).namespace;
      const c0 = performance.now();
      for (let i = 0; i < all.length; i += 1000) {
        const res = await post('/v1/capture/batch', { events: all.slice(i, i + 1000) });
        if (res.status !== 201 && res.status !== 200)
          throw new Error(`capture ${res.status} ${JSON.stringify(res.data)}`);
      }
      console.log(`[${driver}] ${name}: captured ${all.length} events in ${(performance.now() - c0).toFixed(0)} ms`);
      const t0 = performance.now();
      const res = await post('/v1/learn', { scope: 'incremental', namespace: ns, wait: true });
      const wall = performance.now() - t0;
      const job = res.data as { status: string; stats: Record<string, number>; artifacts: Record<string, unknown> };
      if (job.status !== 'completed') throw new Error(`learn ${JSON.stringify(job)}`);
      console.log(
        `[${driver}] ${name}: ${job.stats.eventsProcessed} events in ${wall.toFixed(0)} ms = ${((job.stats.eventsProcessed! / wall) * 1000).toFixed(0)} ev/s; memories ${job.stats.memoriesProcessed} (created ${job.stats.memoriesCreated}, merged ${job.stats.memoriesMerged}), artifacts ${JSON.stringify(job.artifacts)}`,
      );
    }
  } finally {
    await client.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

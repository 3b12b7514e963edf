/**
 * Soak: mixed traffic against one server process for SOAK_MINUTES (default 10, hard-stopped), sampled
 * every SAMPLE_SECONDS: the server's RSS and event-loop lag (from its /metrics), PostgreSQL
 * connections of its database, and requests and errors per minute. Prints a table per minute and
 * writes the samples as JSON beside this file (results-<time>.json).
 *
 *   PG_URL=postgres://postgres@127.0.0.1:5432 REDIS_URL=redis://127.0.0.1:6379 \
 *     npx tsx --conditions=hx-source bench/soak/run.ts
 *
 * The server runs as a child process (node with tsx as loader) on a fresh database, so its figures
 * do not include the load generator's. SOAK_CPU_PROF=<dir>: the server writes a V8 CPU profile there
 * when it stops (open it in Chrome's DevTools or speedscope).
 *
 * Requests are counted in the minute they end in. (Until 2026-11-29 they were summed per sample, and
 * samples drift past the 10-second mark, so a minute held five samples or seven: the per-minute
 * figures of earlier runs in BENCHMARKS.md swing by a sixth for that reason alone.)
 *
 * SOAK_MIX=history (issue 29): the large-history mix instead, one tenant (SOAK_TENANTS) whose events
 * pile up: a quarter each of single captures, capture batches of 50, synthesize with 800 tokens
 * (questions whose words are common, rare, and in no event) and artifact lists. Synthesize latency is
 * reported per minute too, and the last minute's throughput against the first's.
 */
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import postgres from 'postgres';
import { createFreshDatabase, PG_URL, REDIS_URL } from '../lib/fresh-postgres.js';

const MINUTES = Number(process.env.SOAK_MINUTES ?? 10);
const SAMPLE_SECONDS = Number(process.env.SAMPLE_SECONDS ?? 10);
const CONCURRENCY = Number(process.env.SOAK_CONCURRENCY ?? 8);
const MIX = process.env.SOAK_MIX === 'history' ? 'history' : 'default';
const TENANTS = Number(process.env.SOAK_TENANTS ?? (MIX === 'history' ? 1 : 4));
/** The history mix's questions: words common in its events, a rare one, and words in none. */
const HISTORY_QUESTIONS = ['which version was deployed', 'what tea do I like', 'zebra quantum flux'];
const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '../..');

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

async function call(url: string, method: string, token: string | undefined, body?: unknown) {
  const res = await fetch(url, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, text };
}

/** One value of a Prometheus text exposition (first series of that name). */
function metric(text: string, name: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${name} `) || l.startsWith(`${name}{`));
  return line ? Number(line.split(' ').pop()) : undefined;
}

const TOPICS = ['deploy', 'linter', 'database', 'vim', 'coffee', 'review', 'staging', 'tests', 'oncall', 'release'];

async function main() {
  const db = await createFreshDatabase('soak');
  const admin = postgres(`${PG_URL}/postgres`, { max: 1, onnotice: () => {} });
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(
    process.execPath,
    [
      ...(process.env.SOAK_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.SOAK_CPU_PROF}`] : []),
      '--conditions=hx-source',
      '--import',
      'tsx',
      join(root, 'server/src/main.ts'),
    ],
    {
      cwd: root,
      env: {
        PATH: process.env.PATH ?? '',
        HOST: '127.0.0.1',
        PORT: String(port),
        DATABASE_URL: db.url,
        REDIS_URL,
        QUEUE_PREFIX: `hx-soak:${Date.now()}`,
        RATE_LIMIT_PREFIX: `hx-soak-rl:${Date.now()}`,
        DATA_DIR: 'memory://',
        JWT_SECRET: 'soak-jwt-secret-0123456789abcdef0123',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  let out = '';
  child.stdout?.on('data', (d) => {
    out += String(d);
  });
  const hardStop = setTimeout(() => child.kill('SIGKILL'), (MINUTES + 5) * 60_000);
  hardStop.unref();
  const cleanup = async () => {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    await db.drop().catch(() => {});
    await admin.end();
  };
  try {
    for (let i = 0; i < 600 && !out.includes('listening on'); i++) await sleep(100);
    if (!out.includes('listening on')) throw new Error('server did not start');

    const tenants: string[] = [];
    for (let t = 0; t < TENANTS; t++) {
      const email = `soak-${t}-${Date.now().toString(36)}@example.com`;
      const reg = await call(`${url}/v1/auth/register`, 'POST', undefined, {
        email,
        password: 'soak-password-123',
        name: 'soak',
      });
      const jwt = JSON.parse(reg.text).data.tokens.accessToken as string;
      const key = await call(`${url}/v1/api-keys`, 'POST', jwt, { name: 'soak', environment: 'live' });
      tenants.push(JSON.parse(key.text).data.key as string);
    }

    const started = Date.now();
    const end = started + MINUTES * 60_000;
    const counts = { requests: 0, errors: 0, byStatus: new Map<number, number>() };
    /** The minute (1-based) a request ended in; the few still in flight at the end count in the last. */
    const minuteNow = () => Math.min(MINUTES, Math.floor((Date.now() - started) / 60_000) + 1);
    /** Requests and errors by the minute they ended in (not by sample: samples drift off the minute). */
    const byMinute = new Map<number, { requests: number; errors: number }>();
    /** Synthesize latencies by the minute they ended in. */
    const synthesizeMs = new Map<number, number[]>();
    let n = 0;
    const history = async (key: string, i: number) => {
      const pick = i % 4;
      const turn = (j: number) => ({
        type: 'message',
        sessionId: `soak-${j % 200}`,
        payload: {
          role: 'user',
          content: `Note ${j}: version ${j % 97} of the ${TOPICS[j % TOPICS.length]} service was deployed; I like ${j % 3 ? 'green' : 'black'} tea`,
        },
      });
      if (pick === 0) return call(`${url}/v1/capture`, 'POST', key, turn(i * 50));
      if (pick === 1)
        return call(`${url}/v1/capture/batch`, 'POST', key, {
          events: Array.from({ length: 50 }, (_, j) => turn(i * 50 + j)),
        });
      if (pick === 3) return call(`${url}/v1/artifacts?limit=20`, 'GET', key);
      const query = HISTORY_QUESTIONS[Math.floor(i / 4) % HISTORY_QUESTIONS.length] as string;
      const t0 = performance.now();
      const res = await call(`${url}/v1/synthesize`, 'POST', key, { query, options: { maxTokens: 800 } });
      const minute = minuteNow();
      synthesizeMs.set(minute, [...(synthesizeMs.get(minute) ?? []), performance.now() - t0]);
      return res;
    };
    const loop = async () => {
      while (Date.now() < end) {
        const i = n++;
        const key = tenants[i % tenants.length] as string;
        const topic = TOPICS[i % TOPICS.length];
        const pick = i % 20;
        let res: { status: number };
        let failed = false;
        try {
          if (MIX === 'history') res = await history(key, i);
          else if (pick < 13)
            res = await call(`${url}/v1/capture`, 'POST', key, {
              type: 'message',
              sessionId: `soak-${i % 50}`,
              payload: { role: 'user', content: `Note ${i}: I prefer to talk about ${topic} on day ${i % 31}` },
            });
          else if (pick < 17) res = await call(`${url}/v1/synthesize`, 'POST', key, { query: `what about ${topic}?` });
          else if (pick < 19) res = await call(`${url}/v1/memories?limit=20`, 'GET', key);
          else res = await call(`${url}/v1/learn`, 'POST', key, { scope: 'incremental' });
          counts.byStatus.set(res.status, (counts.byStatus.get(res.status) ?? 0) + 1);
          failed = res.status >= 500;
        } catch {
          failed = true;
        }
        counts.requests += 1;
        if (failed) counts.errors += 1;
        const endedIn = minuteNow();
        const minute = byMinute.get(endedIn) ?? { requests: 0, errors: 0 };
        minute.requests += 1;
        if (failed) minute.errors += 1;
        byMinute.set(endedIn, minute);
      }
    };

    const samples: Array<Record<string, number>> = [];
    const sampler = (async () => {
      let lastRequests = 0;
      let lastErrors = 0;
      while (Date.now() < end) {
        await sleep(SAMPLE_SECONDS * 1000);
        const metrics = (await call(`${url}/metrics`, 'GET', undefined)).text;
        const [conn] = await admin`select count(*)::int as n from pg_stat_activity where datname = ${db.name}`;
        const sample = {
          second: Math.round((Date.now() - started) / 1000),
          rssMiB: Math.round((metric(metrics, 'process_resident_memory_bytes') ?? 0) / 1048576),
          heapMiB: Math.round((metric(metrics, 'nodejs_heap_size_used_bytes') ?? 0) / 1048576),
          lagP99Ms: Math.round((metric(metrics, 'nodejs_eventloop_lag_p99_seconds') ?? 0) * 1000),
          lagMaxMs: Math.round((metric(metrics, 'nodejs_eventloop_lag_max_seconds') ?? 0) * 1000),
          dbConnections: conn?.n ?? 0,
          requests: counts.requests - lastRequests,
          errors: counts.errors - lastErrors,
        };
        lastRequests = counts.requests;
        lastErrors = counts.errors;
        samples.push(sample);
        process.stderr.write(`${JSON.stringify(sample)}\n`);
      }
    })();
    await Promise.all([...Array.from({ length: CONCURRENCY }, loop), sampler]);

    // Per minute: requests and errors as counted when they ended; the other figures from the samples
    // taken in that minute (the minute's last, the maximum of lag and connections).
    const perMinute = new Map<number, Record<string, number>>();
    for (const [minute, c] of [...byMinute].sort(([a], [b]) => a - b))
      perMinute.set(minute, { minute, requests: c.requests, errors: c.errors });
    for (const s of samples) {
      const minute = Math.min(MINUTES, Math.max(1, Math.ceil(s.second / 60)));
      const row = perMinute.get(minute) ?? { minute, requests: 0, errors: 0 };
      Object.assign(row, {
        rssMiB: s.rssMiB,
        heapMiB: s.heapMiB,
        lagP99Ms: Math.max(row.lagP99Ms ?? 0, s.lagP99Ms ?? 0),
        lagMaxMs: Math.max(row.lagMaxMs ?? 0, s.lagMaxMs ?? 0),
        dbConnections: Math.max(row.dbConnections ?? 0, s.dbConnections ?? 0),
      });
      perMinute.set(minute, row);
    }
    const pct = (xs: number[], p: number) => {
      const s = [...xs].sort((a, b) => a - b);
      return s.length ? (s[Math.min(s.length - 1, Math.floor(p * s.length))] as number).toFixed(1) : '-';
    };
    console.log(
      '| minute | requests | errors (5xx or cut) | RSS MiB | heap MiB | loop lag p99 / max ms | DB connections | synthesize p50 / p95 ms |',
    );
    console.log('| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
    for (const r of perMinute.values()) {
      const ms = synthesizeMs.get(r.minute as number) ?? [];
      console.log(
        `| ${r.minute} | ${r.requests} | ${r.errors} | ${r.rssMiB} | ${r.heapMiB} | ${r.lagP99Ms} / ${r.lagMaxMs} | ${r.dbConnections} | ${pct(ms, 0.5)} / ${pct(ms, 0.95)} |`,
      );
    }
    const minutes = [...perMinute.values()];
    const first = minutes[0]?.requests ?? 0;
    const last = minutes[minutes.length - 1]?.requests ?? 0;
    if (first > 0) {
      const ratios = minutes.map((m) => (m.requests ?? 0) / first);
      console.log(`throughput, last minute / first minute: ${(last / first).toFixed(2)}`);
      console.log(
        `throughput, every minute / first minute: ${Math.min(...ratios).toFixed(2)} to ${Math.max(...ratios).toFixed(2)}`,
      );
    }
    const target = postgres(db.url, { max: 1, onnotice: () => {} });
    const [stored] = await target`select count(*)::int as n from events`;
    await target.end();
    console.log(`events stored at the end: ${stored?.n}`);
    console.log(`statuses: ${JSON.stringify(Object.fromEntries(counts.byStatus))}`);
    const file = join(here, `results-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
    writeFileSync(
      file,
      JSON.stringify(
        {
          minutes: MINUTES,
          concurrency: CONCURRENCY,
          mix: MIX,
          samples,
          requestsByMinute: Object.fromEntries(byMinute),
          synthesizeMs: Object.fromEntries(synthesizeMs),
          statuses: Object.fromEntries(counts.byStatus),
        },
        null,
        2,
      ),
    );
    console.log(`samples: ${file}`);
  } finally {
    await cleanup();
  }
}

await main();

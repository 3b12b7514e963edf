/**
 * Hx side by side with a bare baseline (speed/baseline/server.ts: Express 4 + express.json +
 * postgres.js, one INSERT per event or one multi-row INSERT per batch, one indexed SELECT), in one
 * run: autocannon, 10 connections, rounds alternating between the two servers, medians; every
 * request carries new events (a counter in the content). Prints the ratio table, then synthesize
 * p50/p95 at 10,000 and 100,000 memories with and without a capture load beside it, and capture cost
 * before and after a tenant ingests 200,000 events.
 *
 * Each server runs in a process of its own (the load generator must not share their event loops);
 * on PostgreSQL each gets a fresh database on PG_URL, dropped afterwards; Hx uses Redis at REDIS_URL.
 *
 * Usage: pnpm bench:compare [--quick] [--driver postgres|pglite|both] [--rounds N] [--seconds S]
 *          [--only capture,batch100,batch1000,read,synth,flat] [--cpu-prof DIR] [--cpu-split] [--perf-map]
 *          [--node-flags '--max-semi-space-size=64'] [--stack-floor] [--born-prototypes]
 */
import { type ChildProcess, execSync, fork } from 'node:child_process';
import os from 'node:os';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { cpuSnapshot, cpuSpent } from '../lib/cpu-split.js';
import { createFreshDatabase, type FreshDatabase, REDIS_URL } from '../lib/fresh-postgres.js';
import { createCorpus } from './corpus.js';

const here = dirname(fileURLToPath(import.meta.url));

function flag(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : undefined;
}
const QUICK = process.argv.includes('--quick');
const ROUNDS = Number(flag('rounds') ?? (QUICK ? 2 : 3));
const SECONDS = Number(flag('seconds') ?? (QUICK ? 3 : 8));
const WARM_SECONDS = QUICK ? 1 : 2;
const CONNECTIONS = Number(flag('connections') ?? 10);
const QUERIES = Number(flag('queries') ?? (QUICK ? 100 : 300));
const FLAT_EVENTS = Number(flag('flat-events') ?? (QUICK ? 50_000 : 200_000));
/** Capture load beside synthesize: single events at this many requests per second. */
const LOAD_RATE = Number(flag('load-rate') ?? 200);
const CPU_PROF = flag('cpu-prof');
/** Log each round's CPU per request of the server, PostgreSQL, Redis and the load generator (/proc). */
const CPU_SPLIT = process.argv.includes('--cpu-split');
const PERF_MAP = process.argv.includes('--perf-map');
/** The read against a third server too: Hx's stack without Hx's code (speed/stack-floor/server.ts). */
const STACK_FLOOR = process.argv.includes('--stack-floor');
/**
 * The baseline and the stack floor built as Hx builds its HTTP server (server/src/http/express-server.ts:
 * requests born with Express's prototypes). Without it they are plain Express apps, as the issue defines
 * the baseline; with it the ratio shows what Hx's code costs when all three avoid Express's per-request
 * prototype swap.
 */
const BORN_PROTOTYPES = process.argv.includes('--born-prototypes');
/**
 * Node flags of both servers: the young generation Hx's deployment docs set (docs/self-hosting.md,
 * "Node.js flags"), given to the baseline too so that the two differ only in their code.
 * `--node-flags ''` runs both on Node's defaults.
 */
const NODE_FLAGS = (flag('node-flags') ?? '--max-semi-space-size=64').split(' ').filter(Boolean);
const DRIVER = flag('driver') ?? 'postgres';
const ONLY = new Set((flag('only') ?? 'capture,batch100,batch1000,read,synth,flat').split(','));

const log = (msg: string) => console.error(`[${new Date().toISOString().slice(11, 19)}] ${msg}`);
const load1 = () => os.loadavg()[0]!.toFixed(2);
/** Two decimals, or three where two would put the ratio on the other side of its goal (0.498, not 0.50). */
const shownRatio = (r: number, goal: number) =>
  Math.round(r * 100) / 100 >= goal === r >= goal ? r.toFixed(2) : r.toFixed(3);
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

// ---------------------------------------------------------------------------------------------
// Child processes

interface Child {
  proc: ChildProcess;
  url: string;
  apiKey: string;
  request<T>(msg: object, reply: string): Promise<T>;
  stop(): Promise<void>;
}

/** The folder of a child's CPU profile: hx, baseline, stack-floor or capture-load. */
const profileFolder = (script: string) =>
  script.includes('hx-child') ? 'hx' : script.startsWith('compare/') ? basename(script, '.ts') : script.split('/')[0]!;

function spawnChild(script: string, env: Record<string, string | undefined>, args: string[] = []): Promise<Child> {
  const execArgv = ['--import', 'tsx', '--conditions=hx-source'];
  // Every server is profiled, each into a folder of its own (hx, baseline, stack-floor), so that
  // their profiles can be put side by side (cpu-profile-summary.ts --us).
  if (CPU_PROF) execArgv.push('--cpu-prof', '--cpu-prof-dir', join(CPU_PROF, profileFolder(script)));
  // For `perf record`: the JIT's symbols in /tmp/perf-PID.map (kernel and native time, which --cpu-prof cannot see).
  if (PERF_MAP) execArgv.push('--perf-basic-prof');
  execArgv.push(...NODE_FLAGS);
  const proc = fork(join(here, script), args, {
    execArgv,
    env: { PATH: process.env.PATH, ...env },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const waiters = new Map<string, (msg: Record<string, unknown>) => void>();
  proc.on('message', (msg: Record<string, unknown>) => {
    const key = msg.cmd === 'error' ? [...waiters.keys()][0] : String(msg.cmd ?? 'ready');
    const w = key ? waiters.get(key) : undefined;
    if (!w) return;
    waiters.delete(key!);
    w(msg);
  });
  const wait = (reply: string) =>
    new Promise<Record<string, unknown>>((resolve, reject) => {
      waiters.set(reply, (msg) => (msg.cmd === 'error' ? reject(new Error(String(msg.message))) : resolve(msg)));
      proc.once('exit', (code) => reject(new Error(`${script} exited with ${code}`)));
    });
  return wait('ready').then((ready) => ({
    proc,
    url: String(ready.url),
    apiKey: String(ready.apiKey ?? ''),
    async request<T>(msg: object, reply: string) {
      const answer = wait(reply);
      proc.send(msg);
      return (await answer) as T;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        if (proc.exitCode !== null) return resolve();
        proc.once('exit', () => resolve());
        if (script.includes('hx-child')) proc.send({ cmd: 'stop' });
        else proc.kill('SIGTERM');
      }),
  }));
}

// ---------------------------------------------------------------------------------------------
// Loads

interface Case {
  id: string;
  label: string;
  method: 'GET' | 'POST';
  path: string;
  eventsPerRequest: number;
  goal: number;
}

const CASES: Case[] = [
  {
    id: 'capture',
    label: 'POST /v1/capture, single events',
    method: 'POST',
    path: '/v1/capture',
    eventsPerRequest: 1,
    goal: 0.5,
  },
  {
    id: 'batch100',
    label: 'POST /v1/capture/batch, 100 events',
    method: 'POST',
    path: '/v1/capture/batch',
    eventsPerRequest: 100,
    goal: 0.6,
  },
  {
    id: 'batch1000',
    label: 'POST /v1/capture/batch, 1000 events',
    method: 'POST',
    path: '/v1/capture/batch',
    eventsPerRequest: 1000,
    goal: 0.6,
  },
  {
    id: 'read',
    label: 'GET /v1/artifacts?limit=1 (authenticated read)',
    method: 'GET',
    path: '/v1/artifacts?limit=1',
    eventsPerRequest: 0,
    goal: 0.5,
  },
];

let counter = 0;
const corpus = createCorpus(3);
/** A new event each call: the counter in the content makes it unique (no duplicate, no replay). */
function event() {
  counter += 1;
  return {
    type: 'message',
    sessionId: `cmp-${counter % 97}`,
    namespace: 'compare',
    payload: { role: 'user', content: `${corpus.sentence()} #${counter}` },
    metadata: { n: counter },
  };
}

function bodyFor(c: Case): string | undefined {
  if (c.eventsPerRequest === 0) return undefined;
  if (c.id === 'capture') return JSON.stringify(event());
  return JSON.stringify({ events: Array.from({ length: c.eventsPerRequest }, event) });
}

interface Round {
  perSecond: number;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  failed: number;
}

type Who = 'hx' | 'base' | 'floor';

async function hit(
  target: Child,
  c: Case,
  seconds: number,
  connections = CONNECTIONS,
  amount?: number,
  who: Who = target.apiKey ? 'hx' : 'base',
): Promise<Round> {
  const cpuBefore = CPU_SPLIT ? cpuSnapshot(target.proc.pid) : undefined;
  const result = await autocannon({
    url: `${target.url}${c.path}`,
    method: c.method,
    connections,
    ...(amount ? { amount } : { duration: seconds }),
    timeout: 60,
    headers: {
      'content-type': 'application/json',
      ...(target.apiKey ? { authorization: `Bearer ${target.apiKey}` } : {}),
    },
    requests: [{ setupRequest: (req) => ({ ...req, body: bodyFor(c) }) }],
  });
  const ok = result['2xx'];
  const failed = result.non2xx + result.errors + result.timeouts;
  const rps = ok / result.duration;
  if (cpuBefore && ok > 0) {
    const spent = cpuSpent(cpuBefore, cpuSnapshot(target.proc.pid));
    const perRequest = Object.entries(spent).map(([name, ms]) => `${name} ${((ms * 1000) / ok).toFixed(0)}`);
    log(`${c.id} ${who} CPU us per request: ${perRequest.join(', ')}`);
  }
  return {
    requestsPerSecond: rps,
    perSecond: c.eventsPerRequest > 0 ? rps * c.eventsPerRequest : rps,
    p50: result.latency.p50,
    p99: result.latency.p99,
    failed,
  };
}

interface CaseResult {
  c: Case;
  hx: Round[];
  base: Round[];
  /** The stack floor's rounds (the read, with --stack-floor). */
  floor: Round[];
}

async function compareCase(hx: Child, base: Child, c: Case, floor?: Child): Promise<CaseResult> {
  const targets: Array<[Who, Child]> = [
    ['hx', hx],
    ['base', base],
  ];
  if (floor) targets.push(['floor', floor]);
  for (const [who, target] of targets) await hit(target, c, WARM_SECONDS, CONNECTIONS, undefined, who);
  const out: CaseResult = { c, hx: [], base: [], floor: [] };
  for (let r = 0; r < ROUNDS; r++) {
    // Alternate who goes first, so a drift in the machine's load falls on all alike.
    const order = r % 2 === 0 ? targets : [...targets].reverse();
    for (const [who, target] of order) {
      const round = await hit(target, c, SECONDS, CONNECTIONS, undefined, who);
      out[who].push(round);
      log(
        `${c.id} round ${r + 1} ${who}: ${round.perSecond.toFixed(0)}/s p50 ${round.p50} ms p99 ${round.p99} ms` +
          `${round.failed ? ` FAILED ${round.failed}` : ''} (load ${load1()})`,
      );
    }
  }
  return out;
}

function summarise(rounds: Round[]) {
  return {
    perSecond: median(rounds.map((r) => r.perSecond)),
    p50: median(rounds.map((r) => r.p50)),
    p99: median(rounds.map((r) => r.p99)),
    failed: rounds.reduce((a, r) => a + r.failed, 0),
  };
}

// ---------------------------------------------------------------------------------------------
// Synthesize

async function timeSynthesize(hx: Child, namespace: string, queries: number) {
  const ms: number[] = [];
  const q = createCorpus(5);
  for (let i = 0; i < queries + 20; i++) {
    const t0 = performance.now();
    const res = await fetch(`${hx.url}/v1/synthesize`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${hx.apiKey}` },
      body: JSON.stringify({ query: q.question(), namespace, options: { maxTokens: 2000 } }),
    });
    await res.arrayBuffer();
    const t = performance.now() - t0;
    if (res.status !== 200) throw new Error(`synthesize answered ${res.status}`);
    if (i >= 20) ms.push(t);
  }
  ms.sort((a, b) => a - b);
  const at = (p: number) => ms[Math.min(ms.length - 1, Math.floor(p * ms.length))]!;
  return { p50: at(0.5), p95: at(0.95) };
}

async function synthesizeSection(hx: Child) {
  const rows: {
    memories: number;
    quiet: { p50: number; p95: number };
    loaded: { p50: number; p95: number };
    load: string;
    loadRate: number;
  }[] = [];
  let seeded = 0;
  for (const target of [10_000, 100_000]) {
    const seed = await hx.request<{ ms: number }>(
      { cmd: 'seedMemories', count: target - seeded, namespace: 'synth', first: seeded },
      'seeded',
    );
    seeded = target;
    log(`seeded to ${target} memories in ${(seed.ms / 1000).toFixed(1)} s`);
    const quiet = await timeSynthesize(hx, 'synth', QUERIES);
    log(`synthesize at ${target}: p50 ${quiet.p50.toFixed(1)} p95 ${quiet.p95.toFixed(1)} ms (load ${load1()})`);
    const loader = await spawnChild('compare/capture-load.ts', {}, [hx.url, hx.apiKey, String(LOAD_RATE)]);
    await new Promise((r) => setTimeout(r, 1000));
    const loaded = await timeSynthesize(hx, 'synth', QUERIES);
    const done = await loader.request<{ ok: number; other: number; seconds: number }>({ cmd: 'stop' }, 'done');
    const achieved = done.ok / done.seconds;
    log(
      `synthesize at ${target} with capture load (${achieved.toFixed(0)} captures/s, ${done.other} failed): ` +
        `p50 ${loaded.p50.toFixed(1)} p95 ${loaded.p95.toFixed(1)} ms (load ${load1()})`,
    );
    rows.push({ memories: target, quiet, loaded, load: load1(), loadRate: achieved });
  }
  return rows;
}

// ---------------------------------------------------------------------------------------------
// Capture cost before and after a tenant ingests FLAT_EVENTS events

async function flatSection(startHx: () => Promise<Child>, base: Child) {
  const hx = await startHx();
  try {
    const single = CASES[0]!;
    const measure = async () => {
      await hit(hx, single, WARM_SECONDS);
      const h: Round[] = [];
      const b: Round[] = [];
      for (let r = 0; r < ROUNDS; r++) {
        h.push(await hit(hx, single, SECONDS));
        b.push(await hit(base, single, SECONDS));
      }
      return { hx: summarise(h), base: summarise(b) };
    };
    const before = await measure();
    log(
      `flat: empty tenant ${before.hx.perSecond.toFixed(0)}/s p50 ${before.hx.p50} ms (baseline ${before.base.perSecond.toFixed(0)}/s)`,
    );
    const t0 = performance.now();
    const ingest = await hit(hx, CASES[2]!, 0, 2, FLAT_EVENTS / 1000);
    const ingestSeconds = (performance.now() - t0) / 1000;
    log(`flat: ingested ${FLAT_EVENTS} events in ${ingestSeconds.toFixed(0)} s (${ingest.failed} failed)`);
    const after = await measure();
    log(
      `flat: after ${after.hx.perSecond.toFixed(0)}/s p50 ${after.hx.p50} ms (baseline ${after.base.perSecond.toFixed(0)}/s)`,
    );
    return { before, after, ingestSeconds };
  } finally {
    await hx.stop();
  }
}

// ---------------------------------------------------------------------------------------------

async function runDriver(driver: 'postgres' | 'pglite', base: Child, floor?: Child) {
  const databases: FreshDatabase[] = [];
  const startHx = async () => {
    // The server's own V8 setting (server/src/gc-tuning.ts) can be forced from the parent's environment.
    const env: Record<string, string | undefined> = {
      V8_ALLOCATION_SITE_PRETENURING: process.env.V8_ALLOCATION_SITE_PRETENURING,
    };
    if (driver === 'postgres') {
      const db = await createFreshDatabase('cmp');
      databases.push(db);
      Object.assign(env, {
        DATABASE_URL: db.url,
        REDIS_URL,
        RATE_LIMIT_PREFIX: `hx:bench:${db.name}`,
        QUEUE_PREFIX: `hx:bench:${db.name}:bull`,
      });
    }
    return spawnChild('compare/hx-child.ts', env);
  };
  const out: {
    driver: string;
    cases: CaseResult[];
    synth?: Awaited<ReturnType<typeof synthesizeSection>>;
    flat?: Awaited<ReturnType<typeof flatSection>>;
    load: string[];
  } = { driver, cases: [], load: [load1()] };
  try {
    const hx = await startHx();
    try {
      for (const c of CASES) {
        if (ONLY.has(c.id)) out.cases.push(await compareCase(hx, base, c, c.id === 'read' ? floor : undefined));
      }
      out.load.push(load1());
      if (ONLY.has('synth')) out.synth = await synthesizeSection(hx);
    } finally {
      await hx.stop();
    }
    if (ONLY.has('flat')) out.flat = await flatSection(startHx, base);
    out.load.push(load1());
  } finally {
    for (const db of databases) await db.drop();
  }
  return out;
}

const fmtRate = (c: Case, x: number) =>
  `${Math.round(x).toLocaleString('en')} ${c.eventsPerRequest ? 'events/s' : 'req/s'}`;

function report(results: Awaited<ReturnType<typeof runDriver>>[]) {
  let commit = 'unknown';
  try {
    commit = execSync('git rev-parse --short HEAD', { cwd: here }).toString().trim();
  } catch {}
  const lines: string[] = [];
  lines.push(
    `${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, commit ${commit}, ${os.cpus()[0]?.model ?? 'cpu'} x${os.cpus().length}, ` +
      `Node ${process.version} ${NODE_FLAGS.join(' ') || '(default flags)'}; autocannon ${CONNECTIONS} connections, ${ROUNDS} alternating rounds of ${SECONDS} s, medians` +
      (BORN_PROTOTYPES ? '; baseline and floor with born prototypes (--born-prototypes)' : ''),
  );
  for (const r of results) {
    lines.push(
      '',
      `**${r.driver === 'postgres' ? 'PostgreSQL + Redis' : 'PGlite (embedded)'}** (load average ${r.load.join(' -> ')}; baseline on PostgreSQL)`,
      '',
    );
    if (r.cases.length > 0) {
      lines.push('| load | Hx | bare baseline | ratio | goal |', '|---|---|---|---|---|');
      for (const { c, hx, base } of r.cases) {
        const h = summarise(hx);
        const b = summarise(base);
        const ratio = h.perSecond / b.perSecond;
        const failed = h.failed + b.failed > 0 ? ` (failed: Hx ${h.failed}, baseline ${b.failed})` : '';
        lines.push(
          `| ${c.label} | ${fmtRate(c, h.perSecond)}, p50 ${h.p50} ms, p99 ${h.p99} ms | ${fmtRate(c, b.perSecond)}, p50 ${b.p50} ms | ` +
            `**${shownRatio(ratio, c.goal)}**${failed} | >= ${c.goal.toFixed(2)} ${ratio >= c.goal ? 'met' : 'NOT met'} |`,
        );
      }
      for (const { c, hx, base, floor } of r.cases) {
        if (floor.length === 0) continue;
        const [h, b, f] = [summarise(hx), summarise(base), summarise(floor)];
        lines.push(
          '',
          `stack floor, ${c.label} (Express + ts-rest with response validation + drizzle on node-postgres, none of Hx's code): ` +
            `${fmtRate(c, f.perSecond)}, p50 ${f.p50} ms = ${(f.perSecond / b.perSecond).toFixed(2)} of the baseline; ` +
            `Hx = ${(h.perSecond / f.perSecond).toFixed(2)} of the stack floor`,
        );
      }
    }
    if (r.synth) {
      lines.push(
        '',
        `| synthesize (maxTokens 2000, ${QUERIES} queries) | p50 / p95 quiet | p50 / p95 with capture load | load average |`,
        '|---|---|---|---|',
      );
      for (const s of r.synth) {
        lines.push(
          `| ${s.memories.toLocaleString('en')} memories | ${s.quiet.p50.toFixed(1)} / ${s.quiet.p95.toFixed(1)} ms | ` +
            `${s.loaded.p50.toFixed(1)} / ${s.loaded.p95.toFixed(1)} ms (${s.loadRate.toFixed(0)} captures/s beside) | ${s.load} |`,
        );
      }
      const [small, big] = r.synth;
      if (small && big) {
        lines.push(
          '',
          `synthesize goals: p95 at 100k under load ${big.loaded.p95.toFixed(1)} ms (< 20 ms ${big.loaded.p95 < 20 ? 'met' : 'NOT met'}); ` +
            `p95 100k / 10k ${(big.quiet.p95 / small.quiet.p95).toFixed(2)} quiet, ${(big.loaded.p95 / small.loaded.p95).toFixed(2)} under load (<= 2 ${big.loaded.p95 <= 2 * small.loaded.p95 ? 'met' : 'NOT met'})`,
        );
      }
    }
    if (r.flat) {
      const { before, after, ingestSeconds } = r.flat;
      const raw = after.hx.perSecond / before.hx.perSecond;
      const normalised = raw / (after.base.perSecond / before.base.perSecond);
      lines.push(
        '',
        `capture single after the tenant ingested ${FLAT_EVENTS.toLocaleString('en')} events in ${ingestSeconds.toFixed(0)} s: ` +
          `${before.hx.perSecond.toFixed(0)} -> ${after.hx.perSecond.toFixed(0)} events/s, p50 ${before.hx.p50} -> ${after.hx.p50} ms ` +
          `(x${raw.toFixed(2)}; x${normalised.toFixed(2)} against the baseline's own drift; within 20 % ${Math.abs(1 - normalised) <= 0.2 ? 'met' : 'NOT met'})`,
      );
    }
  }
  console.log(lines.join('\n'));
}

async function main() {
  const drivers: Array<'postgres' | 'pglite'> =
    DRIVER === 'both' ? ['postgres', 'pglite'] : [DRIVER as 'postgres' | 'pglite'];
  log(
    `bench:compare ${QUICK ? '(quick) ' : ''}drivers ${drivers.join(', ')}, load average ${os
      .loadavg()
      .map((x) => x.toFixed(2))
      .join(' ')}`,
  );
  const baseDb = await createFreshDatabase('baseline');
  const bornEnv = BORN_PROTOTYPES ? { BORN_PROTOTYPES: '1' } : {};
  const base = await spawnChild('baseline/server.ts', { DATABASE_URL: baseDb.url, ...bornEnv });
  // Reads the table the baseline created and seeded before it answered.
  const floor = STACK_FLOOR
    ? await spawnChild('stack-floor/server.ts', { DATABASE_URL: baseDb.url, ...bornEnv })
    : undefined;
  const results = [];
  try {
    for (const d of drivers) results.push(await runDriver(d, base, floor));
  } finally {
    await floor?.stop();
    await base.stop();
    await baseDb.drop();
  }
  report(results);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

/**
 * Synthesize on one large tenant (issue 29): the tenant's raw events are grown in steps (default
 * 10,000, 100,000 and 1,000,000 `message` events of Zipf-distributed words, loaded straight into
 * the events table by INSERT ... SELECT generate_series: capturing a million events through HTTP
 * would time capture, not recall), and at each step synthesize is called for three kinds of query
 * while captures (batches of 50 through HTTP) run beside:
 *   common  words found in a large share of the events ("which version was deployed"),
 *   rare    a word planted in 5 events of the first 10,000, with common words around it (the planted
 *           event must come back every time),
 *   none    words in no event at all.
 * Prints p50/p95 per kind and step, the 1M/100k p95 ratio, and the captures' latency meanwhile.
 *
 *   PG_URL=postgres://postgres@127.0.0.1:5432 REDIS_URL=redis://127.0.0.1:6379 \
 *     npx -y pnpm@10.34.8 --filter @hx-memory/bench run bench:large-tenant
 * Env: SIZES (default 10000,100000,1000000), QUERIES per kind and step (default 100: of 30 the p95 is
 * the second slowest call, too noisy to compare runs), DATABASE_URL (an
 * existing database to use and keep, e.g. to profile again without reloading; default a fresh one,
 * dropped after), PROFILE=1 (time per SQL statement kind), CAPTURE=0 (no captures beside), ANALYZE=0
 * (no ANALYZE after each load), KINDS (e.g. `common`: only these query kinds, to profile one).
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { startBenchServer } from '../lib/bench-server.js';
import { createFreshDatabase, REDIS_URL } from '../lib/fresh-postgres.js';
import { timeStatements } from '../lib/sql-timing.js';
import { seededRandom } from './corpus.js';

const SIZES = (process.env.SIZES ?? '10000,100000,1000000').split(',').map(Number);
const QUERIES = Number(process.env.QUERIES ?? 100);
const WARMUP = 5;
const PROFILE = process.env.PROFILE === '1';
const CAPTURE = process.env.CAPTURE !== '0';
const PLANTED = 'quokka';

/** English words first (index 0 the most frequent), then a long tail of pronounceable made-up words. */
function vocabulary(size: number): string[] {
  const common = (
    'deploy version team release build test server database user config change error fix update issue ' +
    'review branch merge code service api request log cache queue worker job tea coffee like meeting ' +
    'today plan week project ticket customer support staging production rollback monitor alert latency'
  ).split(' ');
  const syllables = ['ka', 'lo', 'mi', 'ne', 'ru', 'sa', 'ti', 'vo', 'ze', 'pa', 'qui', 'dor', 'len', 'mar', 'tos'];
  const rand = seededRandom(29);
  const words = new Set(common);
  while (words.size < size) {
    let w = '';
    for (let i = 0, n = 2 + Math.floor(rand() * 3); i < n; i++) w += syllables[Math.floor(rand() * syllables.length)];
    words.add(w);
  }
  return [...words];
}

const ALL_KINDS: Record<string, string[]> = {
  common: [
    'which version was deployed',
    'what did the team say about the release build',
    'any error in the server log',
  ],
  rare: [
    `what did we say about the ${PLANTED}`,
    `the ${PLANTED} in the release`,
    `which team saw the ${PLANTED} error`,
  ],
  none: ['zebra quantum flux', 'xylophone nebula marmalade', 'quasar yodel pretzel'],
};
const KINDS = process.env.KINDS?.split(',');
const QUERY_KINDS = Object.fromEntries(Object.entries(ALL_KINDS).filter(([k]) => !KINDS || KINDS.includes(k)));

const pct = (s: number[], x: number) => s[Math.min(s.length - 1, Math.floor(x * s.length))] ?? 0;

async function main() {
  const fresh = process.env.DATABASE_URL ? undefined : await createFreshDatabase('large');
  const client = await startBenchServer({
    DATABASE_URL: process.env.DATABASE_URL ?? fresh?.url,
    REDIS_URL,
    RATE_LIMIT_PREFIX: `hx:large:${process.pid}`,
    QUEUE_PREFIX: `hx:large:${process.pid}:bull`,
  });
  const { database } = client.running.ctx;
  if (database.driver !== 'postgres') throw new Error('large-tenant runs on PostgreSQL (PG_URL or DATABASE_URL)');
  const vocab = vocabulary(5000);

  const sqlTime = PROFILE ? timeStatements(database, 90) : new Map<string, { n: number; ms: number }>();

  // Raw SQL text (bench does not share the server's drizzle instance); the values are ours.
  const literal = (v: string) => `'${v.replace(/'/g, "''")}'`;
  const exec = async <T>(text: string) => ((await database.db.execute(text)) as unknown as { rows: T[] }).rows;
  const tenant = literal(client.tenantId);
  const words = `array[${vocab.map(literal).join(',')}]::text[]`;
  // The tenant's events so far (a kept database may hold some from an earlier run).
  const count = async () =>
    Number(
      (
        await exec<{ n: string }>(
          `select count(*) as n from events where tenant_id = ${tenant} and environment = 'live'`,
        )
      )[0]?.n ?? 0,
    );
  const load = async (from: number, to: number) => {
    // Ids below every ULID a capture makes (time-ordered: the loaded history comes first), unique per
    // tenant (a kept database holds the tenants of earlier runs); a session per 20 turns; every
    // 2,000th of the first 10,000 holds the planted word.
    for (let lo = from; lo < to; lo += 50_000) {
      const hi = Math.min(to, lo + 50_000) - 1;
      await exec(`
        insert into events (id, tenant_id, environment, namespace, session_id, type, payload, metadata, text,
          content_hash, occurred_at, created_at)
        select 'evt_00' || left(md5(${tenant}), 6) || lpad(g::text, 18, '0'), ${tenant}, 'live', 'default',
          'big-' || (g / 20), 'message', jsonb_build_object('role', 'user', 'content', t.c), '{}'::jsonb,
          'user: ' || t.c, md5(g::text), now() - interval '400 days' + g * interval '30 seconds', now()
        from generate_series(${lo}, ${hi}) g
        cross join lateral (
          select string_agg(v.w[least(cardinality(v.w), floor(power(cardinality(v.w), random()))::int)], ' ')
            || case when g < 10000 and g % 2000 = 1000 then ' ${PLANTED}' else '' end as c
          from generate_series(1, 8 + g % 13), (select ${words} as w) v
        ) t`);
      process.stderr.write(`  loaded ${hi + 1}\n`);
    }
    // As autovacuum would after such growth; ANALYZE=0 measures right after the load, as the issue's
    // second run did, with the planner's statistics of a smaller table.
    if (process.env.ANALYZE !== '0') await exec('analyze events');
  };

  // Captures beside the reads: batches of 50 new turns, one after another, through HTTP.
  let capturing = false;
  const captureMs: number[] = [];
  let captureLoop: Promise<void> = Promise.resolve();
  const startCaptures = () => {
    if (!CAPTURE) return;
    capturing = true;
    captureLoop = (async () => {
      for (let b = 0; capturing; b++) {
        const events = Array.from({ length: 50 }, (_, i) => ({
          type: 'message',
          sessionId: `live-${b % 100}`,
          payload: { role: 'user', content: `batch ${b} turn ${i}: the team will deploy the build after the review` },
        }));
        const t0 = performance.now();
        const res = await client.post('/v1/capture/batch', { events });
        if (res.status >= 300) throw new Error(`capture ${res.status} ${JSON.stringify(res.data)}`);
        captureMs.push(performance.now() - t0);
      }
    })();
  };
  const stopCaptures = async () => {
    capturing = false;
    await captureLoop;
  };

  const results: Array<{ size: number; kind: string; p50: number; p95: number; max: number; found: string }> = [];
  try {
    for (const size of SIZES) {
      const have = await count();
      if (have < size) {
        const t0 = performance.now();
        await load(have, size);
        process.stderr.write(`tenant at ${size} events (${((performance.now() - t0) / 1000).toFixed(1)} s)\n`);
      }
      captureMs.length = 0;
      sqlTime.clear();
      // The server, its captures and this client share one event loop: how long callbacks waited.
      const lag = monitorEventLoopDelay({ resolution: 1 });
      lag.enable();
      startCaptures();
      const times: Record<string, number[]> = { common: [], rare: [], none: [] };
      const hits: Record<string, number> = { common: 0, rare: 0, none: 0 };
      for (let i = 0; i < WARMUP + QUERIES; i++) {
        if (i === WARMUP) sqlTime.clear();
        for (const [kind, queries] of Object.entries(QUERY_KINDS)) {
          const query = queries[i % queries.length] as string;
          const t0 = performance.now();
          const res = await client.post<{ entries: Array<{ content: string }> }>('/v1/synthesize', {
            query,
            options: { maxTokens: 800 },
          });
          const ms = performance.now() - t0;
          if (res.status !== 200) throw new Error(`synthesize ${res.status} ${JSON.stringify(res.data)}`);
          if (i < WARMUP) continue;
          times[kind]?.push(ms);
          const entries = res.data.entries;
          if (kind === 'rare' ? entries.some((e) => e.content.includes(PLANTED)) : entries.length > 0)
            hits[kind] = (hits[kind] ?? 0) + 1;
        }
      }
      await stopCaptures();
      lag.disable();
      const total = await count();
      for (const [kind, ms] of Object.entries(times)) {
        ms.sort((a, b) => a - b);
        const found =
          kind === 'rare' ? `planted event in ${hits[kind]}/${QUERIES}` : `entries in ${hits[kind]}/${QUERIES}`;
        results.push({ size, kind, p50: pct(ms, 0.5), p95: pct(ms, 0.95), max: pct(ms, 1), found });
        console.log(
          `[${size} events, ${total} at the end] ${kind.padEnd(6)} p50 ${pct(ms, 0.5).toFixed(1)} p95 ${pct(ms, 0.95).toFixed(1)} max ${pct(ms, 1).toFixed(1)} ms (${found})`,
        );
      }
      console.log(
        `  event loop delay p50 ${(lag.percentile(50) / 1e6).toFixed(1)} p99 ${(lag.percentile(99) / 1e6).toFixed(1)} max ${(lag.max / 1e6).toFixed(1)} ms`,
      );
      captureMs.sort((a, b) => a - b);
      if (CAPTURE)
        console.log(
          `  captures beside: ${captureMs.length} batches of 50, p50 ${pct(captureMs, 0.5).toFixed(1)} p95 ${pct(captureMs, 0.95).toFixed(1)} ms`,
        );
      if (PROFILE)
        for (const [label, s] of [...sqlTime.entries()].sort((a, b) => b[1].ms - a[1].ms).slice(0, 12))
          console.log(`  ${(s.ms / s.n).toFixed(2).padStart(8)} ms avg ${String(s.n).padStart(5)}x  ${label}`);
    }
    console.log('\n| events of the tenant | query | p50 ms | p95 ms | max ms | found |');
    console.log('| ---: | --- | ---: | ---: | ---: | --- |');
    for (const r of results)
      console.log(
        `| ${r.size.toLocaleString('en')} | ${r.kind} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} | ${r.max.toFixed(1)} | ${r.found} |`,
      );
    const big = Math.max(...SIZES);
    const mid = SIZES.includes(100_000) ? 100_000 : undefined;
    if (mid && big > mid)
      for (const kind of Object.keys(QUERY_KINDS)) {
        const a = results.find((r) => r.size === big && r.kind === kind);
        const b = results.find((r) => r.size === mid && r.kind === kind);
        if (a && b) console.log(`p95 ratio ${big} / ${mid}, ${kind}: ${(a.p95 / b.p95).toFixed(2)}`);
      }
  } finally {
    await stopCaptures();
    await client.close();
    await fresh?.drop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

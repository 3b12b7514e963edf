/**
 * Profiling tool for synthesize (not a benchmark: bench/speed is). Seeds N memories into one
 * namespace by SQL, as bench/speed does, then runs synthesize through HTTP and prints the latency
 * with the time spent in each kind of SQL statement, so a change to retrieval can be measured quickly.
 *
 * Usage (from server/): [DATABASE_URL=postgres://postgres@127.0.0.1:5432/<fresh db>] npx tsx scripts/perf-synthesize.ts
 * Env: MEMORIES (default 100000), QUERIES (default 300).
 */
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { createCorpus } from '../../bench/speed/corpus.js';
import { startServer } from '../src/index.js';

const MEMORIES = Number(process.env.MEMORIES ?? 100_000);
const QUERIES = Number(process.env.QUERIES ?? 300);

async function call(url: string, method: string, token: string | undefined, body?: unknown) {
  const res = await fetch(url, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json()) as { ok: boolean; data?: unknown; error?: unknown };
  return { status: res.status, data: (json.ok ? json.data : json.error) as never };
}

const q = (s: number[], x: number) => s[Math.min(s.length - 1, Math.floor(x * s.length))] ?? 0;

async function main() {
  const running = await startServer({
    DATA_DIR: 'memory://',
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    DEFAULT_PLAN: 'enterprise',
    RATE_LIMIT_PREFIX: `hx:perf:${process.pid}`,
  });
  const base = running.url;
  const reg = await call(`${base}/v1/auth/register`, 'POST', undefined, {
    email: `perf-${Date.now().toString(36)}@example.com`,
    password: 'perf-password-123',
    name: 'perf',
  });
  const { tokens, user } = reg.data as { tokens: { accessToken: string }; user: { tenantId: string } };
  const key = (await call(`${base}/v1/api-keys`, 'POST', tokens.accessToken, { name: 'perf', environment: 'live' }))
    .data as { key: string };
  const { database } = running.ctx;
  const corpus = createCorpus(7);
  const kinds = ['fact', 'preference', 'episode', 'instruction', 'entity'];
  const lit = (v: string) => `'${v.replace(/'/g, "''")}'`;
  for (let i = 0; i < MEMORIES; i += 2000) {
    const rows: string[] = [];
    for (let j = i; j < Math.min(MEMORIES, i + 2000); j++) {
      const at = new Date(Date.now() - Math.floor(corpus.rand() * 365 * 86_400_000)).toISOString();
      rows.push(
        `(${[`mem_perf_${j}`, user.tenantId, 'live', 'perf-synth', kinds[j % 5] as string, corpus.sentence(), `perf-${j}`].map(lit).join(', ')}, ${(0.4 + corpus.rand() * 0.6).toFixed(3)}, ${lit(at)}, ${lit(at)}, ${lit(at)})`,
      );
    }
    await database.db.execute(
      `insert into memories (id, tenant_id, environment, namespace, kind, content, dedupe_key, confidence, valid_from, occurred_at, last_seen_at) values ${rows.join(', ')}`,
    );
  }
  await database.db.execute('analyze memories');

  // Time every statement that goes through database.rows, grouped by its first words.
  const dialect = new PgDialect();
  const sqlTime = new Map<string, { n: number; ms: number }>();
  const rows = database.rows.bind(database);
  database.rows = (async (query: SQL, on?: never) => {
    const t0 = performance.now();
    try {
      return await rows(query, on);
    } finally {
      const text = dialect.sqlToQuery(query).sql.replace(/\s+/g, ' ').trim();
      const label = text.slice(0, 60);
      const s = sqlTime.get(label) ?? { n: 0, ms: 0 };
      s.n += 1;
      s.ms += performance.now() - t0;
      sqlTime.set(label, s);
    }
  }) as typeof database.rows;

  const ms: number[] = [];
  for (let i = 0; i < QUERIES + 20; i++) {
    if (i === 20) sqlTime.clear();
    const t0 = performance.now();
    const res = await call(`${base}/v1/synthesize`, 'POST', key.key, {
      query: corpus.question(),
      namespace: 'perf-synth',
      options: { maxTokens: 2000 },
    });
    if (res.status !== 200) throw new Error(`synthesize ${res.status} ${JSON.stringify(res.data)}`);
    if (i >= 20) ms.push(performance.now() - t0);
  }
  ms.sort((a, b) => a - b);
  console.log(
    `[${database.driver}] synthesize, ${MEMORIES} memories: p50 ${q(ms, 0.5).toFixed(1)} p95 ${q(ms, 0.95).toFixed(1)} max ${q(ms, 1).toFixed(1)} ms`,
  );
  for (const [label, s] of [...sqlTime.entries()].sort((a, b) => b[1].ms - a[1].ms))
    console.log(`  ${(s.ms / QUERIES).toFixed(2).padStart(7)} ms/query  ${String(s.n).padStart(5)}x  ${label}`);
  await running.close();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

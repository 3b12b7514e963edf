/**
 * Synthesize with the local embedding model (EMBEDDINGS_PROVIDER=local) as a namespace grows to
 * 100,000 memories (issue 28: "p95 under 60 ms with the local model at 100k memories"), beside the
 * same queries without the model on the same data (the lexical baseline of the run: a second server,
 * started after the first is closed, on the same data directory or database).
 * Memories are seeded by SQL (seed.ts) and so are their vectors: unit vectors drawn at random, stored
 * under the model's name with the text hash the indexer checks, so it finds nothing to do (those it
 * embedded meanwhile are overwritten). Vectors
 * drawn at random measure the cost of the search, not its quality (bench:recall measures that); the
 * query is embedded by the real model in its worker, as in production.
 *
 *   cd bench && npx tsx --conditions=hx-source speed/local-model.ts          # PGlite (default)
 * Env: SIZES (default 10000,100000), QUERIES per step (default 100), DATABASE_URL for PostgreSQL (needs
 * pgvector: without it the server refuses to start with embeddings on).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BenchClient, startBenchServer } from '../lib/bench-server.js';
import { createCorpus, seededRandom } from './corpus.js';
import { seedMemories } from './seed.js';

const SIZES = (process.env.SIZES ?? '10000,100000').split(',').map(Number);
const QUERIES = Number(process.env.QUERIES ?? 100);
const WARMUP = 10;
const DIMENSIONS = 512;
const MODEL = 'local:use-lite-512';
const NAMESPACE = 'speed-model';

const pct = (s: number[], q: number) => s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? 0;

async function main() {
  // One data directory (or PostgreSQL database) for both servers, opened one at a time: the one with
  // the model seeds and is measured, then one without it is measured on the same rows.
  const dataDir = process.env.DATABASE_URL ? undefined : mkdtempSync(join(tmpdir(), 'hx-model-'));
  const serverEnv = { DATABASE_URL: process.env.DATABASE_URL, DATA_DIR: dataDir };
  const corpus = createCorpus(7);
  const rand = seededRandom(28);
  const rows: string[] = [];
  let tenant: { apiKey: string; tenantId: string } | undefined;
  let have = 0;
  const measure = async (client: BenchClient, label: string, size: number) => {
    const ms: number[] = [];
    // A scope's first read of its vectors goes on in the background (synthesize answers by words
    // for its duration): measured apart, then waited for, so the figures below are the model's.
    const embeddings = client.running.ctx.services.embeddings;
    if (embeddings) {
      const t0 = performance.now();
      await client.post('/v1/synthesize', { query: corpus.question(), namespace: NAMESPACE }, tenant?.apiKey);
      while (embeddings.scopesLoading() > 0) await new Promise((r) => setTimeout(r, 100));
      process.stderr.write(
        `${size} memories: first read of the vectors ${((performance.now() - t0) / 1000).toFixed(1)} s\n`,
      );
    }
    for (let i = 0; i < WARMUP + QUERIES; i++) {
      const t0 = performance.now();
      const res = await client.post<{ entries: unknown[] }>(
        '/v1/synthesize',
        { query: corpus.question(), namespace: NAMESPACE, options: { maxTokens: 2000 } },
        tenant?.apiKey,
      );
      if (res.status !== 200) throw new Error(`synthesize ${res.status} ${JSON.stringify(res.data)}`);
      if (i >= WARMUP) ms.push(performance.now() - t0);
    }
    ms.sort((a, b) => a - b);
    const line = `| ${client.driver} | ${size.toLocaleString('en')} | ${label} | ${pct(ms, 0.5).toFixed(1)} | ${pct(ms, 0.95).toFixed(1)} |`;
    rows.push(line);
    console.error(line);
  };
  try {
    for (const size of SIZES) {
      const model = await startBenchServer({ ...serverEnv, EMBEDDINGS_PROVIDER: 'local' });
      try {
        tenant ??= { apiKey: model.apiKey, tenantId: model.tenantId };
        if (size > have) {
          const seeded = await seedMemories(
            { ...model, tenantId: tenant.tenantId },
            corpus,
            size - have,
            NAMESPACE,
            have,
          );
          const t0 = performance.now();
          await seedVectors(model, have, size, rand);
          process.stderr.write(
            `${size} memories: seeded in ${(seeded / 1000).toFixed(1)} s, vectors in ${((performance.now() - t0) / 1000).toFixed(1)} s\n`,
          );
          have = size;
        }
        await measure(model, 'local model', size);
      } finally {
        await model.close();
      }
      const lexical = await startBenchServer(serverEnv);
      try {
        await measure(lexical, 'lexical (no model)', size);
      } finally {
        await lexical.close();
      }
    }
  } finally {
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }
  console.log('| database | memories | ranking | p50 ms | p95 ms |');
  console.log('| --- | ---: | --- | ---: | ---: |');
  for (const row of rows) console.log(row);
}

/** Unit vectors drawn at random for memories `first`..`end` - 1, 1,000 a statement. */
async function seedVectors(client: BenchClient, first: number, end: number, rand: () => number) {
  const pg = client.driver === 'postgres';
  for (let lo = first; lo < end; lo += 1000) {
    const values: string[] = [];
    for (let j = lo; j < Math.min(end, lo + 1000); j++) {
      const v = Array.from({ length: DIMENSIONS }, () => rand() - 0.5);
      const norm = Math.hypot(...v);
      const text = v.map((x) => (x / norm).toFixed(5)).join(',');
      values.push(`('mem_${NAMESPACE}_${j}', ${pg ? `'[${text}]'::vector` : `'{${text}}'::real[]`})`);
    }
    await client.running.ctx.database.db.execute(
      `insert into memory_embeddings (id, model, text_hash, embedding)
       select v.id, '${MODEL}', md5(m.content), v.e from (values ${values.join(', ')}) as v(id, e)
       join memories m on m.id = v.id
       on conflict (id) do update set model = excluded.model, text_hash = excluded.text_hash, embedding = excluded.embedding`,
    );
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

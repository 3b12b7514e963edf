/**
 * Seeds memories straight into the database (multi-row SQL inserts) for the synthesize measurements:
 * compiling 100,000 memories through learn would time learn, not synthesize. Everything measured
 * afterwards goes through HTTP.
 */
import type { BenchClient } from '../lib/bench-server.js';
import type { createCorpus } from './corpus.js';

/** A SQL string literal (the seeded text is generated, but quote it properly anyway). */
const literal = (v: string) => `'${v.replace(/'/g, "''")}'`;

/**
 * Inserts `count` memories into the bench tenant's `namespace`, numbered from `first` (so a namespace
 * can be grown in steps without reusing ids), then ANALYZEs; answers the time taken (ms).
 */
export async function seedMemories(
  client: BenchClient,
  corpus: ReturnType<typeof createCorpus>,
  count: number,
  namespace: string,
  first = 0,
): Promise<number> {
  const { database } = client.running.ctx;
  const kinds = ['fact', 'preference', 'episode', 'instruction', 'entity'];
  const now = Date.now();
  const t0 = performance.now();
  const end = first + count;
  for (let i = first; i < end; i += 2000) {
    const rows: string[] = [];
    for (let j = i; j < Math.min(end, i + 2000); j++) {
      const at = new Date(now - Math.floor(corpus.rand() * 365 * 86_400_000)).toISOString();
      const text = [`mem_${namespace}_${j}`, client.tenantId, 'live', namespace, kinds[j % kinds.length] as string];
      rows.push(
        `(${[...text, corpus.sentence(), `${namespace}-${j}`].map(literal).join(', ')}, ${(0.4 + corpus.rand() * 0.6).toFixed(3)}, ${literal(at)}, ${literal(at)}, ${literal(at)})`,
      );
    }
    await database.db.execute(
      `insert into memories (id, tenant_id, environment, namespace, kind, content, dedupe_key, confidence, valid_from, occurred_at, last_seen_at) values ${rows.join(', ')}`,
    );
  }
  await database.db.execute('analyze memories');
  const elapsed = performance.now() - t0;
  // Embedded PGlite runs inside this process and blocks its event loop while inserting: keep-alive
  // connections the server timed out meanwhile are closed only now. Let those closes land before
  // the next request, or it may be sent on a socket being closed (ECONNRESET).
  if (database.driver === 'pglite') await new Promise((resolve) => setTimeout(resolve, 6000));
  return elapsed;
}

/**
 * Same-moment A/B of the statements that read a large event scope by word (issue 29, history soak):
 * the document-frequency count and the rare words' fetch, as the server sends them now (through the
 * full-text index alone, the scope applied above a MATERIALIZED CTE) and in their earlier form (the
 * scope's conditions and the word in one WHERE, the word from a VALUES list), interleaved call by call
 * on the largest tenant of an existing database (e.g. one kept by bench:large-tenant with DATABASE_URL).
 * Prints p50/p95 per statement and form, and the buffers of one EXPLAIN (ANALYZE, BUFFERS) of each.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/<db> npx tsx --conditions=hx-source bench/speed/df-fence-ab.ts
 * Env: CALLS per statement and form (default 30), TENANT (default the tenant with the most events).
 */
// The server's drizzle-orm (the bench's is another copy, whose SQL objects the server's types do not accept).
import { sql } from '../../server/node_modules/drizzle-orm/index.js';
import { candidatesQuery } from '../../server/src/retrieval/candidates.js';
import type { RetrievalScope } from '../../server/src/retrieval/scope.js';
import { documentFrequencyQuery } from '../../server/src/retrieval/term-stats.js';
import { openDatabase } from '../../server/src/db/client.js';

const CALLS = Number(process.env.CALLS ?? 30);
const pct = (s: number[], x: number) => s[Math.min(s.length - 1, Math.floor(x * s.length))] ?? 0;

async function main() {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('DATABASE_URL: a database holding a large tenant (bench:large-tenant with DATABASE_URL)');
  const database = await openDatabase({ databaseUrl: url, dataDir: 'memory://', max: 2 });
  try {
    const [top] = await database.rows<{ tenant_id: string; n: string }>(
      process.env.TENANT
        ? sql`select tenant_id, count(*) as n from events where tenant_id = ${process.env.TENANT} group by tenant_id`
        : sql`select tenant_id, count(*) as n from events group by tenant_id order by 2 desc limit 1`,
    );
    if (!top) throw new Error('no events');
    const scope: RetrievalScope = { tenantId: top.tenant_id, environment: 'live', minConfidence: 0 };
    console.log(`tenant ${top.tenant_id}: ${top.n} events`);
    const statements = {
      'df, 3 words in no event': (fenced: boolean) =>
        documentFrequencyQuery('event', scope, ['zebra', 'quantum', 'flux'], fenced),
      'df, a rare word': (fenced: boolean) => documentFrequencyQuery('event', scope, ['quokka'], fenced),
      'fetch, a rare word': (fenced: boolean) => candidatesQuery('event', scope, ['quokka'], 400, sql`true`, fenced),
    };
    console.log('\n| statement | form | p50 ms | p95 ms | buffers | plan on events |');
    console.log('| --- | --- | ---: | ---: | ---: | --- |');
    for (const [name, build] of Object.entries(statements)) {
      const times: Record<'before' | 'after', number[]> = { before: [], after: [] };
      for (let i = 0; i < CALLS; i++) {
        for (const form of i % 2 === 0 ? (['before', 'after'] as const) : (['after', 'before'] as const)) {
          const t0 = performance.now();
          await database.rows(build(form === 'after'));
          times[form].push(performance.now() - t0);
        }
      }
      for (const form of ['before', 'after'] as const) {
        const [row] = await database.rows<Record<string, unknown>>(
          sql`explain (analyze, buffers, format json) ${build(form === 'after')}`,
        );
        const raw = Object.values(row ?? {})[0];
        const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw)[0].Plan;
        const nodes = new Set<string>();
        const walk = (n: Record<string, unknown>) => {
          const index = n['Index Name'] as string | undefined;
          if (n['Relation Name'] === 'events' || index?.startsWith('events'))
            nodes.add(`${n['Node Type']}${index ? ` ${index}` : ''}`);
          for (const c of (n.Plans as Record<string, unknown>[] | undefined) ?? []) walk(c);
        };
        walk(plan);
        const buffers = (plan['Shared Hit Blocks'] ?? 0) + (plan['Shared Read Blocks'] ?? 0);
        const sorted = times[form].sort((a, b) => a - b);
        console.log(
          `| ${name} | ${form} | ${pct(sorted, 0.5).toFixed(1)} | ${pct(sorted, 0.95).toFixed(1)} | ${buffers} | ${[...nodes].join(', ')} |`,
        );
      }
    }
  } finally {
    await database.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

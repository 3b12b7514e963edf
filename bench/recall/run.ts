/**
 * Recall benchmark on LoCoMo (bench-data/README.md): captures every turn through the HTTP API (one
 * namespace per conversation, one session per LoCoMo session, occurredAt = the session date), learns,
 * synthesizes each question of categories 1-4 and reports Recall@5/10/20 of the evidence turns among
 * the first k distinct turns cited by the entries' provenance, overall and per category; then, with
 * a 2,000-token context per question, the share whose gold answer is in its first ~500 tokens and in
 * the whole of it (answer-in-context.ts); and the hygiene check on a scripted corpus (hygiene.ts).
 *
 * Usage: pnpm bench:recall [--from N] [--limit N] [--driver pglite|postgres] [--no-learn] (LOCOMO_PATH overrides
 * the data file; postgres runs on a fresh database of PG_URL, created and dropped by the run; `--from 2 --limit 3`
 * takes conversations 3-5, the held-out split of BENCHMARKS.md).
 * With embeddings configured in the environment (EMBEDDINGS_PROVIDER=local, or EMBEDDINGS_URL and EMBEDDINGS_MODEL;
 * EMBEDDINGS_FUSION_WEIGHT), each conversation's questions wait until its turns, memories and artifacts have vectors.
 */
import { appendFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type BenchClient, startBenchServer } from '../lib/bench-server.js';
import { createFreshDatabase, type FreshDatabase, REDIS_URL } from '../lib/fresh-postgres.js';
import { answerIn, head } from './answer-in-context.js';
import { bm25Baseline } from './bm25-baseline.js';
import { hygieneCheck } from './hygiene.js';
import { type Conversation, readLocomo } from './locomo.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const DATA = process.env.LOCOMO_PATH ?? path.resolve(here, '../../../shared/bench-data/locomo-dev.json');
const KS = [5, 10, 20] as const;
const CATEGORY = { 1: 'multi-hop', 2: 'temporal', 3: 'open-domain', 4: 'single-hop' } as Record<number, string>;
const MAX_TOKENS = Number(process.env.RECALL_MAX_TOKENS ?? 4000);
/** RECALL_DUMP=file writes one JSON line per question (evidence, first 50 turns cited, gold answer, the first ~500 tokens of its 2,000-token context and the whole of it) for error analysis. */
const DUMP = process.env.RECALL_DUMP;
/** Budget of the context the answer is looked for in, and the head of it a small prompt would keep. */
const ANSWER_TOKENS = 2000;
const ANSWER_HEAD = 500;

interface Entry {
  kind?: string;
  provenance: Array<{ sourceType: string; sourceId: string }>;
}

async function captureConversation(client: BenchClient, conv: Conversation): Promise<Map<string, string>> {
  const diaOf = new Map<string, string>();
  const namespace = `locomo-${conv.sampleId}`;
  const events = conv.sessions.flatMap((s) =>
    s.turns.map((t) => ({
      type: 'message',
      sessionId: `${conv.sampleId}-${s.name}`,
      namespace,
      occurredAt: s.date.toISOString(),
      payload: { role: 'user', content: t.text },
      metadata: { dia_id: t.diaId, speaker: t.speaker, ...(t.caption ? { blip_caption: t.caption } : {}) },
    })),
  );
  for (let i = 0; i < events.length; i += 1000) {
    const chunk = events.slice(i, i + 1000);
    const res = await client.post<{ results: Array<{ eventId: string; status: string }> }>('/v1/capture/batch', {
      events: chunk,
    });
    if (res.status !== 201 && res.status !== 200) throw new Error(`capture failed: ${JSON.stringify(res.data)}`);
    res.data.results.forEach((r, j) => {
      diaOf.set(r.eventId, chunk[j]?.metadata.dia_id as string);
    });
  }
  return diaOf;
}

async function learn(client: BenchClient, namespace: string): Promise<string> {
  const res = await client.post<{ id?: string; jobId?: string; status?: string; stats?: unknown; code?: string }>(
    '/v1/learn',
    { scope: 'full', namespace, wait: true },
  );
  if (res.status === 501 || res.status === 404) return 'learn not available';
  if (res.status >= 400) throw new Error(`learn failed: ${res.status} ${JSON.stringify(res.data)}`);
  let job = res.data;
  const id = job.jobId ?? job.id;
  for (let i = 0; i < 600 && (job.status === 'queued' || job.status === 'running'); i++) {
    await new Promise((r) => setTimeout(r, 200));
    job = (await client.get<typeof job>(`/v1/learn/jobs/${id}`)).data;
  }
  if (job.status !== 'completed') throw new Error(`learn ended ${job.status}: ${JSON.stringify(job)}`);
  return JSON.stringify(job.stats);
}

/** The dia_ids of the first k distinct turns cited, in entry order. */
function citedTurns(entries: Entry[], diaOf: Map<string, string>): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  for (const entry of entries)
    for (const p of entry.provenance) {
      if (p.sourceType !== 'event') continue;
      const dia = diaOf.get(p.sourceId);
      if (!dia || seen.has(dia)) continue;
      seen.add(dia);
      out.push(dia);
    }
  return out;
}

/**
 * `--weights 0,0.2,0.5`: with embeddings on, every question is asked once per fusion weight (set on the running
 * server's configuration between passes, so vectors are made once) and a table printed per weight.
 */
const weightsArg = process.argv.indexOf('--weights');
const WEIGHTS: Array<number | undefined> =
  weightsArg > 0 ? (process.argv[weightsArg + 1] as string).split(',').map(Number) : [undefined];

const EMBEDDINGS =
  process.env.EMBEDDINGS_PROVIDER ?? (process.env.EMBEDDINGS_URL ? process.env.EMBEDDINGS_MODEL : undefined);

/** With embeddings on: until the background indexer has embedded every event, memory and artifact. */
async function waitForVectors(client: BenchClient): Promise<number> {
  if (!EMBEDDINGS) return 0;
  const t0 = performance.now();
  for (;;) {
    // Raw text through the server's own drizzle handle: the bench's drizzle-orm is another copy, whose
    // SQL objects the server's types do not accept.
    const result = (await client.running.ctx.database.db.execute(`
      select (select count(*) from events d where not exists (select 1 from event_embeddings x where x.id = d.id))
        + (select count(*) from memories d where not exists (select 1 from memory_embeddings x where x.id = d.id))
        + (select count(*) from artifacts d where not exists (select 1 from artifact_embeddings x where x.id = d.id))
        as n`)) as unknown as { rows: Array<{ n: number | string }> };
    const row = result.rows[0];
    if (Number(row?.n ?? 0) === 0) return performance.now() - t0;
    await new Promise((r) => setTimeout(r, 250));
  }
}

function pct(x: number): string {
  return (100 * x).toFixed(1);
}

async function main() {
  const limitArg = process.argv.indexOf('--limit');
  const limit = limitArg > 0 ? Number(process.argv[limitArg + 1]) : Number.POSITIVE_INFINITY;
  const fromArg = process.argv.indexOf('--from');
  const from = fromArg > 0 ? Number(process.argv[fromArg + 1]) : 0;
  const conversations = readLocomo(DATA).slice(from, from + limit);
  const skipLearn = process.argv.includes('--no-learn');
  const driverArg = process.argv.indexOf('--driver');
  const driver = driverArg > 0 ? process.argv[driverArg + 1] : 'pglite';
  let fresh: FreshDatabase | undefined;
  if (driver === 'postgres') fresh = await createFreshDatabase('recall');
  const client = await startBenchServer(
    fresh
      ? {
          DATABASE_URL: fresh.url,
          REDIS_URL,
          RATE_LIMIT_PREFIX: `hx:bench:${fresh.name}`,
          QUEUE_PREFIX: `hx:bench:${fresh.name}:bull`,
        }
      : {},
  );
  if (DUMP) writeFileSync(DUMP, '');
  const started = performance.now();
  const summary: { hygiene?: Awaited<ReturnType<typeof hygieneCheck>> } = {};
  type Row = {
    /** Fusion weight the row was measured with (--weights), or undefined. */
    weight?: number;
    category: number;
    recall: number[];
    baseline: number[];
    tokens: number;
    ms: number;
    /** Gold answer in the first ~500 tokens / the whole of a 2,000-token context (undefined: no answer). */
    answer?: [boolean, boolean];
  };
  const rows: Row[] = [];
  try {
    const hygiene = await hygieneCheck(client, () => waitForVectors(client));
    console.error(`hygiene: ${JSON.stringify(hygiene)}`);
    for (const conv of conversations) {
      const namespace = `locomo-${conv.sampleId}`;
      const t0 = performance.now();
      const diaOf = await captureConversation(client, conv);
      const t1 = performance.now();
      // A failed learn is reported, not fatal: recall is then measured over the raw events alone.
      const learned = skipLearn
        ? 'learn skipped'
        : await learn(client, namespace).catch((err: Error) => `LEARN FAILED: ${err.message.slice(0, 200)}`);
      const t2 = performance.now();
      const embedMs = await waitForVectors(client);
      const baseline = bm25Baseline(conv);
      for (const weight of WEIGHTS) {
        if (weight !== undefined)
          (client.running.ctx.config as { EMBEDDINGS_FUSION_WEIGHT?: number }).EMBEDDINGS_FUSION_WEIGHT = weight;
        for (const q of conv.questions) {
          if (q.category < 1 || q.category > 4 || q.evidence.length === 0) continue;
          const s0 = performance.now();
          const res = await client.post<{ entries: Entry[]; budget: { used: number } }>('/v1/synthesize', {
            query: q.question,
            namespace,
            options: { maxTokens: MAX_TOKENS },
          });
          const ms = performance.now() - s0;
          if (res.status !== 200) throw new Error(`synthesize failed: ${res.status} ${JSON.stringify(res.data)}`);
          if (process.env.RECALL_DEBUG) console.error(JSON.stringify(res.data).slice(0, 500));
          const cited = citedTurns(res.data.entries, diaOf);
          const recallOf = (ranked: string[]) =>
            KS.map((k) => {
              const top = new Set(ranked.slice(0, k));
              return q.evidence.filter((e) => top.has(e)).length / q.evidence.length;
            });
          let answer: [boolean, boolean] | undefined;
          let answerHead: string | undefined;
          let smallContext: string | undefined;
          if (q.answer) {
            const small = await client.post<{ context: string }>('/v1/synthesize', {
              query: q.question,
              namespace,
              options: { maxTokens: ANSWER_TOKENS },
            });
            if (small.status !== 200)
              throw new Error(`synthesize failed: ${small.status} ${JSON.stringify(small.data)}`);
            smallContext = small.data.context;
            answerHead = head(small.data.context, ANSWER_HEAD);
            answer = [answerIn(q.answer, answerHead), answerIn(q.answer, small.data.context)];
          }
          if (DUMP)
            appendFileSync(
              DUMP,
              `${JSON.stringify({ conv: conv.sampleId, weight, question: q.question, category: q.category, evidence: q.evidence, cited: cited.slice(0, 50), answer, gold: q.answer, head: answerHead, context: smallContext, kinds: res.data.entries.slice(0, 12).map((e) => `${e.kind}/${e.provenance.filter((p) => p.sourceType === 'event').length}`) })}\n`,
            );
          rows.push({
            weight,
            answer,
            category: q.category,
            recall: recallOf(cited),
            baseline: recallOf(baseline(q.question)),
            tokens: res.data.budget.used,
            ms,
          });
        }
      }
      console.error(
        `${conv.sampleId}: ${diaOf.size} turns captured in ${(t1 - t0).toFixed(0)} ms, learn ${(t2 - t1).toFixed(0)} ms (${learned})${EMBEDDINGS ? `, vectors ${embedMs.toFixed(0)} ms` : ''}`,
      );
    }
    summary.hygiene = hygiene;
  } finally {
    await client.close();
    await fresh?.drop();
  }
  const mean = (subset: Row[], i: number, key: 'recall' | 'baseline') =>
    subset.reduce((s, r) => s + (r[key][i] ?? 0), 0) / subset.length;
  const table = (subset: Row[]) =>
    KS.map((_, i) => `${pct(mean(subset, i, 'recall'))} (${pct(mean(subset, i, 'baseline'))})`);
  const avg = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / Math.max(1, xs.length);
  const lines: string[] = [];
  const tables = (rows: Row[], title: string) => {
    lines.push(
      `LoCoMo recall (${conversations.length} conversations from #${from + 1}, ${client.driver}, maxTokens ${MAX_TOKENS}, ${EMBEDDINGS ? `embeddings ${EMBEDDINGS}${title || `, fusion weight ${process.env.EMBEDDINGS_FUSION_WEIGHT ?? 'default'}`}` : 'lexical'}, ${((performance.now() - started) / 1000).toFixed(0)} s)`,
      '',
      'Recall of synthesize; in brackets our re-implementation of the README BM25 baseline on the same questions (the README itself gives 54.6 / 61.4 / 66.8 overall).',
      '',
      '| subset | n | R@5 | R@10 | R@20 | context tokens (mean) |',
      '|---|---|---|---|---|---|',
      `| overall | ${rows.length} | ${table(rows).join(' | ')} | ${avg(rows.map((r) => r.tokens)).toFixed(0)} |`,
    );
    for (const c of [1, 2, 3, 4]) {
      const subset = rows.filter((r) => r.category === c);
      if (subset.length === 0) continue;
      lines.push(
        `| ${c} ${CATEGORY[c]} | ${subset.length} | ${table(subset).join(' | ')} | ${avg(subset.map((r) => r.tokens)).toFixed(0)} |`,
      );
    }
    const answered = (subset: Row[], i: 0 | 1) => {
      const withAnswer = subset.filter((r) => r.answer);
      return `${pct(withAnswer.filter((r) => r.answer?.[i]).length / Math.max(1, withAnswer.length))}`;
    };
    lines.push(
      '',
      `Answer in context (gold answer's content words >= 80 % present; ${ANSWER_TOKENS}-token context): first ~${ANSWER_HEAD} tokens / whole`,
      '',
      '| subset | n | first 500 tokens | whole context |',
      '|---|---|---|---|',
      `| overall | ${rows.filter((r) => r.answer).length} | ${answered(rows, 0)} | ${answered(rows, 1)} |`,
    );
    for (const c of [1, 2, 3, 4]) {
      const subset = rows.filter((r) => r.category === c);
      if (subset.length === 0) continue;
      lines.push(
        `| ${c} ${CATEGORY[c]} | ${subset.filter((r) => r.answer).length} | ${answered(subset, 0)} | ${answered(subset, 1)} |`,
      );
    }
  };
  for (const weight of WEIGHTS) {
    const subset = weight === undefined ? rows : rows.filter((r) => r.weight === weight);
    tables(subset, weight === undefined ? '' : `, fusion weight ${weight}`);
    if (WEIGHTS.length > 1) lines.push('');
  }
  const h = summary.hygiene;
  if (h)
    lines.push(
      '',
      `Hygiene (scripted corpus, ${h.contexts} contexts; goal 0 each): duplicate facts ${h.duplicateFacts}, superseded facts ${h.supersededFacts}, empty at a small budget ${h.emptyAtSmallBudget}`,
    );
  const ms = rows.map((r) => r.ms).sort((a, b) => a - b);
  lines.push(
    '',
    `synthesize latency: mean ${avg(ms).toFixed(1)} ms, p95 ${(ms[Math.floor(ms.length * 0.95)] ?? 0).toFixed(1)} ms`,
  );
  console.log(lines.join('\n'));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

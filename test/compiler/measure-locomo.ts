/**
 * Quick throughput check of the deterministic compiler on the LoCoMo turns (read by path from
 * ../shared/bench-data, never copied): `npx tsx test/compiler/measure-locomo.ts [path]`.
 * Prints events/s for extract and buildArtifacts, and the drafts by kind.
 */
import { readFileSync } from 'node:fs';
import { createCompiler } from '../../server/src/compiler/index.js';
import type { CompilerEvent, StoredMemory } from '../../server/src/compiler/types.js';

const path =
  process.argv.slice(2).find((a) => !a.startsWith('--')) ??
  new URL('../../../shared/bench-data/locomo-dev.json', import.meta.url).pathname;
type Turn = { speaker: string; dia_id: string; text: string };
const samples = JSON.parse(readFileSync(path, 'utf8')) as {
  sample_id: string;
  conversation: Record<string, unknown>;
}[];

function parseDate(s: string): Date {
  // "1:56 pm on 8 May, 2023"
  const m = /(\d+):(\d+)\s*(am|pm) on (\d+) (\w+),? (\d{4})/i.exec(s);
  if (!m) return new Date(s);
  let h = Number(m[1]) % 12;
  if (m[3].toLowerCase() === 'pm') h += 12;
  return new Date(`${m[4]} ${m[5]} ${m[6]} ${String(h).padStart(2, '0')}:${m[2]}:00 UTC`);
}

const events: CompilerEvent[] = [];
for (const s of samples) {
  const conv = s.conversation;
  for (const key of Object.keys(conv)) {
    const km = /^session_(\d+)$/.exec(key);
    if (!km) continue;
    const at = parseDate(String(conv[`session_${km[1]}_date_time`]));
    (conv[key] as Turn[]).forEach((t, i) => {
      events.push({
        id: `evt_${s.sample_id}_${t.dia_id}`,
        type: 'message',
        sessionId: `${s.sample_id}-s${km[1]}`,
        namespace: `ns_${s.sample_id}`,
        subjectId: null,
        agentId: null,
        payload: { role: 'user', content: t.text },
        metadata: { speaker: t.speaker, diaId: t.dia_id },
        text: t.text,
        occurredAt: new Date(at.getTime() + i * 1000),
      });
    });
  }
}

const compiler = createCompiler();
compiler.extract(events.slice(0, 300)); // warm-up (JIT, caches)
const runs = 3;
let drafts = compiler.extract(events);
const t0 = performance.now();
const c0 = process.cpuUsage();
for (let i = 0; i < runs; i++) drafts = compiler.extract(events);
const extractMs = (performance.now() - t0) / runs;
const c1 = process.cpuUsage(c0);
const extractCpuMs = (c1.user + c1.system) / 1000 / runs;
const stored: StoredMemory[] = drafts.map((d, i) => ({
  ...d,
  id: `mem_${i}`,
  mentions: d.mentions ?? 1,
  status: 'active',
  validTo: null,
  lastSeenAt: d.lastSeenAt ?? d.validFrom,
}));
const t1 = performance.now();
const c2 = process.cpuUsage();
const artifacts = compiler.buildArtifacts({ memories: stored, events });
const artifactMs = performance.now() - t1;
const c3 = process.cpuUsage(c2);
const artifactCpuMs = (c3.user + c3.system) / 1000;
const byKind: Record<string, number> = {};
for (const d of drafts) byKind[d.kind] = (byKind[d.kind] ?? 0) + 1;
const byType: Record<string, number> = {};
for (const a of artifacts) byType[a.type] = (byType[a.type] ?? 0) + 1;
console.log(`events ${events.length}`);
// CPU time is shown beside wall time: on a shared machine the wall figure mostly measures the neighbours.
const rate = (ms: number) => Math.round(events.length / (ms / 1000));
console.log(
  `extract: wall ${extractMs.toFixed(0)} ms (${rate(extractMs)} events/s), cpu ${extractCpuMs.toFixed(0)} ms (${rate(extractCpuMs)} events/s)`,
);
console.log(`buildArtifacts: wall ${artifactMs.toFixed(0)} ms, cpu ${artifactCpuMs.toFixed(0)} ms`);
console.log(
  `extract + buildArtifacts: wall ${rate(extractMs + artifactMs)} events/s, cpu ${rate(extractCpuMs + artifactCpuMs)} events/s`,
);
console.log('drafts', drafts.length, byKind);
console.log('artifacts', artifacts.length, byType);
if (process.argv.includes('--show')) {
  for (const d of drafts.filter((x) => x.kind !== 'entity').slice(0, Number(process.env.SHOW ?? 80)))
    console.log(
      d.kind.padEnd(11),
      (d.attributeKey ?? '-').padEnd(30),
      JSON.stringify(d.content).slice(0, 140),
      d.attributes.date ?? '',
    );
}

/**
 * Summarises a V8 .cpuprofile (node --cpu-prof; `bench:compare --cpu-prof DIR` writes one per server, in
 * DIR/hx, DIR/baseline and DIR/stack-floor): self time per function and per package or source area, so a
 * profile can be read without a browser.
 * Usage: tsx speed/cpu-profile-summary.ts FILE.cpuprofile [top=25] [--us N]
 * With `--us N` (the server's CPU per request from `bench:compare --cpu-split`), areas are also shown as
 * microseconds per request: their share of the busy (not idle) time times N. That is how profiles of
 * servers that served different numbers of requests are put side by side.
 */
import { readFileSync } from 'node:fs';

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: Node[];
  samples: number[];
  timeDeltas: number[];
}

const usAt = process.argv.indexOf('--us');
const perRequestUs = usAt > 0 ? Number(process.argv[usAt + 1]) : undefined;
const [file, topArg] = process.argv.slice(2).filter((a, i, all) => a !== '--us' && all[i - 1] !== '--us');
if (!file) throw new Error('usage: cpu-profile-summary FILE.cpuprofile [top] [--us N]');
const top = Number(topArg ?? 25);
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const self = new Map<number, number>();
for (const [i, id] of profile.samples.entries()) self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
const total = [...self.values()].reduce((a, b) => a + b, 0);

/** The package (node_modules/<name>) or the workspace area (server/src/<dir>) a frame belongs to. */
function area(url: string, functionName: string): string {
  // Native frames by name: the garbage collector, socket writes (kernel time seen from the process).
  if (!url) return functionName === '(idle)' || functionName === '(program)' ? '(idle)' : `(native) ${functionName}`;
  const pkg = url.match(/node_modules\/(?:\.pnpm\/[^/]+\/node_modules\/)?((?:@[^/]+\/)?[^/]+)/);
  if (pkg) return pkg[1]!;
  const ws = url.match(/\/(server|contract|sdk)\/src\/([^/]+)/);
  if (ws) return `${ws[1]}/${ws[2]}`;
  if (url.startsWith('node:')) return url;
  return url
    .replace(/^file:\/\//, '')
    .split('/')
    .slice(-2)
    .join('/');
}

const perFn = new Map<string, number>();
const perArea = new Map<string, number>();
for (const [id, t] of self) {
  const n = byId.get(id)!;
  const f = n.callFrame;
  const name = `${f.functionName || '(anonymous)'} ${area(f.url, f.functionName)}:${f.lineNumber + 1}`;
  perFn.set(name, (perFn.get(name) ?? 0) + t);
  const a = area(f.url, f.functionName);
  perArea.set(a, (perArea.get(a) ?? 0) + t);
}
const busy = total - (perArea.get('(idle)') ?? 0);
const pct = (t: number) => `${((100 * t) / total).toFixed(1)}%`;
const us = (t: number) =>
  perRequestUs === undefined ? '' : `${((t / busy) * perRequestUs).toFixed(1).padStart(8)} us`;
const show = (title: string, m: Map<string, number>) => {
  console.log(`\n${title}`);
  for (const [k, t] of [...m].sort((a, b) => b[1] - a[1]).slice(0, top)) {
    console.log(`${pct(t).padStart(7)}${k.startsWith('(idle)') ? ' '.repeat(us(0).length) : us(t)}  ${k}`);
  }
};
console.log(`${file}: ${(total / 1e6).toFixed(1)} s sampled`);
show('self time by area', perArea);
show('self time by function', perFn);

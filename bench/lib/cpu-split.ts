/**
 * CPU time per process group over an interval, read from /proc (Linux only): the server under test,
 * PostgreSQL's processes, Redis, and the load generator. On a shared 2-core machine throughput follows
 * the CPU a request costs across all of them, so this says where a request's time goes.
 */
import { readdirSync, readFileSync } from 'node:fs';

const TICK_MS = 10; // USER_HZ is 100 on Linux

/** utime + stime of one process, in ms; 0 when it is gone. */
function cpuMs(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  } catch {
    return 0;
  }
}

function pidsNamed(name: string): number[] {
  const out: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === name) out.push(Number(entry));
    } catch {}
  }
  return out;
}

export type CpuSnapshot = Record<string, Map<number, number>>;

/** Snapshot of the groups: `server` is the given pid, the rest found by process name. */
export function cpuSnapshot(serverPid: number | undefined): CpuSnapshot {
  const group = (pids: number[]) => new Map(pids.map((p) => [p, cpuMs(p)]));
  return {
    server: group(serverPid ? [serverPid] : []),
    postgres: group(pidsNamed('postgres')),
    redis: group(pidsNamed('redis-server')),
    loadgen: group([process.pid]),
  };
}

/** CPU ms each group spent between two snapshots (processes that started in between count from 0). */
export function cpuSpent(before: CpuSnapshot, after: CpuSnapshot): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [name, pids] of Object.entries(after)) {
    let sum = 0;
    for (const [pid, ms] of pids) sum += ms - (before[name]?.get(pid) ?? 0);
    out[name] = sum;
  }
  return out;
}

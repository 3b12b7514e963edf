/** For suites that start processes (servers, workers): what a process wrote, when it exited, a free port. */
import type { ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
  /** When the exit was seen (ms since the epoch). */
  at: number;
}

/** Collects `child`'s stdout and stderr into one text (`output()`), and its exit. */
export function watchOutput(child: ChildProcess): { output: () => string; exited: Promise<Exit> } {
  let out = '';
  const add = (d: unknown) => {
    out += String(d);
  };
  child.stdout?.on('data', add);
  child.stderr?.on('data', add);
  const exited = new Promise<Exit>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal, at: Date.now() })),
  );
  return { output: () => out, exited };
}

/** A TCP port nothing listens on at the moment (127.0.0.1). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

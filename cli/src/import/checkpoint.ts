/**
 * Where `hx import` records how far it got: one small JSON file per import run and destination,
 * under $XDG_STATE_HOME/hx/imports (default ~/.local/state), rewritten after every acknowledged
 * batch and removed when the import completes.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

export interface Checkpoint {
  version: 1;
  file: string;
  runId: string;
  url: string;
  /** The last line whose event the server acknowledged (lines up to it are done). */
  lineDone: number;
  eventsDone: number;
  ingested: number;
  duplicates: number;
  /** Events of batches the server had stored before (the same file imported again): nothing new. */
  replayed?: number;
  batches: number;
  updatedAt: string;
}

export function checkpointPath(runId: string, destination: string): string {
  const base = process.env.XDG_STATE_HOME || join(homedir(), '.local', 'state');
  const id = createHash('sha256').update(`${runId}\n${destination}`).digest('hex').slice(0, 32);
  return join(base, 'hx', 'imports', `${id}.json`);
}

export function readCheckpoint(path: string, runId: string): Checkpoint | undefined {
  if (!existsSync(path)) return undefined;
  try {
    const value = JSON.parse(readFileSync(path, 'utf8')) as Checkpoint;
    return value.version === 1 && value.runId === runId ? value : undefined;
  } catch {
    return undefined;
  }
}

export function writeCheckpoint(path: string, checkpoint: Checkpoint): void {
  mkdirSync(join(path, '..'), { recursive: true, mode: 0o700 });
  const tmp = `${path}.${process.pid}.tmp`;
  writeFileSync(tmp, `${JSON.stringify(checkpoint, null, 2)}\n`, { mode: 0o600 });
  renameSync(tmp, path);
}

export function removeCheckpoint(path: string): void {
  rmSync(path, { force: true });
}

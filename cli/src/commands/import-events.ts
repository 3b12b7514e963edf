/**
 * `hx import <file.jsonl>`: captures a JSON-lines file of events in batches. The whole file is checked
 * first (nothing is sent if a line is bad); progress shows on a terminal; a checkpoint after every
 * acknowledged batch lets a re-run after a failure or Ctrl-C continue where it stopped, and per-line
 * idempotency keys make the batch that was in flight replay instead of storing twice.
 */
import { createHash } from 'node:crypto';
import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { CAPTURE_BATCH_MAX, type CaptureEvent } from '@hx-memory/contract';
import cliProgress from 'cli-progress';
import type { Command } from 'commander';
import { action, clientFor, settingsOf } from '../context.js';
import { CliError, UsageError } from '../errors.js';
import { integer, withExamples } from '../help.js';
import {
  type Checkpoint,
  checkpointPath,
  readCheckpoint,
  removeCheckpoint,
  writeCheckpoint,
} from '../import/checkpoint.js';
import { type EventDefaults, importRunId, readEvents, surveyFile } from '../import/read-events.js';
import { readStdin } from '../input.js';
import { isJson, note, print } from '../output.js';

const SHOWN_PROBLEMS = 20;

interface ImportOptions {
  batchSize: number;
  session?: string;
  namespace?: string;
  restart?: boolean;
}

export function registerImport(program: Command): void {
  const importCommand = program
    .command('import <file>')
    .description(
      'capture every event of a JSON-lines file (one capture body per line; - reads stdin) in batches; checked whole first, resumable, a re-import is replayed',
    )
    .option('--batch-size <n>', `events per request (at most ${CAPTURE_BATCH_MAX})`, integer(1, CAPTURE_BATCH_MAX), 200)
    .option('--session <sessionId>', 'sessionId of lines that have none')
    .option('--namespace <namespace>', 'namespace of lines that have none')
    .option('--restart', 'ignore a saved checkpoint and send the file from its first line')
    .action(
      action(async (file: string, options: ImportOptions, command: Command) => importFile(file, options, command)),
    );
  withExamples(
    importCommand,
    'hx import examples/data/capture-events.jsonl',
    'cat events.jsonl | hx import - --session support-2026-11',
    'hx import events.jsonl --batch-size 500 --json',
    '# after a failure or Ctrl-C, the same command continues from the checkpoint:',
    'hx import events.jsonl',
  );
}

async function importFile(file: string, options: ImportOptions, command: Command): Promise<void> {
  if (file !== '-') return importPath(file, resolve(file), options, command);
  // stdin is read whole into a private file first: the file is checked before anything is sent, and
  // a re-run with the same input finds the same checkpoint and idempotency keys (they hang on its hash).
  if (process.stdin.isTTY) throw new UsageError('`hx import -` reads the events from stdin: pipe a file into it');
  const dir = await mkdtemp(join(tmpdir(), 'hx-import-'));
  try {
    const path = join(dir, 'stdin.jsonl');
    await writeFile(path, await readStdin(), { mode: 0o600 });
    await importPath('stdin', path, options, command);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

async function importPath(file: string, path: string, options: ImportOptions, command: Command): Promise<void> {
  const before = await stat(path).catch((err: NodeJS.ErrnoException) => {
    const why = err.code === 'ENOENT' ? `no such file (looked in ${dirname(path)})` : err.message;
    throw new CliError(`cannot read ${file}: ${why}; pass a JSONL file of capture bodies, or - for stdin`, 'not_found');
  });
  if (before.isDirectory()) throw new CliError(`cannot read ${file}: it is a directory`, 'not_found');
  const defaults: EventDefaults = { sessionId: options.session, namespace: options.namespace };

  const survey = await surveyFile(path, defaults);
  if (survey.problems.length > 0) {
    const shown = survey.problems.slice(0, SHOWN_PROBLEMS);
    const more = survey.problems.length - shown.length;
    throw new CliError(
      `${survey.problems.length} bad line(s) in ${file}; nothing was imported${more > 0 ? ` (the first ${SHOWN_PROBLEMS} shown)` : ''}`,
      'invalid_file',
      shown.map((p) => ({ field: `line ${p.line}`, message: p.message })),
    );
  }

  const settings = settingsOf(command);
  const runId = importRunId(survey.sha256, defaults);
  // The destination: the server and the credential (an API key's hash, never the key) or profile.
  const credential = settings.apiKey
    ? createHash('sha256').update(settings.apiKey).digest('hex').slice(0, 16)
    : `profile:${settings.profile}`;
  const checkpointFile = checkpointPath(runId, `${settings.url}\n${credential}`);
  if (options.restart) removeCheckpoint(checkpointFile);
  const saved = readCheckpoint(checkpointFile, runId);
  const progress: Checkpoint = saved ?? {
    version: 1,
    file: path,
    runId,
    url: settings.url,
    lineDone: 0,
    eventsDone: 0,
    ingested: 0,
    duplicates: 0,
    replayed: 0,
    batches: 0,
    updatedAt: new Date().toISOString(),
  };
  if (saved)
    note(`resuming after line ${saved.lineDone}: ${saved.eventsDone} of ${survey.events} events already imported`);

  const showBar = !isJson() && process.stderr.isTTY === true;
  const bar = new cliProgress.SingleBar(
    {
      format: 'import [{bar}] {value}/{total} events | {eta_formatted} left',
      stream: process.stderr,
      hideCursor: true,
    },
    cliProgress.Presets.shades_classic,
  );
  if (showBar) bar.start(survey.events, progress.eventsDone);

  // Ctrl-C stops after the batch in flight (a second one at once); the checkpoint is already saved.
  let interrupted = false;
  const onInterrupt = () => {
    if (interrupted) process.exit(130);
    interrupted = true;
  };
  process.on('SIGINT', onInterrupt);

  const hx = clientFor(command);
  const sendBatch = async (batch: { line: number; event: CaptureEvent }[]) => {
    const first = batch[0]?.line ?? 0;
    const last = batch[batch.length - 1]?.line ?? 0;
    const { data: result, response } = await hx.capture
      .captureBatch({ events: batch.map((b) => b.event) }, { idempotencyKey: `hxi-${runId}-${first}-${last}` })
      .withResponse();
    progress.lineDone = last;
    progress.eventsDone += batch.length;
    // A batch sent before (the same file imported again) is answered from the idempotency record:
    // its counts are those of the first time, so they count as replayed, not as ingested again.
    if (response.headers.get('idempotent-replayed') === 'true')
      progress.replayed = (progress.replayed ?? 0) + batch.length;
    else {
      progress.ingested += result.summary.ingested;
      progress.duplicates += result.summary.duplicates;
    }
    progress.batches += 1;
    progress.updatedAt = new Date().toISOString();
    writeCheckpoint(checkpointFile, progress);
    if (showBar) bar.update(progress.eventsDone);
  };

  const startedAtLine = progress.lineDone;
  try {
    let batch: { line: number; event: CaptureEvent }[] = [];
    for await (const item of readEvents(path, defaults, runId, progress.lineDone)) {
      batch.push(item);
      if (batch.length >= options.batchSize) {
        await sendBatch(batch);
        batch = [];
        if (interrupted) break;
      }
    }
    if (!interrupted && batch.length > 0) await sendBatch(batch);
  } catch (err) {
    if (showBar) bar.stop();
    note(
      `stopped after line ${progress.lineDone} (${progress.eventsDone} of ${survey.events} events imported); run the same command again to resume`,
    );
    throw err;
  } finally {
    process.off('SIGINT', onInterrupt);
  }
  if (showBar) bar.stop();
  if (interrupted) {
    note(
      `interrupted after line ${progress.lineDone} (${progress.eventsDone} of ${survey.events} events); run the same command again to resume`,
    );
    process.exitCode = 130;
    return;
  }
  const after = await stat(path);
  if (after.size !== before.size || after.mtimeMs !== before.mtimeMs) {
    throw new CliError(`${file} changed while it was imported; check it and run the import again`, 'file_changed');
  }
  removeCheckpoint(checkpointFile);
  const replayed = progress.replayed ?? 0;
  if (replayed > 0 && progress.ingested === 0 && progress.duplicates === 0) {
    note(`${file} was imported before: all ${replayed} events replayed, nothing new stored`);
  } else if (replayed > 0) {
    note(`${replayed} events were imported before (replayed), ${progress.ingested} stored now`);
  }
  print({
    file,
    total: survey.events,
    ingested: progress.ingested,
    duplicates: progress.duplicates,
    replayed,
    errors: 0,
    batches: progress.batches,
    resumedAfterLine: startedAtLine,
  });
}

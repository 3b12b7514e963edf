/**
 * `hx import <file.jsonl>`: captures a JSON-lines file of events in batches. The whole file is checked
 * first (nothing is sent if a line is bad); progress shows on a terminal; a checkpoint after every
 * acknowledged batch lets a re-run after a failure or Ctrl-C continue where it stopped, and per-line
 * idempotency keys make the batch that was in flight replay instead of storing twice.
 */
import { createHash } from 'node:crypto';
import { stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import { CAPTURE_BATCH_MAX, type CaptureEvent } from '@hx-memory/contract';
import cliProgress from 'cli-progress';
import type { Command } from 'commander';
import { action, clientFor, settingsOf } from '../context.js';
import { CliError } from '../errors.js';
import { integer, withExamples } from '../help.js';
import {
  type Checkpoint,
  checkpointPath,
  readCheckpoint,
  removeCheckpoint,
  writeCheckpoint,
} from '../import/checkpoint.js';
import { type EventDefaults, importRunId, readEvents, surveyFile } from '../import/read-events.js';
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
      'capture every event of a JSON-lines file (one capture body per line) in batches; checked whole first, resumable',
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
    'hx import transcript.jsonl --session support-2026-11',
    'hx import events.jsonl --batch-size 500 --json',
    '# after a failure or Ctrl-C, the same command continues from the checkpoint:',
    'hx import events.jsonl',
  );
}

async function importFile(file: string, options: ImportOptions, command: Command): Promise<void> {
  const path = resolve(file);
  const before = await stat(path).catch(() => {
    throw new CliError(`cannot read ${file}`, 'not_found');
  });
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
    const result = await hx.capture.captureBatch(
      { events: batch.map((b) => b.event) },
      { idempotencyKey: `hxi-${runId}-${first}-${last}` },
    );
    progress.lineDone = last;
    progress.eventsDone += batch.length;
    progress.ingested += result.summary.ingested;
    progress.duplicates += result.summary.duplicates;
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
  print({
    file,
    total: survey.events,
    ingested: progress.ingested,
    duplicates: progress.duplicates,
    errors: 0,
    batches: progress.batches,
    resumedAfterLine: startedAtLine,
  });
}

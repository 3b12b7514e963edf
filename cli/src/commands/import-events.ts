/** `hx import <file.jsonl>`: captures a JSON-lines file of events in batches, with a progress bar. */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import cliProgress from 'cli-progress';
import type { Command } from 'commander';
import { action, clientFor, globalOptions, print } from '../context.js';

type BatchEvent = Parameters<ReturnType<typeof clientFor>['capture']['captureBatch']>[0]['events'][number];

async function countLines(file: string): Promise<number> {
  let count = 0;
  const lines = createInterface({ input: createReadStream(file), crlfDelay: Number.POSITIVE_INFINITY });
  for await (const line of lines) if (line.trim()) count += 1;
  return count;
}

export function registerImport(program: Command): void {
  program
    .command('import <file>')
    .description('capture every event of a JSON-lines file (one capture body per line), in batches')
    .option('--batch-size <n>', 'events per request (max 1000)', '200')
    .option('--session <sessionId>', 'sessionId for lines that have none')
    .action(
      action(async (file: string, options: { batchSize: string; session?: string }, command: Command) => {
        await stat(file);
        const batchSize = Math.max(1, Math.min(1000, Number(options.batchSize) || 200));
        const hx = clientFor(command);
        const total = await countLines(file);
        const showBar = !globalOptions(command).json && process.stderr.isTTY;
        const bar = new cliProgress.SingleBar(
          { format: 'import [{bar}] {value}/{total} events | {eta_formatted} left', stream: process.stderr },
          cliProgress.Presets.shades_classic,
        );
        if (showBar) bar.start(total, 0);
        const summary = { total: 0, ingested: 0, duplicates: 0, errors: 0, batches: 0 };
        let batch: BatchEvent[] = [];
        const flush = async () => {
          if (batch.length === 0) return;
          const result = await hx.capture.captureBatch({ events: batch });
          summary.total += result.summary.total;
          summary.ingested += result.summary.ingested;
          summary.duplicates += result.summary.duplicates;
          summary.errors += result.summary.errors;
          summary.batches += 1;
          if (showBar) bar.increment(batch.length);
          else if (!globalOptions(command).json) process.stderr.write(`imported ${summary.total}/${total}\n`);
          batch = [];
        };
        let lineNumber = 0;
        const lines = createInterface({ input: createReadStream(file), crlfDelay: Number.POSITIVE_INFINITY });
        try {
          for await (const line of lines) {
            lineNumber += 1;
            if (!line.trim()) continue;
            let event: Record<string, unknown>;
            try {
              event = JSON.parse(line) as Record<string, unknown>;
            } catch {
              throw new Error(`${file}:${lineNumber}: not valid JSON`);
            }
            if (!event.sessionId && options.session) event.sessionId = options.session;
            batch.push(event as BatchEvent);
            if (batch.length >= batchSize) await flush();
          }
          await flush();
        } finally {
          if (showBar) bar.stop();
        }
        print(command, summary);
      }),
    );
}

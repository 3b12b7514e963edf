/**
 * Bulk import of a JSONL chat transcript with the SDK: every line is checked first (nothing is sent
 * when one is bad), then the events go in batches of `batchSize`, each with an idempotency key made
 * of the file's hash and the batch's number, so re-running the import after a failure replays the
 * batches already stored instead of storing them twice.
 * Line format: {"session": "...", "role": "user" | "assistant", "content": "...", "at": "ISO time"}.
 * Run: `HX_BASE_URL=... HX_API_KEY=... npx tsx examples/bulk-import.ts examples/data/transcript.jsonl`.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { CaptureEventSchema } from '@hx-memory/contract';
import { type CaptureInput, Hx } from '@hx-memory/sdk';

export interface ImportSummary {
  lines: number;
  batches: number;
  ingested: number;
  duplicates: number;
  /** Batches answered from an earlier run (the same idempotency key and body). */
  replayed: number;
}

/** One transcript line as a capture event; throws with the line number when it is not one. */
function toEvent(line: string, lineNumber: number, subjectId: string): CaptureInput {
  let row: { session?: unknown; role?: unknown; content?: unknown; at?: unknown };
  try {
    row = JSON.parse(line);
  } catch {
    throw new Error(`line ${lineNumber}: not JSON`);
  }
  const event = {
    type: 'message' as const,
    sessionId: row.session,
    subjectId,
    payload: { role: row.role, content: row.content },
    occurredAt: row.at,
  };
  const checked = CaptureEventSchema.safeParse(event);
  if (!checked.success || (row.role !== 'user' && row.role !== 'assistant')) {
    const why = checked.success ? 'role must be user or assistant' : checked.error.issues[0]?.message;
    throw new Error(`line ${lineNumber}: ${why}`);
  }
  return event as CaptureInput;
}

export async function bulkImport(
  file: string,
  options: { hx?: Hx; batchSize?: number; subjectId?: string } = {},
): Promise<ImportSummary> {
  const hx = options.hx ?? new Hx();
  const batchSize = options.batchSize ?? 500; // the API takes up to 1000 events per batch
  const text = readFileSync(file, 'utf8');
  const fileHash = createHash('sha256').update(text).digest('hex').slice(0, 16);
  const lines = text.split('\n').filter((l) => l.trim());
  // Validate the whole file before sending anything.
  const events = lines.map((line, i) => toEvent(line, i + 1, options.subjectId ?? 'transcript'));

  const summary: ImportSummary = { lines: lines.length, batches: 0, ingested: 0, duplicates: 0, replayed: 0 };
  for (let start = 0; start < events.length; start += batchSize) {
    const batch = events.slice(start, start + batchSize);
    const { data, response } = await hx
      .captureBatch(batch, { idempotencyKey: `import-${fileHash}-${start / batchSize}` })
      .withResponse();
    summary.batches++;
    if (response.headers.get('idempotent-replayed') === 'true') summary.replayed++;
    else {
      summary.ingested += data.summary.ingested;
      summary.duplicates += data.summary.duplicates;
    }
  }
  return summary;
}

if (process.argv[1] && import.meta.url === new URL(`file://${process.argv[1]}`).href) {
  const file = process.argv[2] ?? fileURLToPath(new URL('./data/transcript.jsonl', import.meta.url));
  bulkImport(file, { batchSize: Number(process.env.BATCH_SIZE ?? 500) }).then(
    (s) =>
      console.log(
        `${s.lines} lines in ${s.batches} batch(es): ${s.ingested} ingested, ${s.duplicates} duplicates, ${s.replayed} batch(es) replayed`,
      ),
    (err: unknown) => {
      console.error(err instanceof Error ? err.message : err);
      process.exitCode = 1;
    },
  );
}

/**
 * The JSON-lines file of `hx import`: each non-empty line one capture body, checked against the
 * contract's event schema before anything is sent, with the defaults (--session, --namespace) applied
 * and a deterministic per-line idempotency key, so a resumed or repeated import replays rather than
 * stores twice.
 */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { type CaptureEvent, CaptureEventSchema } from '@hx-memory/contract';

export interface EventDefaults {
  sessionId?: string;
  namespace?: string;
}

export interface LineProblem {
  line: number;
  message: string;
}

export interface FileSurvey {
  /** sha256 of the file's bytes. */
  sha256: string;
  events: number;
  problems: LineProblem[];
}

export interface NumberedEvent {
  line: number;
  event: CaptureEvent;
}

async function* lines(file: string): AsyncGenerator<{ line: number; text: string }> {
  const reader = createInterface({ input: createReadStream(file), crlfDelay: Number.POSITIVE_INFINITY });
  let line = 0;
  for await (const text of reader) {
    line += 1;
    if (text.trim()) yield { line, text };
  }
}

/** One line as an event with the defaults applied, or what is wrong with it. */
function parseLine(text: string, defaults: EventDefaults): { event: CaptureEvent } | { problem: string } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { problem: 'not valid JSON' };
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) {
    return { problem: 'must be a JSON object (one capture body per line)' };
  }
  const raw = value as Record<string, unknown>;
  if (raw.sessionId === undefined && defaults.sessionId) raw.sessionId = defaults.sessionId;
  if (raw.namespace === undefined && defaults.namespace) raw.namespace = defaults.namespace;
  const parsed = CaptureEventSchema.safeParse(raw);
  if (parsed.success) return { event: parsed.data };
  return {
    problem: parsed.error.issues
      .map((issue) => `${issue.path.length ? `${issue.path.join('.')}: ` : ''}${issue.message}`)
      .join('; '),
  };
}

/** Reads the whole file once: its hash, how many events it holds, and every bad line. */
export async function surveyFile(file: string, defaults: EventDefaults): Promise<FileSurvey> {
  const hash = createHash('sha256');
  const hashing = new Promise<string>((resolve, reject) => {
    createReadStream(file)
      .on('data', (chunk) => hash.update(chunk))
      .on('end', () => resolve(hash.digest('hex')))
      .on('error', reject);
  });
  let events = 0;
  const problems: LineProblem[] = [];
  for await (const { line, text } of lines(file)) {
    const parsed = parseLine(text, defaults);
    if ('problem' in parsed) problems.push({ line, message: parsed.problem });
    else events += 1;
  }
  return { sha256: await hashing, events, problems };
}

/** The events of a surveyed file after line `afterLine`, each with its deterministic idempotency key. */
export async function* readEvents(
  file: string,
  defaults: EventDefaults,
  runId: string,
  afterLine: number,
): AsyncGenerator<NumberedEvent> {
  for await (const { line, text } of lines(file)) {
    if (line <= afterLine) continue;
    const parsed = parseLine(text, defaults);
    if ('problem' in parsed) throw new Error(`line ${line} changed since it was checked: ${parsed.problem}`);
    yield { line, event: { ...parsed.event, idempotencyKey: parsed.event.idempotencyKey ?? `hxi-${runId}-${line}` } };
  }
}

/** Identifies one import of one file content with one set of defaults: the keys and the checkpoint hang on it. */
export function importRunId(sha256: string, defaults: EventDefaults): string {
  return createHash('sha256')
    .update(`${sha256}\n${defaults.sessionId ?? ''}\n${defaults.namespace ?? ''}`)
    .digest('hex')
    .slice(0, 24);
}

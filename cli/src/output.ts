/**
 * How the CLI writes: results to stdout (a table, or JSON with --json), messages and errors to stderr
 * (a JSON envelope with --json). Colours only on a terminal and never with NO_COLOR or --no-color
 * (https://no-color.org); FORCE_COLOR forces them.
 */
import { HxError } from '@hx-memory/sdk';
import Table from 'cli-table3';
import pc from 'picocolors';
import { CliError, EXIT_ERROR, EXIT_USAGE, NotSupportedError, UsageError } from './errors.js';

type Colors = ReturnType<typeof pc.createColors>;

interface OutputMode {
  json: boolean;
  color: boolean;
}

const mode: OutputMode = { json: process.argv.includes('--json'), color: !process.argv.includes('--no-color') };

/** Set once per run from the parsed global options (before that, from argv). */
export function setOutputMode(next: Partial<OutputMode>): void {
  Object.assign(mode, next);
}

export const isJson = (): boolean => mode.json;

export function colorEnabled(stream: NodeJS.WriteStream): boolean {
  if (!mode.color || process.env.NO_COLOR) return false;
  if (process.env.FORCE_COLOR && process.env.FORCE_COLOR !== '0') return true;
  return !!stream.isTTY && process.env.TERM !== 'dumb';
}

export const colors = (stream: NodeJS.WriteStream = process.stdout): Colors => pc.createColors(colorEnabled(stream));

const cell = (value: unknown): string => {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
};

/** cli-table3 without its own colouring (it ignores NO_COLOR); headers coloured here instead. */
function newTable(head?: string[]) {
  const c = colors(process.stdout);
  return new Table({
    ...(head ? { head: head.map((h) => c.bold(c.cyan(h))) } : {}),
    style: { head: [], border: [] },
    wordWrap: true,
  });
}

export function printJson(data: unknown): void {
  process.stdout.write(`${JSON.stringify(data, null, 2)}\n`);
}

/** Prints `data` as JSON with --json, else as a table of `columns` (a list) or key/value rows (one object). */
export function print(data: unknown, columns?: string[]): void {
  if (mode.json) {
    printJson(data);
    return;
  }
  if (Array.isArray(data)) {
    if (data.length === 0) {
      process.stdout.write(`${colors().dim('(none)')}\n`);
      return;
    }
    const cols = columns ?? Object.keys(data[0] as object);
    const table = newTable(cols);
    for (const row of data as Record<string, unknown>[]) table.push(cols.map((c) => cell(row[c])));
    process.stdout.write(`${table.toString()}\n`);
    return;
  }
  if (data && typeof data === 'object') {
    const c = colors();
    const table = newTable();
    for (const [key, value] of Object.entries(data)) {
      if (!columns || columns.includes(key)) table.push({ [c.bold(key)]: cell(value) });
    }
    process.stdout.write(`${table.toString()}\n`);
    return;
  }
  process.stdout.write(`${cell(data)}\n`);
}

/** A human message on stderr (progress, hints, "saved ..."); silent with --json. */
export function note(message: string): void {
  if (!mode.json) process.stderr.write(`${message}\n`);
}

export function success(message: string): void {
  note(`${colors(process.stderr).green('✓')} ${message}`);
}

interface ErrorBody {
  code: string;
  message: string;
  status?: number;
  details?: { field: string; message: string }[];
  requestId?: string;
}

function describe(err: unknown): ErrorBody {
  if (err instanceof HxError) {
    return {
      code: err.code ?? (err.status ? `http_${err.status}` : 'connection_error'),
      message: err.message,
      ...(err.status ? { status: err.status } : {}),
      ...(err.details.length ? { details: err.details } : {}),
      ...(err.requestId ? { requestId: err.requestId } : {}),
    };
  }
  if (err instanceof UsageError || err instanceof NotSupportedError) return { code: err.code, message: err.message };
  if (err instanceof CliError) {
    return { code: err.code, message: err.message, ...(err.details.length ? { details: err.details } : {}) };
  }
  return { code: 'cli_error', message: err instanceof Error ? err.message : String(err) };
}

/** Writes a failure to stderr (a JSON envelope with --json) and answers the exit code it calls for. */
export function reportError(err: unknown, hint?: string): number {
  const body = describe(err);
  if (mode.json) {
    process.stderr.write(`${JSON.stringify({ ok: false, error: body }, null, 2)}\n`);
  } else {
    const c = colors(process.stderr);
    const where = body.requestId ? c.dim(` (request ${body.requestId})`) : '';
    const prefix = err instanceof HxError || body.code === 'not_supported' ? `${body.code}: ` : '';
    process.stderr.write(`${c.red('error:')} ${prefix}${body.message}${where}\n`);
    for (const d of body.details ?? []) process.stderr.write(`  - ${d.field}: ${d.message}\n`);
    const extra =
      hint ?? (err instanceof HxError && err.status === 401 ? 'run `hx login` to start a session' : undefined);
    if (extra) process.stderr.write(`${c.dim(`hint: ${extra}`)}\n`);
  }
  return err instanceof UsageError ? EXIT_USAGE : EXIT_ERROR;
}

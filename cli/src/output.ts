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

/** A value as cell text: an object as `key: value` lines (never raw JSON), a list of scalars joined. */
const cell = (value: unknown): string => {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) {
    if (value.every((v) => v === null || typeof v !== 'object')) return value.map(cell).join(', ');
    return value.map((v) => cell(v).replace(/\n/g, ', ')).join('\n');
  }
  if (typeof value === 'object') {
    return Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined && v !== null)
      .map(([k, v]) => `${k}: ${typeof v === 'object' ? JSON.stringify(v) : String(v)}`)
      .join('\n');
  }
  return String(value);
};

// biome-ignore lint/suspicious/noControlCharactersInRegex: ANSI colour codes are what is stripped
const ANSI = /\u001b\[[0-9;]*m/g;
const visible = (text: string): number => text.replace(ANSI, '').length;

/**
 * The terminal's width; when stdout is not one, COLUMNS, else no limit: a pipe or a file gets whole
 * rows, so an id is never split across lines where a script greps or copies it.
 */
export function outputWidth(): number {
  const fromEnv = Number(process.env.COLUMNS);
  return process.stdout.columns || (Number.isInteger(fromEnv) && fromEnv > 20 ? fromEnv : Number.POSITIVE_INFINITY);
}

/** `text` wrapped to `width` columns: at spaces when it can, inside a long word (an id, a URL) when it must. */
export function wrapText(text: string, width: number): string {
  const out: string[] = [];
  for (const paragraph of text.split('\n')) {
    let line = '';
    for (const word of paragraph.split(/ +/)) {
      let rest = word;
      if (line && visible(line) + 1 + visible(rest) <= width) {
        line = `${line} ${rest}`;
        continue;
      }
      if (line) out.push(line);
      while (visible(rest) > width) {
        out.push(rest.slice(0, width));
        rest = rest.slice(width);
      }
      line = rest;
    }
    out.push(line);
  }
  return out.join('\n');
}

/**
 * Column widths that fit `total` columns of terminal: narrow columns keep their width, the widest
 * are capped to what is left (at least 8 each), and their cells are wrapped to it.
 */
function fitRows(rows: string[][], total: number): string[][] {
  const count = Math.max(...rows.map((r) => r.length));
  const natural = Array.from({ length: count }, (_, i) =>
    Math.max(1, ...rows.map((r) => Math.max(...(r[i] ?? '').split('\n').map(visible)))),
  );
  // Each column costs its text, 2 of padding and 1 of border; one more border closes the row.
  const budget = total - 1 - 3 * count;
  if (natural.reduce((a, b) => a + b, 0) <= budget) return rows;
  // The widest columns give way first: one cap for all of them, the largest that fits (at least 8).
  let cap = Math.max(...natural);
  const cost = (c: number) => natural.reduce((sum, w) => sum + Math.min(w, c), 0);
  while (cap > 8 && cost(cap) > budget) cap -= 1;
  const widths = natural.map((w) => Math.min(w, cap));
  return rows.map((r) =>
    r.map((text, i) =>
      visible(text) > (widths[i] ?? 8) || text.includes('\n') ? wrapText(text, widths[i] ?? 8) : text,
    ),
  );
}

/** cli-table3 without its own colouring (it ignores NO_COLOR); headers coloured here instead. */
function newTable(head?: string[]) {
  const c = colors(process.stdout);
  return new Table({
    ...(head ? { head: head.map((h) => c.bold(c.cyan(h))) } : {}),
    style: { head: [], border: [] },
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
    const rows = fitRows(
      [cols, ...(data as Record<string, unknown>[]).map((row) => cols.map((c) => cell(row[c])))],
      outputWidth(),
    );
    const table = newTable(rows[0]);
    for (const row of rows.slice(1)) table.push(row);
    process.stdout.write(`${table.toString()}\n`);
    return;
  }
  if (data && typeof data === 'object') {
    const c = colors();
    const table = newTable();
    const entries = Object.entries(data).filter(([key]) => !columns || columns.includes(key));
    for (const [key, value] of fitRows(
      entries.map(([key, value]) => [key, cell(value)]),
      outputWidth(),
    )) {
      table.push({ [c.bold(key ?? '')]: value ?? '' });
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
  const extra =
    hint ?? (err instanceof HxError && err.status === 401 ? 'run `hx login --email <you@example.com>`' : undefined);
  if (mode.json) {
    process.stderr.write(
      `${JSON.stringify({ ok: false, error: { ...body, ...(extra ? { hint: extra } : {}) } }, null, 2)}\n`,
    );
  } else {
    const c = colors(process.stderr);
    const where = body.requestId ? c.dim(` (request ${body.requestId})`) : '';
    const prefix = err instanceof HxError || body.code === 'not_supported' ? `${body.code}: ` : '';
    process.stderr.write(`${c.red('error:')} ${prefix}${body.message}${where}\n`);
    for (const d of body.details ?? []) process.stderr.write(`  - ${d.field}: ${d.message}\n`);
    if (extra) process.stderr.write(`${c.dim(`hint: ${extra}`)}\n`);
  }
  return err instanceof UsageError ? EXIT_USAGE : EXIT_ERROR;
}

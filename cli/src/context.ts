/**
 * What every command shares: the global options resolved into an SDK client (flags, then
 * environment, then the saved config), and output as a table or as JSON (--json).
 */
import { Hx, HxError } from '@hx-memory/sdk';
import Table from 'cli-table3';
import type { Command } from 'commander';
import { readConfig } from './config-store.js';

export interface GlobalOptions {
  url?: string;
  token?: string;
  apiKey?: string;
  org?: string;
  json?: boolean;
}

export function globalOptions(command: Command): GlobalOptions {
  return command.optsWithGlobals() as GlobalOptions;
}

export function resolveSettings(options: GlobalOptions) {
  const stored = readConfig();
  return {
    url: options.url ?? process.env.HX_URL ?? stored.url ?? 'http://localhost:8080',
    accessToken: options.token ?? process.env.HX_TOKEN ?? stored.accessToken,
    apiKey: options.apiKey ?? process.env.HX_API_KEY ?? stored.apiKey,
    organizationId: options.org ?? process.env.HX_ORGANIZATION_ID ?? stored.organizationId,
  };
}

export function clientFor(command: Command): Hx {
  const s = resolveSettings(globalOptions(command));
  return new Hx({
    baseUrl: s.url,
    accessToken: s.accessToken,
    apiKey: s.apiKey,
    organizationId: s.organizationId,
  });
}

const cell = (value: unknown): string => {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
};

/** Prints `data` as JSON with --json, else as a table of `columns` (a list) or key/value rows (one object). */
export function print(command: Command, data: unknown, columns?: string[]): void {
  if (globalOptions(command).json) {
    process.stdout.write(`${JSON.stringify(data, null, 2)}\n`);
    return;
  }
  if (Array.isArray(data)) {
    if (data.length === 0) {
      process.stdout.write('(none)\n');
      return;
    }
    const cols = columns ?? Object.keys(data[0] as object);
    const table = new Table({ head: cols, wordWrap: true });
    for (const row of data as Record<string, unknown>[]) table.push(cols.map((c) => cell(row[c])));
    process.stdout.write(`${table.toString()}\n`);
    return;
  }
  if (data && typeof data === 'object') {
    const table = new Table({ wordWrap: true });
    for (const [key, value] of Object.entries(data)) {
      if (!columns || columns.includes(key)) table.push({ [key]: cell(value) });
    }
    process.stdout.write(`${table.toString()}\n`);
    return;
  }
  process.stdout.write(`${cell(data)}\n`);
}

/** Writes a failed call to stderr (or stdout as JSON with --json) and sets exit code 1. */
export function reportError(err: unknown, json: boolean): void {
  process.exitCode = 1;
  if (err instanceof HxError) {
    const body = {
      ok: false,
      error: {
        status: err.status,
        code: err.code,
        message: err.message,
        details: err.details,
        requestId: err.requestId,
      },
    };
    if (json) {
      process.stdout.write(`${JSON.stringify(body, null, 2)}\n`);
      return;
    }
    const where = err.requestId ? ` (request ${err.requestId})` : '';
    process.stderr.write(`error: ${err.code ?? err.name}: ${err.message}${where}\n`);
    for (const d of err.details) process.stderr.write(`  - ${d.field}: ${d.message}\n`);
    return;
  }
  const message = err instanceof Error ? err.message : String(err);
  if (json) process.stdout.write(`${JSON.stringify({ ok: false, error: { message } }, null, 2)}\n`);
  else process.stderr.write(`error: ${message}\n`);
}

/** Wraps a command action so SDK errors become a message and exit code 1. */
export function action<A extends unknown[]>(fn: (...args: A) => Promise<void>) {
  return async (...args: A) => {
    const command = args[args.length - 1] as Command;
    try {
      await fn(...args);
    } catch (err) {
      reportError(err, !!globalOptions(command).json);
    }
  };
}

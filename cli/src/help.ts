/**
 * What --help shows beside commander's own text: examples for every command (kept beside the command,
 * so docs/cli.md is generated from the same lines), and option parsers that make a bad value a usage
 * error (exit code 2) rather than a failed request.
 */
import { type Command, InvalidArgumentError } from 'commander';

const EXAMPLES = new WeakMap<Command, string[]>();

/** Adds an "Examples:" section to the command's help; lines starting with # are comments. */
export function withExamples<C extends Command>(command: C, ...lines: string[]): C {
  EXAMPLES.set(command, lines);
  command.addHelpText('after', () => {
    const body = lines.map((line) => (line.startsWith('#') ? `  ${line}` : `  $ ${line}`)).join('\n');
    return `\nExamples:\n${body}\n`;
  });
  return command;
}

export const examplesOf = (command: Command): string[] => EXAMPLES.get(command) ?? [];

/** A parser for an integer option within [min, max]. */
export function integer(min: number, max = Number.MAX_SAFE_INTEGER) {
  return (value: string): number => {
    const n = Number(value);
    if (!Number.isInteger(n) || n < min || n > max) {
      throw new InvalidArgumentError(`must be an integer from ${min} to ${max}`);
    }
    return n;
  };
}

/** A parser for a number option within [min, max]. */
export function decimal(min: number, max: number) {
  return (value: string): number => {
    const n = Number(value);
    if (value.trim() === '' || !Number.isFinite(n) || n < min || n > max) {
      throw new InvalidArgumentError(`must be a number from ${min} to ${max}`);
    }
    return n;
  };
}

/** A parser for an option holding a JSON object. */
export function jsonObject(value: string): Record<string, unknown> {
  try {
    const parsed = JSON.parse(value);
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed as Record<string, unknown>;
  } catch {
    /* reported below */
  }
  throw new InvalidArgumentError('must be a JSON object');
}

/** A parser for a comma-separated list. */
export function list(value: string): string[] {
  return value
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
}

/** A text option where "" means "clear it": sent as null (commander turns a parser's null back into ""). */
export function clearable(value: string | undefined): string | null | undefined {
  return value === '' ? null : value;
}

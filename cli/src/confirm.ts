/**
 * Destructive commands (forget, delete, revoke, remove, lifecycle run) ask before they act, as gh and
 * the Stripe CLI do: on a terminal a y/N question (on stderr, so stdout stays the result); `--yes`
 * skips it; without a terminal and without `--yes` they refuse, naming the flag, so a script never
 * deletes by accident and never hangs on a question nobody sees.
 */
import { createInterface } from 'node:readline/promises';
import { type Command, Option } from 'commander';
import { CliError, UsageError } from './errors.js';

/** Adds `-y, --yes` to a destructive command. */
export function withYes<C extends Command>(command: C): C {
  command.addOption(new Option('-y, --yes', 'do it without asking (required when stdin is not a terminal)'));
  return command;
}

/** Whether a prompt can be answered: stdin and stderr are both a terminal. */
const interactive = (): boolean => process.stdin.isTTY === true && process.stderr.isTTY === true;

/**
 * Asks `question` unless --yes was given; refuses without a terminal. `what` names the act for the
 * refusal ("delete memory mem_1").
 */
export async function confirmDestructive(options: { yes?: boolean }, what: string, question?: string): Promise<void> {
  if (options.yes) return;
  if (!interactive()) {
    throw new UsageError(`${what} needs confirmation: pass --yes (stdin is not a terminal, so nothing can be asked)`);
  }
  const rl = createInterface({ input: process.stdin, output: process.stderr });
  try {
    const answer = await rl.question(`${question ?? `${what}?`} This cannot be undone. [y/N] `);
    if (!/^y(es)?$/i.test(answer.trim())) throw new CliError(`${what}: cancelled, nothing was changed`, 'cancelled');
  } finally {
    rl.close();
  }
}

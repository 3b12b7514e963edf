/**
 * Reading what should not be typed on the command line: piped stdin, and secrets from a hidden
 * prompt (on a terminal) or stdin. Flags that would put a secret on argv (visible in `ps` and the
 * shell history) are declared hidden and refuse with a usage error that says what to do instead.
 */
import { type Command, Option } from 'commander';
import { UsageError } from './errors.js';

export async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** Stdin without its final line break (a piped `echo` adds one; a secret never ends with it). */
export const readStdinValue = async (): Promise<string> => (await readStdin()).replace(/\r?\n$/, '');

/**
 * A secret: `fromStdin` or a pipe reads stdin; a terminal gets a hidden prompt (on stderr, so stdout
 * stays the command's result). Empty is refused.
 */
export async function readSecret(
  label: string,
  opts: { fromStdin?: boolean /** How else to give it, for the error when it is empty. */; instead?: string } = {},
): Promise<string> {
  let value: string;
  if (opts.fromStdin || !process.stdin.isTTY) value = await readStdinValue();
  else {
    const { default: password } = await import('@inquirer/password');
    value = await password({ message: label, mask: false }, { output: process.stderr, clearPromptOnDone: true });
  }
  if (value === '') {
    const how = process.stdin.isTTY || opts.fromStdin ? '' : ' (stdin is not a terminal, so no prompt was shown)';
    throw new UsageError(`${label} is empty${how}${opts.instead ? `: ${opts.instead}` : ''}`);
  }
  return value;
}

/** Declares `flags` as a hidden option that refuses any value: secrets never come from argv. */
export function refuseSecretOption(command: Command, flags: string, instead: string): void {
  command.addOption(
    new Option(flags).hideHelp().argParser(() => {
      throw new UsageError(
        `${flags.split(/[ ,]/)[0]} is refused: a secret on the command line leaks into ps and the shell history; ${instead}`,
      );
    }),
  );
}

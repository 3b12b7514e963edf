/** `hx forget <subjectId>`: erase everything about a subject (events, memories, artifacts along lineage). */
import type { Command } from 'commander';
import { action, clientFor } from '../context.js';
import { withExamples } from '../help.js';
import { print } from '../output.js';
import { confirmDestructive, withYes } from '../confirm.js';

export function registerForget(program: Command): void {
  const forget = program
    .command('forget <subjectId>')
    .description(
      'delete every event about a subject, the memories compiled from them or about it, and the artifacts built from those (right to be forgotten)',
    )
    .option('--namespace <namespace>', 'only in this namespace')
    .action(
      action(async (subjectId: string, options: { namespace?: string; yes?: boolean }, command: Command) => {
        await confirmDestructive(
          options,
          `forget ${subjectId}`,
          `Delete every event, memory and artifact about ${subjectId}?`,
        );
        const result = await clientFor(command).memories.forgetSubject({ subjectId, namespace: options.namespace });
        print({ subjectId: result.subjectId, ...result.deleted });
      }),
    );
  withYes(forget);
  withExamples(forget, 'hx forget user-42', 'hx forget user-42 --namespace support --yes --json');
}

/** `hx memories list|get|delete`: compiled memories (facts, preferences, instructions, ...). */
import { MEMORY_KINDS, MemoryStatusSchema } from '@hx-memory/contract';
import { type Command, Option } from 'commander';
import { action, clientFor } from '../context.js';
import { integer, withExamples } from '../help.js';
import { print } from '../output.js';
import { collect, pageSize } from '../paging.js';
import { confirmDestructive, withYes } from '../confirm.js';

export function registerMemories(program: Command): void {
  const memories = program.command('memories').description('compiled memories (needs an API key)');
  withExamples(memories, 'hx memories list --subject user-42', 'hx memories delete mem_01JD8Z...');

  const list = memories
    .command('list')
    .description('list memories, newest first (reads are written to the access log)')
    .addOption(new Option('--kind <kind>', 'memory kind').choices([...MEMORY_KINDS]))
    .addOption(
      new Option('--status <status>', 'memory status (default: every status)').choices([...MemoryStatusSchema.options]),
    )
    .option('--subject <subjectId>', 'limit to a subject')
    .option('--session <sessionId>', 'limit to a session')
    .option('--namespace <namespace>', 'limit to a namespace')
    .option('--limit <n>', 'memories to show', integer(1), 20)
    .action(
      action(
        async (
          options: {
            kind?: (typeof MEMORY_KINDS)[number];
            status?: 'active' | 'superseded' | 'archived';
            subject?: string;
            session?: string;
            namespace?: string;
            limit: number;
          },
          command: Command,
        ) => {
          const pages = clientFor(command).memories.list({
            kind: options.kind,
            status: options.status,
            subjectId: options.subject,
            sessionId: options.session,
            namespace: options.namespace,
            limit: pageSize(options.limit),
          });
          print(await collect(pages, options.limit), [
            'id',
            'kind',
            'status',
            'subjectId',
            'content',
            'confidence',
            'lastSeenAt',
          ]);
        },
      ),
    );
  withExamples(list, 'hx memories list', 'hx memories list --kind preference --subject user-42 --limit 50 --json');

  const get = memories
    .command('get <id>')
    .description('one memory with its source events')
    .action(
      action(async (id: string, _options: unknown, command: Command) => {
        print(await clientFor(command).memories.get({ id }));
      }),
    );
  withExamples(get, 'hx memories get mem_01JD8Z...');

  const remove = memories
    .command('delete <id>')
    .description('delete a memory (a tombstone keeps learn from bringing it back; its artifacts are deprecated)')
    .action(
      action(async (id: string, options: { yes?: boolean }, command: Command) => {
        await confirmDestructive(options, `delete memory ${id}`);
        print(await clientFor(command).memories.delete({ id }));
      }),
    );
  withYes(remove);
  withExamples(remove, 'hx memories delete mem_01JD8Z...', 'hx memories delete mem_01JD8Z... --yes --json');
}

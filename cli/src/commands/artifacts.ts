/** `hx artifacts list|get`: compiled artifacts (profiles, playbooks, schemas, ...). */
import { ARTIFACT_TYPES, ArtifactSortSchema, ArtifactStatusSchema } from '@hx-memory/contract';
import { type Command, Option } from 'commander';
import { action, clientFor } from '../context.js';
import { integer, withExamples } from '../help.js';
import { isJson, print } from '../output.js';
import { collect, pageSize } from '../paging.js';

export function registerArtifacts(program: Command): void {
  const artifacts = program.command('artifacts').description('compiled artifacts');
  withExamples(artifacts, 'hx artifacts list --type profile', 'hx artifacts get art_01JD8Z...');

  const list = artifacts
    .command('list')
    .description('list artifacts, newest first')
    .addOption(new Option('--type <type>', 'artifact type').choices([...ARTIFACT_TYPES]))
    .addOption(new Option('--status <status>', 'artifact status').choices([...ArtifactStatusSchema.options]))
    .addOption(new Option('--sort <field>', 'sort field').choices([...ArtifactSortSchema.options]).default('createdAt'))
    .option('--namespace <namespace>', 'limit to a namespace')
    .option('--subject <subjectId>', 'limit to a subject')
    .option('--session <sessionId>', 'limit to a session')
    .option('--limit <n>', 'artifacts to show', integer(1), 20)
    .action(
      action(
        async (
          options: {
            type?: (typeof ARTIFACT_TYPES)[number];
            status?: 'active' | 'deprecated' | 'superseded';
            sort: 'createdAt';
            namespace?: string;
            subject?: string;
            session?: string;
            limit: number;
          },
          command: Command,
        ) => {
          const pages = clientFor(command).artifacts.list({
            type: options.type,
            status: options.status,
            sort: options.sort,
            namespace: options.namespace,
            subjectId: options.subject,
            sessionId: options.session,
            limit: pageSize(options.limit),
          });
          print(await collect(pages, options.limit), [
            'id',
            'type',
            'status',
            'title',
            'confidence',
            'evidenceCount',
            'updatedAt',
          ]);
        },
      ),
    );
  withExamples(list, 'hx artifacts list', 'hx artifacts list --type failure_playbook --status active --limit 5 --json');

  const get = artifacts
    .command('get <id>')
    .description('one artifact: its markdown (the whole artifact with --json)')
    .action(
      action(async (id: string, _options: unknown, command: Command) => {
        const artifact = await clientFor(command).artifacts.get({ id });
        if (isJson()) print(artifact);
        else process.stdout.write(`${artifact.markdown}\n`);
      }),
    );
  withExamples(get, 'hx artifacts get art_01JD8Z...', 'hx artifacts get art_01JD8Z... --json');
}

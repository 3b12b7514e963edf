/** `hx namespaces list|get|create|update`: memory namespaces of an organization. */
import { NAMESPACE_SENSITIVITIES } from '@hx-memory/contract';
import { type Command, Option } from 'commander';
import { action, orgClient } from '../context.js';
import { clearable, integer, list as commaList, withExamples } from '../help.js';
import { print } from '../output.js';
import { collect, pageSize } from '../paging.js';

type Sensitivity = (typeof NAMESPACE_SENSITIVITIES)[number];
const COLUMNS = ['id', 'name', 'sensitivity', 'teamIds', 'description', 'createdAt'];
const sensitivity = () =>
  new Option('--sensitivity <level>', 'sensitivity level').choices([...NAMESPACE_SENSITIVITIES]);

export function registerNamespaces(program: Command): void {
  const namespaces = program
    .command('namespaces')
    .description('memory namespaces of an organization (--org or the default one); names are what `--namespace` takes');
  withExamples(namespaces, 'hx namespaces list', 'hx namespaces create support --sensitivity confidential');

  const list = namespaces
    .command('list')
    .description('namespaces of the organization')
    .option('--limit <n>', 'namespaces to show', integer(1), 100)
    .action(
      action(async (options: { limit: number }, command: Command) => {
        const { hx, orgId } = orgClient(command);
        print(await collect(hx.namespaces.list({ orgId, limit: pageSize(options.limit) }), options.limit), COLUMNS);
      }),
    );
  withExamples(list, 'hx namespaces list', 'hx namespaces list --json');

  const get = namespaces
    .command('get <namespaceId>')
    .description('one namespace')
    .action(
      action(async (namespaceId: string, _options: unknown, command: Command) => {
        const { hx, orgId } = orgClient(command);
        print(await hx.namespaces.get({ orgId, namespaceId }));
      }),
    );
  withExamples(get, 'hx namespaces get ns_01JD8Z...');

  const create = namespaces
    .command('create <name>')
    .description('create a namespace')
    .option('--description <text>', 'what it holds')
    .addOption(sensitivity().default('internal'))
    .option('--teams <teamIds>', 'comma-separated ids of the teams it belongs to', commaList)
    .action(
      action(
        async (
          name: string,
          options: { description?: string; sensitivity: Sensitivity; teams?: string[] },
          command: Command,
        ) => {
          const { hx, orgId } = orgClient(command);
          print(
            await hx.namespaces.create({
              orgId,
              name,
              description: options.description,
              sensitivity: options.sensitivity,
              teamIds: options.teams,
            }),
          );
        },
      ),
    );
  withExamples(create, 'hx namespaces create support --sensitivity confidential --teams team_01JD8Z...');

  const update = namespaces
    .command('update <namespaceId>')
    .description('rename a namespace or change its description, sensitivity or teams')
    .option('--name <name>', 'new name')
    .option('--description <text>', 'new description ("" clears it)')
    .addOption(sensitivity())
    .option('--teams <teamIds>', 'comma-separated team ids: the new set', commaList)
    .action(
      action(
        async (
          namespaceId: string,
          options: { name?: string; description?: string; sensitivity?: Sensitivity; teams?: string[] },
          command: Command,
        ) => {
          const { hx, orgId } = orgClient(command);
          print(
            await hx.namespaces.update({
              orgId,
              namespaceId,
              name: options.name,
              description: clearable(options.description),
              sensitivity: options.sensitivity,
              teamIds: options.teams,
            }),
          );
        },
      ),
    );
  withExamples(update, 'hx namespaces update ns_01JD8Z... --sensitivity restricted');
}

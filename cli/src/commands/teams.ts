/** `hx teams list|get|create|update|delete`: teams of an organization. */
import type { Command } from 'commander';
import { action, orgClient } from '../context.js';
import { clearable, integer, list as commaList, withExamples } from '../help.js';
import { print } from '../output.js';
import { collect, pageSize } from '../paging.js';
import { confirmDestructive, withYes } from '../confirm.js';

const COLUMNS = ['id', 'name', 'description', 'memberCount', 'createdAt'];

export function registerTeams(program: Command): void {
  const teams = program.command('teams').description('teams of an organization (--org or the default one)');
  withExamples(teams, 'hx teams list', 'hx teams create platform --description "Platform engineering"');

  const list = teams
    .command('list')
    .description('teams of the organization')
    .option('--limit <n>', 'teams to show', integer(1), 100)
    .action(
      action(async (options: { limit: number }, command: Command) => {
        const { hx, orgId } = orgClient(command);
        print(await collect(hx.teams.list({ orgId, limit: pageSize(options.limit) }), options.limit), COLUMNS);
      }),
    );
  withExamples(list, 'hx teams list', 'hx --org org_01JD8Z... teams list --json');

  const get = teams
    .command('get <teamId>')
    .description('a team with its members')
    .action(
      action(async (teamId: string, _options: unknown, command: Command) => {
        const { hx, orgId } = orgClient(command);
        print(await hx.teams.get({ orgId, teamId }));
      }),
    );
  withExamples(get, 'hx teams get team_01JD8Z...');

  const create = teams
    .command('create <name>')
    .description('create a team')
    .option('--description <text>', 'what the team does')
    .action(
      action(async (name: string, options: { description?: string }, command: Command) => {
        const { hx, orgId } = orgClient(command);
        print(await hx.teams.create({ orgId, name, description: options.description }));
      }),
    );
  withExamples(create, 'hx teams create platform', 'hx teams create support --description "Tier 1 support" --json');

  const update = teams
    .command('update <teamId>')
    .description('rename a team, change its description, or replace its members')
    .option('--name <name>', 'new name')
    .option('--description <text>', 'new description ("" clears it)')
    .option('--members <memberIds>', 'comma-separated member ids: the new set of members', commaList)
    .action(
      action(
        async (
          teamId: string,
          options: { name?: string; description?: string; members?: string[] },
          command: Command,
        ) => {
          const { hx, orgId } = orgClient(command);
          print(
            await hx.teams.update({
              orgId,
              teamId,
              name: options.name,
              description: clearable(options.description),
              memberIds: options.members,
            }),
          );
        },
      ),
    );
  withExamples(
    update,
    'hx teams update team_01JD8Z... --name platform-eng',
    'hx teams update team_01JD8Z... --members mem_1,mem_2',
  );

  const remove = teams
    .command('delete <teamId>')
    .description('delete a team')
    .action(
      action(async (teamId: string, options: { yes?: boolean }, command: Command) => {
        const { hx, orgId } = orgClient(command);
        await confirmDestructive(options, `delete team ${teamId}`);
        print(await hx.teams.delete({ orgId, teamId }));
      }),
    );
  withYes(remove);
  withExamples(remove, 'hx teams delete team_01JD8Z...');
}

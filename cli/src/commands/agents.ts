/** `hx agents list|get|create|update|delete`: agent identities of an organization. */
import type { Command } from 'commander';
import { action, orgClient } from '../context.js';
import { clearable, integer, jsonObject, withExamples } from '../help.js';
import { print } from '../output.js';
import { collect, pageSize } from '../paging.js';
import { confirmDestructive, withYes } from '../confirm.js';

const COLUMNS = ['id', 'name', 'framework', 'teamId', 'description', 'createdAt'];

export function registerAgents(program: Command): void {
  const agents = program
    .command('agents')
    .description('agent identities of an organization (--org or the default one)');
  withExamples(agents, 'hx agents list', 'hx agents create support-bot --framework langgraph');

  const list = agents
    .command('list')
    .description('agents of the organization')
    .option('--team <teamId>', 'only agents of this team')
    .option('--limit <n>', 'agents to show', integer(1), 100)
    .action(
      action(async (options: { team?: string; limit: number }, command: Command) => {
        const { hx, orgId } = orgClient(command);
        const pages = hx.agents.list({ orgId, teamId: options.team, limit: pageSize(options.limit) });
        print(await collect(pages, options.limit), COLUMNS);
      }),
    );
  withExamples(list, 'hx agents list', 'hx agents list --team team_01JD8Z... --json');

  const get = agents
    .command('get <agentId>')
    .description('one agent')
    .action(
      action(async (agentId: string, _options: unknown, command: Command) => {
        const { hx, orgId } = orgClient(command);
        print(await hx.agents.get({ orgId, agentId }));
      }),
    );
  withExamples(get, 'hx agents get agt_01JD8Z...');

  const create = agents
    .command('create <name>')
    .description('register an agent identity (names are unique in the organization)')
    .option('--description <text>', 'what the agent does')
    .option('--framework <name>', 'e.g. langgraph, crewai, openai-agents')
    .option('--team <teamId>', 'team the agent belongs to')
    .option('--metadata <json>', 'metadata as a JSON object', jsonObject)
    .action(
      action(
        async (
          name: string,
          options: { description?: string; framework?: string; team?: string; metadata?: Record<string, unknown> },
          command: Command,
        ) => {
          const { hx, orgId } = orgClient(command);
          print(
            await hx.agents.create({
              orgId,
              name,
              description: options.description,
              framework: options.framework,
              teamId: options.team,
              metadata: options.metadata,
            }),
          );
        },
      ),
    );
  withExamples(create, 'hx agents create support-bot --framework langgraph --team team_01JD8Z...');

  const update = agents
    .command('update <agentId>')
    .description('change an agent ("" clears description, framework or team)')
    .option('--name <name>', 'new name')
    .option('--description <text>', 'new description')
    .option('--framework <name>', 'new framework')
    .option('--team <teamId>', 'new team')
    .option('--metadata <json>', 'new metadata (replaces it)', jsonObject)
    .action(
      action(
        async (
          agentId: string,
          options: {
            name?: string;
            description?: string;
            framework?: string;
            team?: string;
            metadata?: Record<string, unknown>;
          },
          command: Command,
        ) => {
          const { hx, orgId } = orgClient(command);
          print(
            await hx.agents.update({
              orgId,
              agentId,
              name: options.name,
              description: clearable(options.description),
              framework: clearable(options.framework),
              teamId: clearable(options.team),
              metadata: options.metadata,
            }),
          );
        },
      ),
    );
  withExamples(update, 'hx agents update agt_01JD8Z... --framework crewai', 'hx agents update agt_01JD8Z... --team ""');

  const remove = agents
    .command('delete <agentId>')
    .description('delete an agent identity')
    .action(
      action(async (agentId: string, options: { yes?: boolean }, command: Command) => {
        const { hx, orgId } = orgClient(command);
        await confirmDestructive(options, `delete agent ${agentId}`);
        print(await hx.agents.delete({ orgId, agentId }));
      }),
    );
  withYes(remove);
  withExamples(remove, 'hx agents delete agt_01JD8Z...');
}

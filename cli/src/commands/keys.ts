/** `hx keys list|create|revoke`: the user's API keys, all of the tenant's for its owner (needs a login). */
import type { Command } from 'commander';
import { writeConfig } from '../config-store.js';
import { action, clientFor, globalOptions, print } from '../context.js';

const COLUMNS = ['id', 'name', 'prefix', 'environment', 'createdAt', 'lastUsedAt', 'revoked'];

export function registerKeys(program: Command): void {
  const keys = program.command('keys').description('manage API keys (needs `hx login`)');
  keys
    .command('list')
    .description('list your API keys (the tenant owner: every key of the tenant)')
    .action(
      action(async (_options: unknown, command: Command) => {
        const apiKeys = [];
        for await (const key of clientFor(command).apiKeys.list({ limit: 100 })) apiKeys.push(key);
        print(command, apiKeys, COLUMNS);
      }),
    );
  keys
    .command('create <name>')
    .description('create an API key; the key is printed once')
    .option('--env <environment>', 'live or test', 'live')
    .option('--bind-org <orgId>', 'bind the key to an organization')
    .option('--namespace <namespaceId>', 'bind the key to a namespace')
    .option('--agent <agentId>', 'bind the key to an agent identity')
    .option('--save', 'save the key as the default API key of the CLI')
    .action(
      action(
        async (
          name: string,
          options: { env: string; bindOrg?: string; namespace?: string; agent?: string; save?: boolean },
          command: Command,
        ) => {
          const created = await clientFor(command).apiKeys.create({
            name,
            environment: options.env === 'test' ? 'test' : 'live',
            organizationId: options.bindOrg,
            namespaceId: options.namespace,
            agentId: options.agent,
          });
          if (options.save) writeConfig({ apiKey: created.key });
          print(command, created, globalOptions(command).json ? undefined : ['id', 'name', 'environment', 'key']);
          if (!globalOptions(command).json) process.stderr.write('store the key now: it is not shown again\n');
        },
      ),
    );
  keys
    .command('revoke <id>')
    .description('revoke an API key (takes effect at once)')
    .action(
      action(async (id: string, _options: unknown, command: Command) => {
        print(command, await clientFor(command).apiKeys.revoke({ id }));
      }),
    );
}

/** `hx keys list|create|revoke`: the user's API keys, all of the tenant's for its owner (needs a login). */
import { type Command, Option } from 'commander';
import { writeProfile } from '../config-store.js';
import { action, clientFor, settingsOf } from '../context.js';
import { integer, withExamples } from '../help.js';
import { isJson, note, print } from '../output.js';
import { collect, pageSize } from '../paging.js';
import { confirmDestructive, withYes } from '../confirm.js';

const COLUMNS = ['id', 'name', 'prefix', 'environment', 'createdAt', 'lastUsedAt', 'revoked'];

export function registerKeys(program: Command): void {
  const keys = program.command('keys').description('manage API keys (needs `hx login`)');
  withExamples(keys, 'hx keys list', 'hx keys create "ci pipeline" --env test --save');

  const list = keys
    .command('list')
    .description('list your API keys (the tenant owner: every key of the tenant)')
    .option('--limit <n>', 'keys to show', integer(1), 100)
    .action(
      action(async (options: { limit: number }, command: Command) => {
        print(
          await collect(clientFor(command).apiKeys.list({ limit: pageSize(options.limit) }), options.limit),
          COLUMNS,
        );
      }),
    );
  withExamples(list, 'hx keys list', 'hx keys list --json');

  const create = keys
    .command('create <name>')
    .description('create an API key; the key is printed once')
    .addOption(new Option('--env <environment>', 'live or test').choices(['live', 'test']).default('live'))
    .option('--expires-at <iso>', 'expiry (ISO 8601)')
    .option('--bind-org <orgId>', 'bind the key to an organization')
    .option('--namespace <namespace>', 'bind the key to a namespace (its id or name)')
    .option('--agent <agentId>', 'bind the key to an agent identity')
    .option('--save', 'save the key in the profile as the API key of the core commands')
    .action(
      action(
        async (
          name: string,
          options: {
            env: 'live' | 'test';
            expiresAt?: string;
            bindOrg?: string;
            namespace?: string;
            agent?: string;
            save?: boolean;
          },
          command: Command,
        ) => {
          const created = await clientFor(command).apiKeys.create({
            name,
            environment: options.env,
            expiresAt: options.expiresAt,
            organizationId: options.bindOrg,
            namespaceId: options.namespace,
            agentId: options.agent,
          });
          if (options.save) writeProfile(settingsOf(command).profile, { credentials: { apiKey: created.key } });
          print(created, isJson() ? undefined : ['id', 'name', 'environment', 'key']);
          note(options.save ? 'saved the key in the profile' : 'store the key now: it is not shown again');
        },
      ),
    );
  withExamples(
    create,
    'hx keys create "support bot" --save',
    'hx keys create ci --env test --expires-at 2027-01-01T00:00:00Z --json',
  );

  const revoke = keys
    .command('revoke <id>')
    .description('revoke an API key (takes effect at once)')
    .action(
      action(async (id: string, options: { yes?: boolean }, command: Command) => {
        await confirmDestructive(
          options,
          `revoke API key ${id}`,
          `Revoke API key ${id}? Agents using it stop working at once.`,
        );
        print(await clientFor(command).apiKeys.revoke({ id }));
      }),
    );
  withYes(revoke);
  withExamples(revoke, 'hx keys revoke key_01JD8Z...', 'hx keys revoke key_01JD8Z... --yes');
}

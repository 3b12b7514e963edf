/**
 * `hx vault list|create|update|delete|items|put|get|reveal|remove-item|audit`: encrypted secrets (JWT only;
 * every read is audited). Secret values come from a hidden prompt or stdin, never from argv.
 */
import { type Command, Option } from 'commander';
import { action, clientFor } from '../context.js';
import { UsageError } from '../errors.js';
import { integer, jsonObject, withExamples } from '../help.js';
import { readSecret, refuseSecretOption } from '../input.js';
import { isJson, print } from '../output.js';
import { collect, pageSize } from '../paging.js';
import { confirmDestructive, withYes } from '../confirm.js';

const SENSITIVITIES = ['low', 'medium', 'high', 'critical'] as const;

export function registerVault(program: Command): void {
  const vault = program.command('vault').description('encrypted secrets (needs `hx login`; every read is audited)');
  withExamples(vault, 'hx vault create payments --sensitivity high', 'hx vault put vlt_01JD8Z... stripe-key');

  const list = vault
    .command('list')
    .description('vaults you can access')
    .option('--limit <n>', 'vaults to show', integer(1), 100)
    .action(
      action(async (options: { limit: number }, command: Command) => {
        const pages = clientFor(command).vault.listVaults({ limit: pageSize(options.limit) });
        print(await collect(pages, options.limit), ['id', 'name', 'sensitivity', 'createdAt']);
      }),
    );
  withExamples(list, 'hx vault list', 'hx vault list --json');

  const create = vault
    .command('create <name>')
    .description('create a vault')
    .option('--description <text>', 'what it holds')
    .addOption(new Option('--sensitivity <level>', 'sensitivity level').choices([...SENSITIVITIES]).default('medium'))
    .action(
      action(
        async (
          name: string,
          options: { description?: string; sensitivity: (typeof SENSITIVITIES)[number] },
          command: Command,
        ) => {
          print(
            await clientFor(command).vault.createVault({
              name,
              description: options.description,
              sensitivity: options.sensitivity,
            }),
          );
        },
      ),
    );
  withExamples(create, 'hx vault create payments --sensitivity high --description "payment provider keys"');

  const update = vault
    .command('update <vaultId>')
    .description(
      'change a vault: name, description, sensitivity, the organization it is shared with (creator or tenant owner)',
    )
    .option('--name <name>', 'new name')
    .option('--description <text>', 'what it holds')
    .addOption(new Option('--sensitivity <level>', 'sensitivity level').choices([...SENSITIVITIES]))
    .addOption(
      new Option('--organization <orgId>', 'share with this organization (needs vault:write there)').conflicts(
        'unshare',
      ),
    )
    .option('--unshare', 'share with no organization: the creator and the tenant owner only')
    .action(
      action(
        async (
          vaultId: string,
          options: {
            name?: string;
            description?: string;
            sensitivity?: (typeof SENSITIVITIES)[number];
            organization?: string;
            unshare?: boolean;
          },
          command: Command,
        ) => {
          const organizationId = options.unshare ? null : options.organization;
          const changes = {
            ...(options.name !== undefined ? { name: options.name } : {}),
            ...(options.description !== undefined ? { description: options.description } : {}),
            ...(options.sensitivity !== undefined ? { sensitivity: options.sensitivity } : {}),
            ...(organizationId !== undefined ? { organizationId } : {}),
          };
          if (Object.keys(changes).length === 0) {
            throw new UsageError(
              'give at least one of --name, --description, --sensitivity, --organization, --unshare',
            );
          }
          print(await clientFor(command).vault.updateVault({ vaultId, ...changes }));
        },
      ),
    );
  withExamples(
    update,
    'hx vault update vlt_01JD8Z... --organization org_01JD8Z...',
    'hx vault update vlt_01JD8Z... --unshare',
  );

  const remove = vault
    .command('delete <vaultId>')
    .description('delete a vault and every item in it')
    .action(
      action(async (vaultId: string, options: { yes?: boolean }, command: Command) => {
        await confirmDestructive(options, `delete vault ${vaultId}`, `Delete vault ${vaultId} and every secret in it?`);
        print(await clientFor(command).vault.deleteVault({ vaultId }));
      }),
    );
  withYes(remove);
  withExamples(remove, 'hx vault delete vlt_01JD8Z...');

  const items = vault
    .command('items <vaultId>')
    .description('items of a vault (names only, never values)')
    .option('--limit <n>', 'items to show', integer(1), 100)
    .action(
      action(async (vaultId: string, options: { limit: number }, command: Command) => {
        const pages = clientFor(command).vault.listItems({ vaultId, limit: pageSize(options.limit) });
        print(await collect(pages, options.limit), ['id', 'name', 'type', 'version', 'updatedAt']);
      }),
    );
  withExamples(items, 'hx vault items vlt_01JD8Z...');

  const put = vault
    .command('put <vaultId> <name> [source]')
    .description('store a secret, typed at a hidden prompt, or read from stdin with --value-stdin (or "-" as source)')
    .option('--value-stdin', 'read the value from stdin')
    .option('--type <type>', 'api_key, password, token, ...')
    .option('--metadata <json>', 'metadata as a JSON object', jsonObject)
    .action(
      action(
        async (
          vaultId: string,
          name: string,
          source: string | undefined,
          options: { valueStdin?: boolean; type?: string; metadata?: Record<string, unknown> },
          command: Command,
        ) => {
          if (source !== undefined && source !== '-') {
            throw new UsageError(
              'the secret is refused as an argument (it would leak into ps and the shell history): type it at the prompt, or pipe it with --value-stdin or "-"',
            );
          }
          const value = await readSecret(`value of ${name}`, { fromStdin: options.valueStdin || source === '-' });
          const item = await clientFor(command).vault.createItem({
            vaultId,
            name,
            value,
            type: options.type,
            metadata: options.metadata,
          });
          print(item, ['id', 'vaultId', 'name', 'type', 'version', 'createdAt']);
        },
      ),
    );
  refuseSecretOption(put, '--value <value>', 'type it at the prompt, or pipe it with --value-stdin or "-"');
  withExamples(
    put,
    'hx vault put vlt_01JD8Z... stripe-key --type api_key',
    'printenv STRIPE_KEY | hx vault put vlt_01JD8Z... stripe-key --value-stdin',
    'hx vault put vlt_01JD8Z... db-password - < password.txt',
  );

  const get = vault
    .command('get <vaultId> <itemId>')
    .description('an item with its decrypted value (audited)')
    .action(
      action(async (vaultId: string, itemId: string, _options: unknown, command: Command) => {
        print(await clientFor(command).vault.getItem({ vaultId, itemId }));
      }),
    );
  withExamples(get, 'hx vault get vlt_01JD8Z... itm_01JD8Z... --json');

  const reveal = vault
    .command('reveal <vaultId> <itemId>')
    .description('only the decrypted value, on stdout without a line break (audited), e.g. for a pipe')
    .action(
      action(async (vaultId: string, itemId: string, _options: unknown, command: Command) => {
        const revealed = await clientFor(command).vault.revealItem({ id: vaultId, itemId });
        if (isJson()) print(revealed);
        else process.stdout.write(revealed.value);
      }),
    );
  withExamples(reveal, 'hx vault reveal vlt_01JD8Z... itm_01JD8Z... | pbcopy');

  const removeItem = vault
    .command('remove-item <vaultId> <itemId>')
    .description('delete a secret (its ciphertext and wrapped key)')
    .action(
      action(async (vaultId: string, itemId: string, options: { yes?: boolean }, command: Command) => {
        await confirmDestructive(options, `delete secret ${itemId}`);
        print(await clientFor(command).vault.deleteItem({ vaultId, itemId }));
      }),
    );
  withYes(removeItem);
  withExamples(removeItem, 'hx vault remove-item vlt_01JD8Z... itm_01JD8Z...');

  const audit = vault
    .command('audit <vaultId>')
    .description('audit log of a vault, newest first')
    .option('--limit <n>', 'entries to show', integer(1), 50)
    .action(
      action(async (vaultId: string, options: { limit: number }, command: Command) => {
        const pages = clientFor(command).vault.audit({ id: vaultId, limit: pageSize(options.limit) });
        print(await collect(pages, options.limit));
      }),
    );
  withExamples(audit, 'hx vault audit vlt_01JD8Z... --limit 20');
}

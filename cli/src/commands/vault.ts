/** `hx vault list|create|items|put|get|reveal|audit`: encrypted secrets (needs `hx login`). */
import type { Command } from 'commander';
import { action, clientFor, print } from '../context.js';

export function registerVault(program: Command): void {
  const vault = program.command('vault').description('encrypted secrets (JWT only; every read is audited)');
  vault
    .command('list')
    .description('vaults you can access')
    .action(
      action(async (_options: unknown, command: Command) => {
        const page = await clientFor(command).vault.listVaults();
        print(command, page.items, ['id', 'name', 'sensitivity', 'createdAt']);
      }),
    );
  vault
    .command('create <name>')
    .description('create a vault')
    .option('--description <text>', 'what it holds')
    .option('--sensitivity <level>', 'low, medium, high or critical', 'medium')
    .action(
      action(async (name: string, options: { description?: string; sensitivity: string }, command: Command) => {
        const created = await clientFor(command).vault.createVault({
          name,
          description: options.description,
          sensitivity: options.sensitivity as 'medium',
        });
        print(command, created);
      }),
    );
  vault
    .command('items <vaultId>')
    .description('items of a vault (names only, never values)')
    .action(
      action(async (vaultId: string, _options: unknown, command: Command) => {
        const page = await clientFor(command).vault.listItems({ vaultId });
        print(command, page.items, ['id', 'name', 'type', 'version', 'updatedAt']);
      }),
    );
  vault
    .command('put <vaultId> <name>')
    .description('store a secret; the value is read from --value or stdin')
    .option('--value <value>', 'the secret (prefer stdin: it stays out of the shell history)')
    .option('--type <type>', 'api_key, password, token, ...')
    .action(
      action(async (vaultId: string, name: string, options: { value?: string; type?: string }, command: Command) => {
        let value = options.value;
        if (value === undefined) {
          const chunks: Buffer[] = [];
          for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
          value = Buffer.concat(chunks)
            .toString('utf8')
            .replace(/\r?\n$/, '');
        }
        const item = await clientFor(command).vault.createItem({ vaultId, name, value, type: options.type });
        print(command, item, ['id', 'vaultId', 'name', 'type', 'version', 'createdAt']);
      }),
    );
  vault
    .command('get <vaultId> <itemId>')
    .description('an item with its decrypted value (audited)')
    .action(
      action(async (vaultId: string, itemId: string, _options: unknown, command: Command) => {
        print(command, await clientFor(command).vault.getItem({ vaultId, itemId }));
      }),
    );
  vault
    .command('audit <vaultId>')
    .description('audit log of a vault')
    .action(
      action(async (vaultId: string, _options: unknown, command: Command) => {
        const page = await clientFor(command).vault.audit({ id: vaultId });
        print(command, page.items);
      }),
    );
}

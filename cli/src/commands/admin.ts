/**
 * `hx admin tenants|tenant|set-plan|delete-user|rotate-kek`: operator administration of a deployment,
 * with its OPERATOR_TOKEN (HX_OPERATOR_TOKEN, or saved with `hx login --with-operator-token`).
 */
import { PLAN_NAMES } from '@hx-memory/contract';
import { type Command, Argument } from 'commander';
import { action, clientFor } from '../context.js';
import { integer, withExamples } from '../help.js';
import { print } from '../output.js';
import { collect, pageSize } from '../paging.js';
import { confirmDestructive, withYes } from '../confirm.js';

const TENANT_COLUMNS = ['id', 'name', 'plan', 'quota', 'createdAt'];

export function registerAdmin(program: Command): void {
  const admin = program
    .command('admin')
    .description('operator administration: tenants, plans, users, the vault KEK (needs the OPERATOR_TOKEN)');
  withExamples(
    admin,
    'printenv OPERATOR_TOKEN | hx login --with-operator-token',
    'hx admin tenants',
    'hx admin set-plan ten_01JD8Z... pro',
  );

  const tenants = admin
    .command('tenants')
    .description('every tenant with its plan and this month’s event usage, oldest first')
    .option('--limit <n>', 'tenants to show', integer(1), 100)
    .action(
      action(async (options: { limit: number }, command: Command) => {
        const pages = clientFor(command).admin.listTenants({ limit: pageSize(options.limit) });
        print(await collect(pages, options.limit), TENANT_COLUMNS);
      }),
    );
  withExamples(tenants, 'hx admin tenants', 'HX_OPERATOR_TOKEN=... hx admin tenants --json');

  const tenant = admin
    .command('tenant <tenantId>')
    .description('one tenant with its plan and quota')
    .action(
      action(async (tenantId: string, _options: unknown, command: Command) => {
        print(await clientFor(command).admin.getTenant({ tenantId }));
      }),
    );
  withExamples(tenant, 'hx admin tenant ten_01JD8Z...');

  const setPlan = admin
    .command('set-plan')
    .description('change a tenant’s plan (takes effect on its next request)')
    .argument('<tenantId>', 'the tenant')
    .addArgument(new Argument('<plan>', 'the new plan').choices([...PLAN_NAMES]))
    .action(
      action(async (tenantId: string, plan: (typeof PLAN_NAMES)[number], _options: unknown, command: Command) => {
        print(await clientFor(command).admin.updateTenant({ tenantId, plan }));
      }),
    );
  withExamples(setPlan, 'hx admin set-plan ten_01JD8Z... pro', 'hx admin set-plan ten_01JD8Z... free --json');

  const deleteUser = admin
    .command('delete-user <userId>')
    .description('deactivate a user: its access tokens stop working at once, its refresh tokens are revoked')
    .action(
      action(async (userId: string, options: { yes?: boolean }, command: Command) => {
        await confirmDestructive(options, `deactivate user ${userId}`);
        print(await clientFor(command).admin.deleteUser({ userId }));
      }),
    );
  withYes(deleteUser);
  withExamples(deleteUser, 'hx admin delete-user usr_01JD8Z...');

  const rotateKek = admin
    .command('rotate-kek')
    .description(
      'rotate the vault key-encryption key: every data key is re-wrapped under a new KEK, in batches; run again to finish an interrupted rotation',
    )
    .option('--batch-size <n>', 'data keys per batch (one transaction each)', integer(1))
    .option('--max-batches <n>', 'stop after this many batches (run again to continue)', integer(1))
    .action(
      action(async (options: { batchSize?: number; maxBatches?: number }, command: Command) => {
        const body = {
          ...(options.batchSize !== undefined ? { batchSize: options.batchSize } : {}),
          ...(options.maxBatches !== undefined ? { maxBatches: options.maxBatches } : {}),
        };
        print(await clientFor(command).admin.rotateKek(body));
      }),
    );
  withExamples(rotateKek, 'hx admin rotate-kek', 'hx admin rotate-kek --batch-size 200 --max-batches 10 --json');
}

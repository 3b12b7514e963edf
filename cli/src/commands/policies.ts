/** `hx policies list|get|create|update|delete`: access policies of an organization. */
import { POLICY_ACTIONS, POLICY_EFFECTS, ROLES } from '@hx-memory/contract';
import { type Command, Option } from 'commander';
import { action, orgClient } from '../context.js';
import { integer, withExamples } from '../help.js';
import { print } from '../output.js';
import { collect, pageSize } from '../paging.js';
import { confirmDestructive, withYes } from '../confirm.js';

type Effect = (typeof POLICY_EFFECTS)[number];
type Act = (typeof POLICY_ACTIONS)[number];
type Role = (typeof ROLES)[number];
interface PolicyOptions {
  name?: string;
  effect?: Effect;
  resource?: string;
  action?: Act;
  priority?: number;
  team?: string;
  agent?: string;
  role?: Role;
}

const COLUMNS = ['id', 'name', 'effect', 'action', 'resource', 'conditions', 'priority'];
const priority = integer(-1_000_000, 1_000_000);

/** The options every policy command shares; `create` makes effect, resource and action mandatory. */
function policyOptions(command: Command, mandatory: boolean): Command {
  const must = (o: Option) => (mandatory ? o.makeOptionMandatory() : o);
  return command
    .addOption(must(new Option('--effect <effect>', 'allow or deny').choices([...POLICY_EFFECTS])))
    .addOption(must(new Option('--resource <pattern>', '<kind>:<id-or-*>, e.g. namespace:support, memory:*')))
    .addOption(must(new Option('--action <action>', 'what it covers').choices([...POLICY_ACTIONS])))
    .option('--team <teamId>', 'condition: the caller belongs to this team')
    .option('--agent <agentId>', 'condition: the caller acts as this agent')
    .addOption(new Option('--role <role>', 'condition: the calling user holds this role').choices([...ROLES]));
}

const conditions = (o: PolicyOptions) =>
  o.team || o.agent || o.role ? { team: o.team, agent: o.agent, role: o.role } : undefined;

export function registerPolicies(program: Command): void {
  const policies = program
    .command('policies')
    .description('access policies of an organization (--org or the default one)');
  withExamples(
    policies,
    'hx policies list',
    'hx policies create deny-pii --effect deny --resource namespace:pii --action read',
  );

  const list = policies
    .command('list')
    .description('policies of the organization')
    .option('--limit <n>', 'policies to show', integer(1), 100)
    .action(
      action(async (options: { limit: number }, command: Command) => {
        const { hx, orgId } = orgClient(command);
        print(await collect(hx.policies.list({ orgId, limit: pageSize(options.limit) }), options.limit), COLUMNS);
      }),
    );
  withExamples(list, 'hx policies list', 'hx policies list --json');

  const get = policies
    .command('get <policyId>')
    .description('one policy')
    .action(
      action(async (policyId: string, _options: unknown, command: Command) => {
        const { hx, orgId } = orgClient(command);
        print(await hx.policies.get({ orgId, policyId }));
      }),
    );
  withExamples(get, 'hx policies get pol_01JD8Z...');

  const create = policyOptions(policies.command('create <name>'), true)
    .description('create an access policy (higher priority is evaluated first)')
    .option('--priority <n>', 'evaluation order, higher first', priority, 0)
    .action(
      action(
        async (
          name: string,
          options: PolicyOptions & { effect: Effect; resource: string; action: Act },
          command: Command,
        ) => {
          const { hx, orgId } = orgClient(command);
          print(
            await hx.policies.create({
              orgId,
              name,
              effect: options.effect,
              resource: options.resource,
              action: options.action,
              priority: options.priority ?? 0,
              conditions: conditions(options) ?? {},
            }),
          );
        },
      ),
    );
  withExamples(
    create,
    'hx policies create deny-pii --effect deny --resource namespace:pii --action read --priority 100',
    'hx policies create support-read --effect allow --resource namespace:support --action read --team team_01JD8Z...',
  );

  const update = policyOptions(policies.command('update <policyId>'), false)
    .description('change a policy (conditions given replace the old ones)')
    .option('--name <name>', 'new name')
    .option('--priority <n>', 'new priority', priority)
    .action(
      action(async (policyId: string, options: PolicyOptions, command: Command) => {
        const { hx, orgId } = orgClient(command);
        print(
          await hx.policies.update({
            orgId,
            policyId,
            name: options.name,
            effect: options.effect,
            resource: options.resource,
            action: options.action,
            priority: options.priority,
            conditions: conditions(options),
          }),
        );
      }),
    );
  withExamples(
    update,
    'hx policies update pol_01JD8Z... --priority 200',
    'hx policies update pol_01JD8Z... --role analyst',
  );

  const remove = policies
    .command('delete <policyId>')
    .description('delete a policy')
    .action(
      action(async (policyId: string, options: { yes?: boolean }, command: Command) => {
        const { hx, orgId } = orgClient(command);
        await confirmDestructive(options, `delete policy ${policyId}`);
        print(await hx.policies.delete({ orgId, policyId }));
      }),
    );
  withYes(remove);
  withExamples(remove, 'hx policies delete pol_01JD8Z...');
}

/** `hx lifecycle list|get|create|update|delete|preview|run`: retention (lifecycle) policies of an organization. */
import { type Command, InvalidArgumentError } from 'commander';
import { action, orgClient } from '../context.js';
import { integer, withExamples } from '../help.js';
import { callOptionalRoute } from '../optional-route.js';
import { isJson, print } from '../output.js';
import { collect, pageSize } from '../paging.js';
import { confirmDestructive, withYes } from '../confirm.js';

const COLUMNS = ['id', 'name', 'scope', 'retentionDays', 'archiveAfterDays', 'deleteAfterDays', 'lastRunAt'];
const days = integer(1, 36_500);
/** For update: a number of days, or "none" to clear the limit. */
const daysOrNone = (value: string): number | null => {
  if (value === 'none') return null;
  try {
    return days(value);
  } catch {
    throw new InvalidArgumentError('must be a number of days from 1 to 36500, or none');
  }
};

const RUN_COLUMNS = [
  'policyId',
  'archived',
  'deleted',
  'eventsPurged',
  'artifactsRetired',
  'vaultItemsDeleted',
  'batches',
];

function printRuns(result: unknown) {
  if (isJson()) print(result);
  else print((result as { runs: Record<string, unknown>[] }).runs, RUN_COLUMNS);
}

interface DayOptions {
  retentionDays?: number | null;
  archiveAfterDays?: number | null;
  deleteAfterDays?: number | null;
}

export function registerLifecycle(program: Command): void {
  const lifecycle = program
    .command('lifecycle')
    .description('lifecycle (retention) policies of an organization (--org or the default one)');
  withExamples(lifecycle, 'hx lifecycle list', 'hx lifecycle run');

  const list = lifecycle
    .command('list')
    .description('lifecycle policies, oldest first')
    .option('--limit <n>', 'policies to show', integer(1), 100)
    .action(
      action(async (options: { limit: number }, command: Command) => {
        const { hx, orgId } = orgClient(command);
        print(await collect(hx.lifecycle.list({ orgId, limit: pageSize(options.limit) }), options.limit), COLUMNS);
      }),
    );
  withExamples(list, 'hx lifecycle list', 'hx lifecycle list --json');

  const get = lifecycle
    .command('get <policyId>')
    .description('one lifecycle policy')
    .action(
      action(async (policyId: string, _options: unknown, command: Command) => {
        const { hx, orgId } = orgClient(command);
        print(await hx.lifecycle.get({ orgId, policyId }));
      }),
    );
  withExamples(get, 'hx lifecycle get lcp_01JD8Z...');

  const create = lifecycle
    .command('create <name>')
    .description('create a lifecycle policy: archive, delete or purge what is older than the days given')
    .requiredOption('--scope <scope>', 'namespace:<id-or-name>, namespace:*, agent:<id> or subject:<id>')
    .option('--retention-days <n>', 'purge raw events older than this', days)
    .option('--archive-after-days <n>', 'archive memories not seen for this long', days)
    .option('--delete-after-days <n>', 'delete memories not seen for this long', days)
    .action(
      action(async (name: string, options: DayOptions & { scope: string }, command: Command) => {
        const { hx, orgId } = orgClient(command);
        print(
          await hx.lifecycle.create({
            orgId,
            name,
            scope: options.scope,
            retentionDays: options.retentionDays ?? undefined,
            archiveAfterDays: options.archiveAfterDays ?? undefined,
            deleteAfterDays: options.deleteAfterDays ?? undefined,
          }),
        );
      }),
    );
  withExamples(
    create,
    'hx lifecycle create support-90d --scope namespace:support --archive-after-days 30 --delete-after-days 90',
    'hx lifecycle create raw-events --scope "namespace:*" --retention-days 365',
  );

  const update = lifecycle
    .command('update <policyId>')
    .description('change a lifecycle policy ("none" clears a day limit)')
    .option('--name <name>', 'new name')
    .option('--scope <scope>', 'new scope')
    .option('--retention-days <n|none>', 'purge raw events older than this', daysOrNone)
    .option('--archive-after-days <n|none>', 'archive memories not seen for this long', daysOrNone)
    .option('--delete-after-days <n|none>', 'delete memories not seen for this long', daysOrNone)
    .action(
      action(async (policyId: string, options: DayOptions & { name?: string; scope?: string }, command: Command) => {
        const { hx, orgId } = orgClient(command);
        // "none" clears a limit: send null, whatever shape the option parsing left it in.
        const body = { ...options };
        for (const key of ['retentionDays', 'archiveAfterDays', 'deleteAfterDays'] as const) {
          if (body[key] !== undefined && typeof body[key] !== 'number') body[key] = null;
        }
        print(await hx.lifecycle.update({ orgId, policyId, ...body }));
      }),
    );
  withExamples(
    update,
    'hx lifecycle update lcp_01JD8Z... --delete-after-days 180',
    'hx lifecycle update lcp_01JD8Z... --archive-after-days none',
  );

  const remove = lifecycle
    .command('delete <policyId>')
    .description('delete a lifecycle policy (what it archived or deleted stays so)')
    .action(
      action(async (policyId: string, options: { yes?: boolean }, command: Command) => {
        const { hx, orgId } = orgClient(command);
        await confirmDestructive(options, `delete lifecycle policy ${policyId}`);
        print(await hx.lifecycle.delete({ orgId, policyId }));
      }),
    );
  withYes(remove);
  withExamples(remove, 'hx lifecycle delete lcp_01JD8Z...');

  const preview = lifecycle
    .command('preview')
    .description('what running the lifecycle policies now would archive, delete and purge, without changing anything')
    .option('--policy <policyId>', 'only this policy')
    .option('--as-of <time>', 'count ages as of this ISO time (default: now)')
    .action(
      action(async (options: { policy?: string; asOf?: string }, command: Command) => {
        const { hx, orgId } = orgClient(command);
        const input = {
          orgId,
          ...(options.policy ? { policyId: options.policy } : {}),
          ...(options.asOf ? { asOf: options.asOf } : {}),
        };
        printRuns(await callOptionalRoute(hx.lifecycle, 'preview', 'lifecycle preview', input));
      }),
    );
  withExamples(preview, 'hx lifecycle preview', 'hx lifecycle preview --as-of 2026-12-01T00:00:00Z --json');

  const run = lifecycle
    .command('run')
    .description('apply every lifecycle policy of the organization now, in bounded batches (audited)')
    .option('--policy <policyId>', 'only this policy')
    .option('--dry-run', 'change nothing; show what the run would do (as preview)')
    .action(
      action(async (options: { policy?: string; dryRun?: boolean; yes?: boolean }, command: Command) => {
        const { hx, orgId } = orgClient(command);
        if (!options.dryRun) {
          await confirmDestructive(
            options,
            `run ${options.policy ? `lifecycle policy ${options.policy}` : 'every lifecycle policy'}`,
            'Archive, delete and purge now what the lifecycle policies select (see `hx lifecycle preview`)?',
          );
        }
        printRuns(
          await hx.lifecycle.run({
            orgId,
            ...(options.policy ? { policyId: options.policy } : {}),
            ...(options.dryRun ? { dryRun: true } : {}),
          }),
        );
      }),
    );
  withYes(run);
  withExamples(run, 'hx lifecycle run', 'hx lifecycle run --dry-run', 'hx lifecycle run --yes --json');
}

/** `hx orgs list|create|use` and `hx audit`: organizations and their audit log. */
import type { Command } from 'commander';
import { writeConfig } from '../config-store.js';
import { action, clientFor, print } from '../context.js';

export function registerOrgs(program: Command): void {
  const orgs = program.command('orgs').description('organizations of the tenant (needs `hx login`)');
  orgs
    .command('list')
    .description('organizations you belong to')
    .action(
      action(async (_options: unknown, command: Command) => {
        const page = await clientFor(command).organizations.list();
        print(command, page.items, ['id', 'name', 'slug', 'createdAt']);
      }),
    );
  orgs
    .command('create <name>')
    .description('create an organization (you become its owner)')
    .requiredOption('--slug <slug>', 'URL-safe short name')
    .action(
      action(async (name: string, options: { slug: string }, command: Command) => {
        print(command, await clientFor(command).organizations.create({ name, slug: options.slug }));
      }),
    );
  orgs
    .command('use <orgId>')
    .description('make an organization the default of org-scoped commands')
    .action(
      action(async (orgId: string, _options: unknown, command: Command) => {
        writeConfig({ organizationId: orgId });
        print(command, { organizationId: orgId });
      }),
    );

  program
    .command('audit')
    .description('audit log of an organization (--org or the default organization)')
    .option('--action <action>', 'filter by action')
    .option('--actor <actorId>', 'filter by actor')
    .option('--resource-type <type>', 'filter by resource type')
    .option('--since <iso>', 'start of the time range (ISO 8601)')
    .option('--until <iso>', 'end of the time range (ISO 8601)')
    .option('--limit <n>', 'entries to show', '50')
    .option('--access-logs', 'show the memory access log instead')
    .action(
      action(
        async (
          options: {
            action?: string;
            actor?: string;
            resourceType?: string;
            since?: string;
            until?: string;
            limit: string;
            accessLogs?: boolean;
          },
          command: Command,
        ) => {
          const hx = clientFor(command);
          const limit = Number(options.limit);
          const pages = options.accessLogs
            ? hx.audit.accessLogs({ limit: Math.min(limit, 100) })
            : hx.audit.list({
                limit: Math.min(limit, 100),
                action: options.action,
                actorId: options.actor,
                resourceType: options.resourceType,
                startDate: options.since,
                endDate: options.until,
              });
          const entries: Record<string, unknown>[] = [];
          for await (const entry of pages) {
            entries.push(entry as Record<string, unknown>);
            if (entries.length >= limit) break;
          }
          print(
            command,
            entries,
            options.accessLogs ? undefined : ['createdAt', 'action', 'actorId', 'resourceType', 'resourceId'],
          );
        },
      ),
    );
}

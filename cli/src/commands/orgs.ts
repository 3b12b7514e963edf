/** `hx orgs list|get|create|rename|use`: organizations of the tenant and the profile's default one. */
import type { Command } from 'commander';
import { writeProfile } from '../config-store.js';
import { action, clientFor, orgClient, settingsOf } from '../context.js';
import { integer, withExamples } from '../help.js';
import { print, success } from '../output.js';
import { collect, pageSize } from '../paging.js';

const COLUMNS = ['id', 'name', 'slug', 'createdAt'];

export function registerOrgs(program: Command): void {
  const orgs = program.command('orgs').description('organizations of the tenant (needs `hx login`)');
  withExamples(orgs, 'hx orgs list', 'hx orgs create "Acme Support" --slug acme-support && hx orgs use org_01JD8Z...');

  const list = orgs
    .command('list')
    .description('organizations you belong to')
    .option('--limit <n>', 'organizations to show', integer(1), 100)
    .action(
      action(async (options: { limit: number }, command: Command) => {
        const pages = clientFor(command).organizations.list({ limit: pageSize(options.limit) });
        print(await collect(pages, options.limit), COLUMNS);
      }),
    );
  withExamples(list, 'hx orgs list', 'hx orgs list --json');

  const get = orgs
    .command('get')
    .description('the organization of --org (or the default one) with your role')
    .action(
      action(async (_options: unknown, command: Command) => {
        const { hx, orgId } = orgClient(command);
        print(await hx.organizations.get({ orgId }));
      }),
    );
  withExamples(get, 'hx orgs get', 'hx --org org_01JD8Z... orgs get --json');

  const create = orgs
    .command('create <name>')
    .description('create an organization (you become its owner)')
    .option('--slug <slug>', 'URL-safe short name (default: derived from the name, e.g. acme-support)')
    .option('--use', 'make it the profile’s default organization')
    .action(
      action(async (name: string, options: { slug?: string; use?: boolean }, command: Command) => {
        const created = await clientFor(command).organizations.create({
          name,
          ...(options.slug ? { slug: options.slug } : {}),
        });
        if (options.use) writeProfile(settingsOf(command).profile, { settings: { organizationId: created.id } });
        print(created);
      }),
    );
  withExamples(create, 'hx orgs create "Acme Support" --use', 'hx orgs create "Acme Support EU" --slug acme-eu');

  const rename = orgs
    .command('rename <name>')
    .description('rename the organization of --org (or the default one)')
    .action(
      action(async (name: string, _options: unknown, command: Command) => {
        const { hx, orgId } = orgClient(command);
        print(await hx.organizations.update({ orgId, name }));
      }),
    );
  withExamples(rename, 'hx orgs rename "Acme Customer Support"');

  const use = orgs
    .command('use <orgId>')
    .description('make an organization the profile’s default for org-scoped commands')
    .action(
      action(async (orgId: string, _options: unknown, command: Command) => {
        const { profile } = settingsOf(command);
        writeProfile(profile, { settings: { organizationId: orgId } });
        success(`organization ${orgId} is the default of profile ${profile}`);
        print({ profile, organizationId: orgId });
      }),
    );
  withExamples(use, 'hx orgs use org_01JD8Z...');
}

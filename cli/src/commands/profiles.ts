/** `hx profiles list|use|delete`: the saved profiles (server, account, session) and which one is current. */
import type { Command } from 'commander';
import { deleteProfile, isValidProfileName, listProfiles, setCurrentProfile } from '../config-store.js';
import { action } from '../context.js';
import { CliError, UsageError } from '../errors.js';
import { withExamples } from '../help.js';
import { print, success } from '../output.js';
import { confirmDestructive, withYes } from '../confirm.js';

const checkName = (name: string) => {
  if (!isValidProfileName(name))
    throw new UsageError(`invalid profile name "${name}": letters, digits, _ . - (at most 64)`);
};

export function registerProfiles(program: Command): void {
  const profiles = program
    .command('profiles')
    .description('saved profiles: one server, account and session each (choose with --profile or HX_PROFILE)');
  withExamples(
    profiles,
    'hx profiles list',
    'hx --profile staging login -e ops@example.com && hx profiles use staging',
  );

  const list = profiles
    .command('list')
    .description(
      'list the profiles (settings in ~/.config/hx/config.json, secrets in credentials.json beside it, both 0600)',
    )
    .action(
      action(async () => {
        print(
          listProfiles().map((p) => ({
            name: p.name,
            current: p.current,
            url: p.settings.url ?? '',
            email: p.settings.email ?? '',
            organizationId: p.settings.organizationId ?? '',
            session: p.hasSession,
            apiKey: p.hasApiKey,
          })),
        );
      }),
    );
  withExamples(list, 'hx profiles list', 'hx profiles list --json');

  const use = profiles
    .command('use <name>')
    .description('make a profile the default of later commands')
    .action(
      action(async (name: string) => {
        checkName(name);
        setCurrentProfile(name);
        success(`profile ${name} is now the default`);
        print({ currentProfile: name });
      }),
    );
  withExamples(use, 'hx profiles use staging');

  const remove = profiles
    .command('delete <name>')
    .description('forget a profile and its saved secrets (does not revoke its session: `hx logout` first)')
    .action(
      action(async (name: string, options: { yes?: boolean }) => {
        checkName(name);
        await confirmDestructive(options, `delete profile ${name}`, `Delete profile ${name} and its saved secrets?`);
        if (!deleteProfile(name)) throw new CliError(`no profile named ${name}`, 'not_found');
        success(`deleted profile ${name}`);
        print({ name, deleted: true });
      }),
    );
  withYes(remove);
  withExamples(remove, 'hx --profile staging logout && hx profiles delete staging --yes');
}

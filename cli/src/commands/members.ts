/** `hx members list|invite|set-role|remove`: members of an organization. */
import { MEMBER_STATUSES, ROLES } from '@hx-memory/contract';
import { type Command, Option } from 'commander';
import { action, orgClient } from '../context.js';
import { integer, list as commaList, withExamples } from '../help.js';
import { note, print } from '../output.js';
import { collect, pageSize } from '../paging.js';
import { confirmDestructive, withYes } from '../confirm.js';

type Role = (typeof ROLES)[number];
const COLUMNS = ['id', 'email', 'name', 'role', 'status', 'teamIds', 'joinedAt'];
const roleOption = () => new Option('--role <role>', 'organization role').choices([...ROLES]).makeOptionMandatory();

export function registerMembers(program: Command): void {
  const members = program.command('members').description('members of an organization (--org or the default one)');
  withExamples(members, 'hx members list', 'hx members invite dev@example.com --role developer');

  const list = members
    .command('list')
    .description('invited and active members (removed ones with --status removed)')
    .addOption(new Option('--status <status>', 'member status').choices([...MEMBER_STATUSES]))
    .option('--limit <n>', 'members to show', integer(1), 100)
    .action(
      action(async (options: { status?: (typeof MEMBER_STATUSES)[number]; limit: number }, command: Command) => {
        const { hx, orgId } = orgClient(command);
        const pages = hx.members.list({ orgId, status: options.status, limit: pageSize(options.limit) });
        print(await collect(pages, options.limit), COLUMNS);
      }),
    );
  withExamples(list, 'hx members list', 'hx members list --status invited --json');

  const invite = members
    .command('invite <email>')
    .description('invite a member; the invite token (valid 7 days) is printed once')
    .addOption(roleOption())
    .option('--teams <teamIds>', 'comma-separated team ids', commaList)
    .action(
      action(async (email: string, options: { role: Role; teams?: string[] }, command: Command) => {
        const { hx, orgId } = orgClient(command);
        const invited = await hx.members.invite({ orgId, email, role: options.role, teamIds: options.teams });
        print(invited);
        if (invited.inviteToken) note('send the invite token to the invitee now: it is not shown again');
      }),
    );
  withExamples(invite, 'hx members invite dev@example.com --role developer --teams team_01JD8Z...');

  const setRole = members
    .command('set-role <memberId>')
    .description('change a member’s role')
    .addOption(roleOption())
    .action(
      action(async (memberId: string, options: { role: Role }, command: Command) => {
        const { hx, orgId } = orgClient(command);
        print(await hx.members.update({ orgId, memberId, role: options.role }));
      }),
    );
  withExamples(setRole, 'hx members set-role mem_01JD8Z... --role manager');

  const remove = members
    .command('remove <memberId>')
    .description('remove a member from the organization')
    .action(
      action(async (memberId: string, options: { yes?: boolean }, command: Command) => {
        const { hx, orgId } = orgClient(command);
        await confirmDestructive(options, `remove member ${memberId}`);
        print(await hx.members.remove({ orgId, memberId }));
      }),
    );
  withYes(remove);
  withExamples(remove, 'hx members remove mem_01JD8Z...');
}

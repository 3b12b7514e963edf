/** Teams of an organization: policies can be conditioned on a team, and agents belong to one. */
import { hx } from '../api';
import { PageTitle, when } from '../ui/kit';
import { OrgGate } from '../ui/org';
import { type CollectionSpec, OrgCollection } from '../ui/org-collection';

type Team = Awaited<ReturnType<typeof hx.teams.list>>['items'][number];

const TEAMS: CollectionSpec<Team> = {
  what: 'teams',
  one: 'Team',
  list: async (orgId) => (await hx.teams.list({ orgId, limit: 100 })).items,
  create: (orgId, name) => hx.teams.create({ orgId, name }),
  remove: (orgId, teamId) => hx.teams.delete({ orgId, teamId }),
  columns: [
    { header: 'Name', cell: (t) => t.name },
    { header: 'Members', cell: (t) => t.memberCount },
    { header: 'Id', cell: (t) => t.id, className: 'font-mono text-xs' },
    { header: 'Created', cell: (t) => when(t.createdAt) },
  ],
  empty: 'No team yet. Teams group members and agents; access policies can require one.',
  deleteNote: 'Its members stay in the organization; policies naming the team no longer match anyone.',
};

export function TeamsPage() {
  return (
    <div className="max-w-5xl">
      <PageTitle lead="Groups of members and agents that access policies can name.">Teams</PageTitle>
      <OrgGate>{(orgId) => <OrgCollection orgId={orgId} spec={TEAMS} />}</OrgGate>
    </div>
  );
}

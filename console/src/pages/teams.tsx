/** Teams of an organization: policies can be conditioned on a team, and agents belong to one. */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { hx } from '../api';
import { EditAction } from '../ui/actions';
import { PageTitle, TextField, when } from '../ui/kit';
import { OrgGate } from '../ui/org';
import { type CollectionSpec, OrgCollection } from '../ui/org-collection';

type Team = Awaited<ReturnType<typeof hx.teams.list>>['items'][number];

/** Name, description and the members (of the organization) in the team; memberIds replaces the set. */
function EditTeam({ orgId, team }: { orgId: string; team: Team }) {
  const queryClient = useQueryClient();
  const members = useQuery({
    queryKey: ['members', orgId],
    queryFn: async () => (await hx.members.list({ orgId, limit: 100 })).items,
  });
  const [name, setName] = useState(team.name);
  const [description, setDescription] = useState(team.description ?? '');
  const [memberIds, setMemberIds] = useState<string[]>();
  const chosen = memberIds ?? (members.data ?? []).filter((m) => m.teamIds.includes(team.id)).map((m) => m.id);
  return (
    <EditAction
      name={team.name}
      title={`Edit team ${team.name}`}
      invalidate={['teams', orgId]}
      onOpen={() => {
        setName(team.name);
        setDescription(team.description ?? '');
        setMemberIds(undefined);
      }}
      save={async () => {
        await hx.teams.update({
          orgId,
          teamId: team.id,
          name: name.trim(),
          description: description.trim() || null,
          ...(memberIds ? { memberIds } : {}),
        });
        await queryClient.invalidateQueries({ queryKey: ['members', orgId] });
      }}
    >
      <TextField label="Name" value={name} onChange={setName} required />
      <TextField label="Description" value={description} onChange={setDescription} />
      <fieldset className="space-y-1">
        <legend className="label">Members</legend>
        {(members.data ?? []).map((m) => (
          <label key={m.id} className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              checked={chosen.includes(m.id)}
              onChange={(e) => setMemberIds(e.target.checked ? [...chosen, m.id] : chosen.filter((x) => x !== m.id))}
            />
            {m.name ?? m.email} <span className="muted text-xs">{m.role}</span>
          </label>
        ))}
      </fieldset>
    </EditAction>
  );
}

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
  edit: (orgId, team) => <EditTeam orgId={orgId} team={team} />,
};

export function TeamsPage() {
  return (
    <div className="max-w-5xl">
      <PageTitle lead="Groups of members and agents that access policies can name.">Teams</PageTitle>
      <OrgGate>{(orgId) => <OrgCollection orgId={orgId} spec={TEAMS} />}</OrgGate>
    </div>
  );
}

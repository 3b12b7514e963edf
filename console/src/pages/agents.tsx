/** Agent identities of an organization: captures and reads are attributed to them, keys bound to them. */
import { hx } from '../api';
import { PageTitle, when } from '../ui/kit';
import { OrgGate } from '../ui/org';
import { type CollectionSpec, OrgCollection } from '../ui/org-collection';

type Agent = Awaited<ReturnType<typeof hx.agents.list>>['items'][number];

const AGENTS: CollectionSpec<Agent> = {
  what: 'agents',
  one: 'Agent',
  list: async (orgId) => (await hx.agents.list({ orgId, limit: 100 })).items,
  create: (orgId, name) => hx.agents.create({ orgId, name }),
  remove: (orgId, agentId) => hx.agents.delete({ orgId, agentId }),
  columns: [
    { header: 'Name', cell: (a) => a.name },
    { header: 'Framework', cell: (a) => a.framework ?? '—' },
    { header: 'Team', cell: (a) => a.teamId ?? '—', className: 'font-mono text-xs' },
    { header: 'Id', cell: (a) => a.id, className: 'font-mono text-xs' },
    { header: 'Created', cell: (a) => when(a.createdAt) },
  ],
  empty: 'No agent yet. Register the agents that capture and read memory, then bind keys to them.',
  deleteNote: 'What it captured stays; policies naming the agent no longer match anyone.',
};

export function AgentsPage() {
  return (
    <div className="max-w-5xl">
      <PageTitle lead="The named agents captures and reads are attributed to.">Agents</PageTitle>
      <OrgGate>{(orgId) => <OrgCollection orgId={orgId} spec={AGENTS} />}</OrgGate>
    </div>
  );
}

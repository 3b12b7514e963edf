/** Agent identities of an organization: captures and reads are attributed to them, keys bound to them. */
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { hx } from '../api';
import { EditAction } from '../ui/actions';
import { Field, PageTitle, TextField, when } from '../ui/kit';
import { OrgGate } from '../ui/org';
import { type CollectionSpec, OrgCollection } from '../ui/org-collection';

type Agent = Awaited<ReturnType<typeof hx.agents.list>>['items'][number];

/** Name, description, framework and team of an agent (empty clears; metadata is left as it is). */
function EditAgent({ orgId, agent }: { orgId: string; agent: Agent }) {
  const teams = useQuery({
    queryKey: ['teams', orgId],
    queryFn: async () => (await hx.teams.list({ orgId, limit: 100 })).items,
  });
  const initial = () => ({
    name: agent.name,
    description: agent.description ?? '',
    framework: agent.framework ?? '',
    teamId: agent.teamId ?? '',
  });
  const [form, setForm] = useState(initial);
  const set = (patch: Partial<typeof form>) => setForm({ ...form, ...patch });
  return (
    <EditAction
      name={agent.name}
      title={`Edit agent ${agent.name}`}
      invalidate={['agents', orgId]}
      onOpen={() => setForm(initial())}
      save={() =>
        hx.agents.update({
          orgId,
          agentId: agent.id,
          name: form.name.trim(),
          description: form.description.trim() || null,
          framework: form.framework.trim() || null,
          teamId: form.teamId || null,
        })
      }
    >
      <TextField label="Name" value={form.name} onChange={(name) => set({ name })} required />
      <TextField label="Description" value={form.description} onChange={(description) => set({ description })} />
      <TextField
        label="Framework"
        hint="e.g. langgraph, crewai, openai-agents"
        value={form.framework}
        onChange={(framework) => set({ framework })}
      />
      <Field label="Team">
        {(id) => (
          <select id={id} className="input" value={form.teamId} onChange={(e) => set({ teamId: e.target.value })}>
            <option value="">no team</option>
            {(teams.data ?? []).map((t) => (
              <option key={t.id} value={t.id}>
                {t.name}
              </option>
            ))}
          </select>
        )}
      </Field>
    </EditAction>
  );
}

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
  edit: (orgId, agent) => <EditAgent orgId={orgId} agent={agent} />,
};

export function AgentsPage() {
  return (
    <div className="max-w-5xl">
      <PageTitle lead="The named agents captures and reads are attributed to.">Agents</PageTitle>
      <OrgGate>{(orgId) => <OrgCollection orgId={orgId} spec={AGENTS} />}</OrgGate>
    </div>
  );
}

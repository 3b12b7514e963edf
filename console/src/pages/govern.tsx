/**
 * Govern: organizations (and, for the chosen one, members, namespaces and access policies) and the
 * tenant's audit log with filters, request-id look-up included. Teams, agents, the policy simulator,
 * lifecycle, the vault and the access log have pages of their own.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { hx } from '../api';
import { type Column, DataTable } from '../ui/data-table';
import { ErrorNote, PageTitle, TextField, when } from '../ui/kit';
import { OrgSelect, useOrganizations } from '../ui/org';

function Organizations({ orgId, setOrgId }: { orgId?: string; setOrgId: (id: string) => void }) {
  const queryClient = useQueryClient();
  const orgs = useOrganizations();
  const [name, setName] = useState('');
  const create = useMutation({
    mutationFn: async () => await hx.organizations.create({ name }),
    onSuccess: async (org) => {
      setName('');
      setOrgId(org.id);
      await queryClient.invalidateQueries({ queryKey: ['orgs'] });
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    create.mutate();
  };
  return (
    <section aria-labelledby="orgs-title" className="space-y-3">
      <h2 id="orgs-title" className="text-lg font-semibold">
        Organizations
      </h2>
      <ErrorNote error={orgs.error} />
      {orgs.data?.length ? (
        <OrgSelect orgs={orgs.data} value={orgId} onChange={(id) => setOrgId(id ?? '')} />
      ) : (
        <p className="muted text-sm">
          No organization yet. Organizations hold teams, members, agents, namespaces and policies.
        </p>
      )}
      <form onSubmit={submit} className="flex items-end gap-2" aria-label="Create an organization">
        <TextField label="New organization" value={name} onChange={setName} required />
        <button type="submit" className="btn" disabled={create.isPending}>
          Create
        </button>
      </form>
      <ErrorNote error={create.error} />
    </section>
  );
}

function OrgDetail({ orgId }: { orgId: string }) {
  const members = useQuery({
    queryKey: ['members', orgId],
    queryFn: async () => (await hx.members.list({ orgId, limit: 100 })).items,
  });
  const namespaces = useQuery({
    queryKey: ['namespaces', orgId],
    queryFn: async () => (await hx.namespaces.list({ orgId, limit: 100 })).items,
  });
  const policies = useQuery({
    queryKey: ['policies', orgId],
    queryFn: async () => (await hx.policies.list({ orgId, limit: 100 })).items,
  });
  return (
    <div className="grid gap-6 lg:grid-cols-3">
      <section aria-labelledby="members-title">
        <h3 id="members-title" className="font-semibold">
          Members
        </h3>
        <ErrorNote error={members.error} />
        <ul className="text-sm">
          {members.data?.map((m) => (
            <li key={m.id}>
              {m.email} · {(m as { role?: string }).role ?? ''}
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="ns-title">
        <h3 id="ns-title" className="font-semibold">
          Namespaces
        </h3>
        <ErrorNote error={namespaces.error} />
        <ul className="text-sm">
          {namespaces.data?.map((n) => (
            <li key={n.id}>
              {n.name} · {n.sensitivity}
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="pol-title">
        <h3 id="pol-title" className="font-semibold">
          Access policies
        </h3>
        <ErrorNote error={policies.error} />
        {policies.data?.length === 0 ? <p className="muted text-sm">None: roles alone decide.</p> : null}
        <ul className="text-sm">
          {policies.data?.map((p) => (
            <li key={p.id}>
              {p.effect} {p.resource} · {p.name}
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}

type AuditEntry = Awaited<ReturnType<typeof hx.audit.tenantList>>['items'][number];
const AUDIT_COLUMNS: Column<AuditEntry>[] = [
  { header: 'When', cell: (e) => when(e.createdAt) },
  { header: 'Action', cell: (e) => e.action },
  { header: 'Outcome', cell: (e) => e.outcome },
  {
    header: 'Actor',
    cell: (e) => (
      <>
        {e.actorType} <span className="font-mono text-xs">{e.actorId}</span>
      </>
    ),
  },
  { header: 'Request', cell: (e) => e.requestId ?? '—', className: 'font-mono text-xs' },
];

function AuditLog() {
  const [draft, setDraft] = useState({ action: '', requestId: '' });
  const [filters, setFilters] = useState(draft);
  const entries = useQuery({
    queryKey: ['audit', filters.action],
    queryFn: async () =>
      (await hx.audit.tenantList({ limit: 100, ...(filters.action ? { action: filters.action } : {}) })).items,
  });
  const rows = (entries.data ?? []).filter((e) => !filters.requestId || e.requestId === filters.requestId);
  return (
    <section aria-labelledby="audit-title" className="space-y-3">
      <h2 id="audit-title" className="text-lg font-semibold">
        Audit log
      </h2>
      <form
        className="flex flex-wrap items-end gap-2"
        aria-label="Filter the audit log"
        onSubmit={(e) => {
          e.preventDefault();
          setFilters(draft);
        }}
      >
        <TextField
          label="Action"
          value={draft.action}
          onChange={(action) => setDraft({ ...draft, action })}
          placeholder="auth.login"
        />
        <TextField
          label="Request id"
          value={draft.requestId}
          onChange={(requestId) => setDraft({ ...draft, requestId })}
        />
        <button type="submit" className="btn">
          Filter
        </button>
      </form>
      <ErrorNote error={entries.error} />
      <DataTable
        label="Audit log"
        rows={entries.data ? rows : undefined}
        columns={AUDIT_COLUMNS}
        rowKey={(e) => e.id}
        empty="No audit entry matches."
      />
    </section>
  );
}

export function GovernPage() {
  const [orgId, setOrgId] = useState<string>();
  return (
    <div className="max-w-6xl space-y-10">
      <PageTitle lead="Organizations, their members and namespaces, and what happened.">Govern</PageTitle>
      <Organizations orgId={orgId} setOrgId={setOrgId} />
      {orgId ? <OrgDetail orgId={orgId} /> : null}
      <AuditLog />
    </div>
  );
}

/**
 * Govern: organizations (and, for the chosen one, members, namespaces and access policies), the vault
 * (values masked; reveal asks for the password again, checked by logging in anew, and is audited by
 * the server) and the audit log with filters, request-id look-up included.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { hx } from '../api';
import { useMe } from '../session';
import { ErrorNote, Field, Modal, PageTitle, when } from '../ui/kit';

function Organizations({ orgId, setOrgId }: { orgId?: string; setOrgId: (id: string) => void }) {
  const queryClient = useQueryClient();
  const orgs = useQuery({
    queryKey: ['orgs'],
    queryFn: async () => (await hx.organizations.list({ limit: 100 })).items,
  });
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
        <Field label="Organization">
          {(id) => (
            <select id={id} className="input max-w-sm" value={orgId ?? ''} onChange={(e) => setOrgId(e.target.value)}>
              <option value="">Choose one</option>
              {orgs.data.map((o) => (
                <option key={o.id} value={o.id}>
                  {o.name} ({o.role})
                </option>
              ))}
            </select>
          )}
        </Field>
      ) : (
        <p className="muted text-sm">
          No organization yet. Organizations hold teams, members, agents, namespaces and policies.
        </p>
      )}
      <form onSubmit={submit} className="flex items-end gap-2" aria-label="Create an organization">
        <Field label="New organization">
          {(id) => <input id={id} className="input" value={name} onChange={(e) => setName(e.target.value)} required />}
        </Field>
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

function Vault() {
  const me = useMe();
  const vaults = useQuery({
    queryKey: ['vaults'],
    queryFn: async () => (await hx.vault.listVaults({ limit: 100 })).items,
  });
  const [vaultId, setVaultId] = useState<string>();
  const items = useQuery({
    queryKey: ['vault-items', vaultId],
    queryFn: async () => (await hx.vault.listItems({ vaultId: vaultId as string, limit: 100 })).items,
    enabled: Boolean(vaultId),
  });
  const [revealing, setRevealing] = useState<{ id: string; name: string }>();
  const [password, setPassword] = useState('');
  const [revealed, setRevealed] = useState<Record<string, string>>({});
  const reveal = useMutation({
    mutationFn: async (item: { id: string }) => {
      // The password again: a fresh login through the public route (it also renews the session cookies).
      await hx.auth.login({ email: me.data?.user.email ?? '', password });
      return hx.vault.revealItem({ id: vaultId as string, itemId: item.id });
    },
    onSuccess: (value) => {
      setRevealed((r) => ({ ...r, [value.id]: value.value }));
      setRevealing(undefined);
      setPassword('');
    },
  });
  return (
    <section aria-labelledby="vault-title" className="space-y-3">
      <h2 id="vault-title" className="text-lg font-semibold">
        Vault
      </h2>
      <ErrorNote error={vaults.error} />
      {vaults.data?.length === 0 ? (
        <p className="muted text-sm">No vault. Secrets redacted from captured events are kept in vaults.</p>
      ) : null}
      <ul className="flex flex-wrap gap-2">
        {vaults.data?.map((v) => (
          <li key={v.id}>
            <button type="button" className={v.id === vaultId ? 'btn-primary' : 'btn'} onClick={() => setVaultId(v.id)}>
              {v.name}
            </button>
          </li>
        ))}
      </ul>
      <ErrorNote error={items.error} />
      {items.data ? (
        <table className="table">
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Type</th>
              <th scope="col">Value</th>
            </tr>
          </thead>
          <tbody>
            {items.data.map((item) => (
              <tr key={item.id}>
                <td>{item.name}</td>
                <td>{item.type ?? '—'}</td>
                <td>
                  {revealed[item.id] !== undefined ? (
                    <code className="font-mono text-xs">{revealed[item.id]}</code>
                  ) : (
                    <button
                      type="button"
                      className="btn"
                      onClick={() => setRevealing({ id: item.id, name: item.name })}
                    >
                      •••••• Reveal<span className="sr-only"> {item.name}</span>
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      <Modal
        open={revealing !== undefined}
        title={`Reveal ${revealing?.name ?? ''}`}
        onClose={() => setRevealing(undefined)}
      >
        <form
          className="space-y-3"
          onSubmit={(e) => {
            e.preventDefault();
            if (revealing) reveal.mutate(revealing);
          }}
        >
          <p className="text-sm">Enter your password again. The reveal is written to the audit log.</p>
          <Field label="Password">
            {(id) => (
              <input
                id={id}
                className="input"
                type="password"
                required
                value={password}
                onChange={(e) => setPassword(e.target.value)}
                autoComplete="current-password"
              />
            )}
          </Field>
          <ErrorNote error={reveal.error} />
          <button type="submit" className="btn-primary" disabled={reveal.isPending}>
            Reveal
          </button>
        </form>
      </Modal>
    </section>
  );
}

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
        <Field label="Action">
          {(id) => (
            <input
              id={id}
              className="input"
              value={draft.action}
              onChange={(e) => setDraft({ ...draft, action: e.target.value })}
              placeholder="auth.login"
            />
          )}
        </Field>
        <Field label="Request id">
          {(id) => (
            <input
              id={id}
              className="input"
              value={draft.requestId}
              onChange={(e) => setDraft({ ...draft, requestId: e.target.value })}
            />
          )}
        </Field>
        <button type="submit" className="btn">
          Filter
        </button>
      </form>
      <ErrorNote error={entries.error} />
      <table className="table">
        <thead>
          <tr>
            <th scope="col">When</th>
            <th scope="col">Action</th>
            <th scope="col">Outcome</th>
            <th scope="col">Actor</th>
            <th scope="col">Request</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((e) => (
            <tr key={e.id}>
              <td>{when(e.createdAt)}</td>
              <td>{e.action}</td>
              <td>{e.outcome}</td>
              <td>
                {e.actorType} <span className="font-mono text-xs">{e.actorId}</span>
              </td>
              <td className="font-mono text-xs">{e.requestId ?? '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

export function GovernPage() {
  const [orgId, setOrgId] = useState<string>();
  return (
    <div className="max-w-6xl space-y-10">
      <PageTitle lead="Who may read and write which memory, the secrets kept out of it, and what happened.">
        Govern
      </PageTitle>
      <Organizations orgId={orgId} setOrgId={setOrgId} />
      {orgId ? <OrgDetail orgId={orgId} /> : null}
      <Vault />
      <AuditLog />
    </div>
  );
}

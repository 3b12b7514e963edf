/**
 * The vault: vaults and who shares them (the creator and the tenant owner; with an organization, its
 * members by role), a new vault shared or not, the sharing of a vault changed (by its creator or the
 * tenant owner; the server answers 403 to anyone else), the items of one with values masked, their versions,
 * and reveal, which asks for the password again (sent with the reveal and checked by the server, which
 * refuses a console session's reveal without it) and is audited by the server.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { hx } from '../api';
import { type Column, DataTable } from '../ui/data-table';
import { ErrorNote, Field, Modal, PageTitle, SelectField, TextField, when } from '../ui/kit';
import { useOrganizations } from '../ui/org';

type Vault = Awaited<ReturnType<typeof hx.vault.listVaults>>['items'][number];
type Item = Awaited<ReturnType<typeof hx.vault.listItems>>['items'][number];

/**
 * The choices of a vault's sharing: none first, then each organization of the caller; `current`, an
 * organization the caller is not a member of, is kept as a choice by its id.
 */
function sharingOptions(
  orgs: ReturnType<typeof useOrganizations>['data'],
  none: string,
  current?: string | null,
): Array<[string, string]> {
  const mine = (orgs ?? []).map((o): [string, string] => [o.id, `organization ${o.name}`]);
  const unknown =
    current && !mine.some(([id]) => id === current) ? [[current, `organization ${current}`] as [string, string]] : [];
  return [['', none], ...unknown, ...mine];
}

function CreateVault() {
  const queryClient = useQueryClient();
  const orgs = useOrganizations();
  const [name, setName] = useState('');
  const [organizationId, setOrg] = useState('');
  const create = useMutation({
    mutationFn: async () =>
      await hx.vault.createVault({ name: name.trim(), ...(organizationId ? { organizationId } : {}) }),
    onSuccess: async () => {
      setName('');
      await queryClient.invalidateQueries({ queryKey: ['vaults'] });
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    create.mutate();
  };
  return (
    <form onSubmit={submit} className="card flex flex-wrap items-end gap-3" aria-label="Create a vault">
      <Field label="New vault">
        {(id) => <input id={id} className="input" value={name} onChange={(e) => setName(e.target.value)} required />}
      </Field>
      <SelectField
        label="Share with"
        value={organizationId}
        options={sharingOptions(orgs.data, 'nobody (you and the tenant owner)')}
        onChange={setOrg}
      />
      <button type="submit" className="btn-primary" disabled={create.isPending}>
        Create vault
      </button>
      <ErrorNote error={create.error} />
    </form>
  );
}

/** The organization a vault is shared with, or none; saved with PATCH /v1/vaults/:vaultId. */
function Sharing({ vault }: { vault: Vault }) {
  const queryClient = useQueryClient();
  const orgs = useOrganizations();
  const [organizationId, setOrg] = useState(vault.organizationId ?? '');
  const save = useMutation({
    mutationFn: async () => await hx.vault.updateVault({ vaultId: vault.id, organizationId: organizationId || null }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['vaults'] });
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate();
  };
  return (
    <form onSubmit={submit} className="card flex flex-wrap items-end gap-3" aria-label={`Sharing of ${vault.name}`}>
      <SelectField
        label="Shared with"
        hint="Only the creator of the vault and the tenant owner may change this. Members of the organization it leaves lose it at once."
        value={organizationId}
        options={sharingOptions(orgs.data, 'nobody (creator and tenant owner)', vault.organizationId)}
        onChange={(value) => {
          save.reset();
          setOrg(value);
        }}
      />
      <button
        type="submit"
        className="btn-primary"
        disabled={save.isPending || organizationId === (vault.organizationId ?? '')}
      >
        Save sharing
      </button>
      {save.isSuccess && !save.isPending ? (
        <p role="status" className="muted text-sm">
          Saved.
        </p>
      ) : null}
      <ErrorNote error={save.error} />
    </form>
  );
}

function Versions({ vaultId, item, onClose }: { vaultId: string; item: Item; onClose: () => void }) {
  const versions = useQuery({
    queryKey: ['vault-versions', vaultId, item.id],
    queryFn: async () => (await hx.vault.listItemVersions({ vaultId, itemId: item.id, limit: 100 })).items,
  });
  return (
    <Modal open side title={`Versions of ${item.name}`} onClose={onClose}>
      <ErrorNote error={versions.error} />
      <DataTable
        label="Versions"
        rows={versions.data}
        columns={[
          { header: 'Version', cell: (v) => (v.current ? `${v.version} (current)` : v.version) },
          { header: 'By', cell: (v) => v.createdBy, className: 'font-mono text-xs' },
          { header: 'When', cell: (v) => when(v.createdAt) },
        ]}
        rowKey={(v) => String(v.version)}
        empty="No version kept."
      />
    </Modal>
  );
}

function Reveal({ vaultId, item, onDone }: { vaultId: string; item: Item; onDone: (value: string) => void }) {
  const [password, setPassword] = useState('');
  const reveal = useMutation({
    mutationFn: async () => {
      // The password again, checked by the server with the reveal (a console session cannot reveal without it).
      return hx.vault.revealItem({ id: vaultId, itemId: item.id, password });
    },
    onSuccess: (value) => onDone(value.value),
  });
  return (
    <form
      className="space-y-3"
      onSubmit={(e) => {
        e.preventDefault();
        reveal.mutate();
      }}
    >
      <p className="text-sm">Enter your password again. The reveal is written to the audit log.</p>
      <TextField
        label="Password"
        type="password"
        required
        value={password}
        onChange={setPassword}
        autoComplete="current-password"
      />
      <ErrorNote error={reveal.error} />
      <button type="submit" className="btn-primary" disabled={reveal.isPending}>
        Reveal
      </button>
    </form>
  );
}

function Items({ vault }: { vault: Vault }) {
  const items = useQuery({
    queryKey: ['vault-items', vault.id],
    queryFn: async () => (await hx.vault.listItems({ vaultId: vault.id, limit: 100 })).items,
  });
  const [revealing, setRevealing] = useState<Item>();
  const [history, setHistory] = useState<Item>();
  const [revealed, setRevealed] = useState<Record<string, string>>({});
  const columns: Column<Item>[] = [
    { header: 'Name', cell: (i) => i.name },
    { header: 'Type', cell: (i) => i.type ?? '—' },
    {
      header: 'Value',
      cell: (i) =>
        revealed[i.id] !== undefined ? (
          <code className="font-mono text-xs">{revealed[i.id]}</code>
        ) : (
          <button type="button" className="btn" onClick={() => setRevealing(i)}>
            •••••• Reveal<span className="sr-only"> {i.name}</span>
          </button>
        ),
    },
    {
      header: 'Version',
      cell: (i) => (
        <button type="button" className="btn" onClick={() => setHistory(i)}>
          v{i.version}
          <span className="sr-only"> of {i.name}: show versions</span>
        </button>
      ),
    },
    { header: 'Updated', cell: (i) => when(i.updatedAt) },
  ];
  return (
    <section aria-labelledby="items-title" className="space-y-3">
      <h2 id="items-title" className="text-lg font-semibold">
        Items of {vault.name}
      </h2>
      <ErrorNote error={items.error} />
      <DataTable
        label={`Items of ${vault.name}`}
        rows={items.data}
        columns={columns}
        rowKey={(i) => i.id}
        empty="No item. Secrets redacted from captured events land in the system vault."
      />
      <Modal
        open={revealing !== undefined}
        title={`Reveal ${revealing?.name ?? ''}`}
        onClose={() => setRevealing(undefined)}
      >
        {revealing ? (
          <Reveal
            vaultId={vault.id}
            item={revealing}
            onDone={(value) => {
              setRevealed((r) => ({ ...r, [revealing.id]: value }));
              setRevealing(undefined);
            }}
          />
        ) : null}
      </Modal>
      {history ? <Versions vaultId={vault.id} item={history} onClose={() => setHistory(undefined)} /> : null}
    </section>
  );
}

export function VaultPage() {
  const orgs = useOrganizations();
  const vaults = useQuery({
    queryKey: ['vaults'],
    queryFn: async () => (await hx.vault.listVaults({ limit: 100 })).items,
  });
  const [vaultId, setVaultId] = useState<string>();
  const orgName = (id: string | null) =>
    id ? `organization ${orgs.data?.find((o) => o.id === id)?.name ?? id}` : 'creator and tenant owner only';
  const columns: Column<Vault>[] = [
    {
      header: 'Vault',
      cell: (v) => (
        <button type="button" className={v.id === vaultId ? 'btn-primary' : 'btn'} onClick={() => setVaultId(v.id)}>
          {v.name}
          {v.system ? ' (system)' : ''}
        </button>
      ),
    },
    { header: 'Shared with', cell: (v) => orgName(v.organizationId) },
    { header: 'Sensitivity', cell: (v) => v.sensitivity },
    { header: 'Created', cell: (v) => when(v.createdAt) },
  ];
  const chosen = vaults.data?.find((v) => v.id === vaultId);
  return (
    <div className="max-w-6xl space-y-8">
      <PageTitle lead="Secrets kept out of memory: masked until you reveal them, every reveal audited.">
        Vault
      </PageTitle>
      <CreateVault />
      <ErrorNote error={vaults.error} />
      <DataTable
        label="Vaults"
        rows={vaults.data}
        columns={columns}
        rowKey={(v) => v.id}
        empty="No vault. Secrets redacted from captured events are kept in the system vault, made on the first one."
      />
      {chosen && !chosen.system ? <Sharing key={chosen.id} vault={chosen} /> : null}
      {chosen ? <Items vault={chosen} /> : null}
    </div>
  );
}

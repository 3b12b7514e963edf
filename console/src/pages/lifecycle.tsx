/**
 * Lifecycle policies of an organization (retention of raw events, archive and delete of memories not
 * seen for a while), a form to add one, and the dry-run preview: what a run would archive, delete,
 * purge and retire, as of now or a later date, changing nothing. Deleting a policy asks first.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { hx } from '../api';
import { DeleteAction } from '../ui/actions';
import { type Column, DataTable } from '../ui/data-table';
import { ErrorNote, Field, PageTitle, TextField, when } from '../ui/kit';
import { OrgGate } from '../ui/org';

type Policy = Awaited<ReturnType<typeof hx.lifecycle.list>>['items'][number];
type Run = Awaited<ReturnType<typeof hx.lifecycle.preview>>['runs'][number];

const days = (n: number | null) => (n === null ? '—' : `${n} d`);
const optionalDays = (v: string) => (v.trim() === '' ? undefined : Number(v));

function CreatePolicy({ orgId }: { orgId: string }) {
  const queryClient = useQueryClient();
  const empty = { name: '', scope: 'namespace:*', retentionDays: '', archiveAfterDays: '', deleteAfterDays: '' };
  const [draft, setDraft] = useState(empty);
  const set = (k: keyof typeof empty) => (e: { target: { value: string } }) =>
    setDraft({ ...draft, [k]: e.target.value });
  const create = useMutation({
    mutationFn: async () =>
      await hx.lifecycle.create({
        orgId,
        name: draft.name.trim(),
        scope: draft.scope.trim(),
        retentionDays: optionalDays(draft.retentionDays),
        archiveAfterDays: optionalDays(draft.archiveAfterDays),
        deleteAfterDays: optionalDays(draft.deleteAfterDays),
      }),
    onSuccess: async () => {
      setDraft(empty);
      await queryClient.invalidateQueries({ queryKey: ['lifecycle', orgId] });
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    create.mutate();
  };
  const number = (k: 'retentionDays' | 'archiveAfterDays' | 'deleteAfterDays', label: string) => (
    <Field label={label}>
      {(id) => <input id={id} className="input" type="number" min={1} value={draft[k]} onChange={set(k)} />}
    </Field>
  );
  return (
    <form onSubmit={submit} className="card grid gap-3 md:grid-cols-3" aria-label="Add a lifecycle policy">
      <Field label="Name">
        {(id) => <input id={id} className="input" value={draft.name} onChange={set('name')} required />}
      </Field>
      <Field label="Scope" hint="namespace:* (all), namespace:<name>, agent:<id> or subject:<id>">
        {(id) => <input id={id} className="input font-mono" value={draft.scope} onChange={set('scope')} required />}
      </Field>
      {number('retentionDays', 'Purge raw events after (days)')}
      {number('archiveAfterDays', 'Archive memories unseen for (days)')}
      {number('deleteAfterDays', 'Delete memories unseen for (days)')}
      <div className="flex items-end">
        <button type="submit" className="btn-primary" disabled={create.isPending}>
          Add policy
        </button>
      </div>
      <div className="md:col-span-3">
        <ErrorNote error={create.error} />
      </div>
    </form>
  );
}

const RUN_COLUMNS = (names: Map<string, string>): Column<Run>[] => [
  { header: 'Policy', cell: (r) => names.get(r.policyId) ?? r.policyId },
  { header: 'Archived', cell: (r) => r.archived },
  { header: 'Deleted', cell: (r) => r.deleted },
  { header: 'Events purged', cell: (r) => r.eventsPurged },
  { header: 'Artifacts retired', cell: (r) => r.artifactsRetired },
  { header: 'Vault items deleted', cell: (r) => r.vaultItemsDeleted },
];

function Preview({ orgId, names }: { orgId: string; names: Map<string, string> }) {
  const [asOf, setAsOf] = useState('');
  const preview = useMutation({
    mutationFn: async () =>
      await hx.lifecycle.preview({ orgId, ...(asOf ? { asOf: new Date(asOf).toISOString() } : {}) }),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    preview.mutate();
  };
  return (
    <section aria-labelledby="preview-title" className="space-y-3">
      <h2 id="preview-title" className="text-lg font-semibold">
        Dry run
      </h2>
      <form onSubmit={submit} className="flex flex-wrap items-end gap-2" aria-label="Preview the lifecycle policies">
        <TextField label="As of (empty: now)" type="datetime-local" value={asOf} onChange={setAsOf} />
        <button type="submit" className="btn-primary" disabled={preview.isPending}>
          Preview what a run would do
        </button>
      </form>
      <ErrorNote error={preview.error} />
      {preview.data ? (
        <div className="space-y-2" data-testid="lifecycle-preview">
          <p className="muted text-sm">As of {when(preview.data.ranAt)}; nothing was changed.</p>
          <DataTable
            label="What a run would do"
            rows={preview.data.runs}
            columns={RUN_COLUMNS(names)}
            rowKey={(r) => r.policyId}
            empty="No policy to run."
          />
        </div>
      ) : null}
    </section>
  );
}

function Lifecycle({ orgId }: { orgId: string }) {
  const policies = useQuery({
    queryKey: ['lifecycle', orgId],
    queryFn: async () => (await hx.lifecycle.list({ orgId, limit: 100 })).items,
  });
  const columns: Column<Policy>[] = [
    { header: 'Name', cell: (p) => p.name },
    { header: 'Scope', cell: (p) => p.scope, className: 'font-mono text-xs' },
    { header: 'Purge events', cell: (p) => days(p.retentionDays) },
    { header: 'Archive', cell: (p) => days(p.archiveAfterDays) },
    { header: 'Delete', cell: (p) => days(p.deleteAfterDays) },
    { header: 'Last run', cell: (p) => when(p.lastRunAt) },
    {
      header: 'Actions',
      cell: (p) => (
        <DeleteAction
          name={p.name}
          title={`Delete lifecycle policy ${p.name}?`}
          remove={() => hx.lifecycle.delete({ orgId, policyId: p.id })}
          invalidate={['lifecycle', orgId]}
        >
          It stops applying; what it already archived or deleted stays so.
        </DeleteAction>
      ),
    },
  ];
  const names = new Map((policies.data ?? []).map((p) => [p.id, p.name]));
  return (
    <div className="space-y-8">
      <CreatePolicy orgId={orgId} />
      <ErrorNote error={policies.error} />
      <DataTable
        label="Lifecycle policies"
        rows={policies.data}
        columns={columns}
        rowKey={(p) => p.id}
        empty="No lifecycle policy: memories and events are kept until deleted."
      />
      <Preview orgId={orgId} names={names} />
    </div>
  );
}

export function LifecyclePage() {
  return (
    <div className="max-w-6xl">
      <PageTitle lead="How long memory is kept: retention, archive and delete, with a dry run first.">
        Lifecycle
      </PageTitle>
      <OrgGate>{(orgId) => <Lifecycle orgId={orgId} />}</OrgGate>
    </div>
  );
}

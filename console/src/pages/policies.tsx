/**
 * Access policies of an organization in evaluation order, and the simulator: "can this key or agent
 * read, write or delete this namespace, and which rule decides?", answered by the server from the
 * checks a real request goes through (POST /v1/organizations/:orgId/policies/simulate).
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { hx } from '../api';
import { EditAction } from '../ui/actions';
import { type Column, DataTable } from '../ui/data-table';
import { ErrorNote, Field, PageTitle, SelectField, TextField } from '../ui/kit';
import { OrgGate } from '../ui/org';

type Policy = Awaited<ReturnType<typeof hx.policies.list>>['items'][number];
type Simulation = Awaited<ReturnType<typeof hx.policies.simulate>>;
type Action = 'read' | 'write' | 'delete';

const POLICY_COLUMNS: Column<Policy>[] = [
  { header: 'Priority', cell: (p) => p.priority },
  { header: 'Name', cell: (p) => p.name },
  { header: 'Effect', cell: (p) => p.effect },
  { header: 'Action', cell: (p) => p.action },
  { header: 'Resource', cell: (p) => p.resource, className: 'font-mono text-xs' },
  {
    header: 'Conditions',
    cell: (p) =>
      Object.entries(p.conditions)
        .map(([k, v]) => `${k}=${v}`)
        .join(', ') || '—',
    className: 'font-mono text-xs',
  },
];

/** Name, effect, action, resource and priority of a policy; its conditions are left as they are. */
function EditPolicy({ orgId, policy }: { orgId: string; policy: Policy }) {
  const initial = () => ({
    name: policy.name,
    effect: policy.effect,
    action: policy.action,
    resource: policy.resource,
    priority: String(policy.priority),
  });
  const [form, setForm] = useState(initial);
  const set = (patch: Partial<typeof form>) => setForm({ ...form, ...patch });
  return (
    <EditAction
      name={policy.name}
      title={`Edit policy ${policy.name}`}
      invalidate={['policies', orgId]}
      onOpen={() => setForm(initial())}
      save={() =>
        hx.policies.update({
          orgId,
          policyId: policy.id,
          name: form.name.trim(),
          effect: form.effect,
          action: form.action,
          resource: form.resource.trim(),
          priority: Number(form.priority),
        })
      }
    >
      <TextField label="Name" value={form.name} onChange={(name) => set({ name })} required />
      <div className="grid grid-cols-2 gap-3">
        <SelectField
          label="Effect"
          value={form.effect}
          options={[
            ['allow', 'allow'],
            ['deny', 'deny'],
          ]}
          onChange={(effect) => set({ effect })}
        />
        <SelectField
          label="Action"
          value={form.action}
          options={[
            ['read', 'read'],
            ['write', 'write'],
            ['delete', 'delete'],
            ['*', 'any (*)'],
          ]}
          onChange={(action) => set({ action })}
        />
      </div>
      <TextField
        label="Resource"
        hint="namespace:<name or id>, namespace:* or *:*"
        className="input font-mono"
        value={form.resource}
        onChange={(resource) => set({ resource })}
        required
      />
      <TextField
        label="Priority"
        hint="Higher is evaluated first; deny wins a tie"
        type="number"
        step={1}
        value={form.priority}
        onChange={(priority) => set({ priority })}
        required
      />
    </EditAction>
  );
}

function Policies({ orgId }: { orgId: string }) {
  const policies = useQuery({
    queryKey: ['policies', orgId],
    queryFn: async () => (await hx.policies.list({ orgId, limit: 100 })).items,
  });
  return (
    <section aria-labelledby="policies-title" className="space-y-3">
      <h2 id="policies-title" className="text-lg font-semibold">
        Policies, in evaluation order
      </h2>
      <ErrorNote error={policies.error} />
      <DataTable
        label="Access policies"
        rows={policies.data}
        columns={[
          ...POLICY_COLUMNS,
          { header: 'Actions', cell: (p: Policy) => <EditPolicy orgId={orgId} policy={p} /> },
        ]}
        rowKey={(p) => p.id}
        empty="No policy: every namespace is open to whoever reaches it, except restricted ones."
      />
    </section>
  );
}

function Result({ result }: { result: Simulation }) {
  return (
    <div className="card space-y-2 text-sm" data-testid="simulation-result" aria-live="polite">
      <p className="text-lg font-semibold">{result.allowed ? 'Allowed' : 'Denied'}</p>
      <p>{result.message}</p>
      <p>
        Decided by:{' '}
        {result.decidedBy ? (
          <>
            policy <strong>{result.decidedBy.name}</strong>{' '}
            <span className="font-mono text-xs">{result.decidedBy.policyId}</span>
          </>
        ) : result.reason === 'default_allow' || result.reason === 'restricted_default_deny' ? (
          'the default (no policy matched)'
        ) : (
          `the credential itself (${result.reason})`
        )}
      </p>
      {result.matched.length ? (
        <div>
          <p className="font-medium">Matching policies, first decides:</p>
          <ol className="list-inside list-decimal">
            {result.matched.map((m) => (
              <li key={m.id}>
                {m.effect} · {m.name} · priority {m.priority}
              </li>
            ))}
          </ol>
        </div>
      ) : null}
    </div>
  );
}

function Simulator({ orgId }: { orgId: string }) {
  const keys = useQuery({
    queryKey: ['api-keys'],
    queryFn: async () => (await hx.apiKeys.list({ limit: 100 })).items,
  });
  const agents = useQuery({
    queryKey: ['agents', orgId],
    queryFn: async () => (await hx.agents.list({ orgId, limit: 100 })).items,
  });
  const namespaces = useQuery({
    queryKey: ['namespaces', orgId],
    queryFn: async () => (await hx.namespaces.list({ orgId, limit: 100 })).items,
  });
  const [who, setWho] = useState<'key' | 'agent'>('key');
  const [subject, setSubject] = useState('');
  const [namespace, setNamespace] = useState('');
  const [action, setAction] = useState<Action>('read');
  const simulate = useMutation({
    mutationFn: async () =>
      await hx.policies.simulate({
        orgId,
        ...(who === 'key' ? { keyId: subject } : { agentId: subject }),
        namespace,
        action,
      }),
  });
  const usableKeys = (keys.data ?? []).filter((k) => !k.revoked && (!k.organizationId || k.organizationId === orgId));
  const subjects =
    who === 'key'
      ? usableKeys.map((k) => ({ id: k.id, label: `${k.name} (${k.prefix}…)` }))
      : (agents.data ?? []).map((a) => ({ id: a.id, label: a.name }));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    simulate.mutate();
  };
  return (
    <section aria-labelledby="sim-title" className="space-y-3">
      <h2 id="sim-title" className="text-lg font-semibold">
        Simulator
      </h2>
      <p className="muted text-sm">
        Can this key or agent read, write or delete this namespace, and which rule decides? Nothing is done.
      </p>
      <form onSubmit={submit} className="card grid gap-3 md:grid-cols-5" aria-label="Simulate an access decision">
        <Field label="Who">
          {(id) => (
            <select
              id={id}
              className="input"
              value={who}
              onChange={(e) => {
                setWho(e.target.value as 'key' | 'agent');
                setSubject('');
              }}
            >
              <option value="key">API key</option>
              <option value="agent">Agent</option>
            </select>
          )}
        </Field>
        <Field label={who === 'key' ? 'API key' : 'Agent'}>
          {(id) => (
            <select id={id} className="input" value={subject} onChange={(e) => setSubject(e.target.value)} required>
              <option value="">Choose one</option>
              {subjects.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.label}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label="Namespace">
          {(id) => (
            <select id={id} className="input" value={namespace} onChange={(e) => setNamespace(e.target.value)} required>
              <option value="">Choose one</option>
              {(namespaces.data ?? []).map((n) => (
                <option key={n.id} value={n.name}>
                  {n.name} ({n.sensitivity})
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label="Action">
          {(id) => (
            <select id={id} className="input" value={action} onChange={(e) => setAction(e.target.value as Action)}>
              <option>read</option>
              <option>write</option>
              <option>delete</option>
            </select>
          )}
        </Field>
        <div className="flex items-end">
          <button type="submit" className="btn-primary" disabled={simulate.isPending}>
            Simulate
          </button>
        </div>
      </form>
      <ErrorNote error={keys.error ?? agents.error ?? namespaces.error ?? simulate.error} />
      {simulate.data ? <Result result={simulate.data} /> : null}
    </section>
  );
}

export function PoliciesPage() {
  return (
    <div className="max-w-6xl">
      <PageTitle lead="Who may read and write which namespace: the policies, and a simulator to ask them.">
        Access policies
      </PageTitle>
      <OrgGate>
        {(orgId) => (
          <div className="space-y-10">
            <Simulator orgId={orgId} />
            <Policies orgId={orgId} />
          </div>
        )}
      </OrgGate>
    </div>
  );
}

/**
 * Pages of one organization (policies, teams, agents, lifecycle, access logs) choose it here; the
 * choice lives in the URL (`?org=`), so a view can be bookmarked and shared. With a single
 * organization it is chosen already.
 */
import { useQuery } from '@tanstack/react-query';
import { Link, useSearch } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { hx } from '../api';
import { ErrorNote, Field } from './kit';
import { useSetSearch } from './url-state';

export function useOrganizations() {
  return useQuery({
    queryKey: ['orgs'],
    queryFn: async () => (await hx.organizations.list({ limit: 100 })).items,
  });
}

type Org = NonNullable<ReturnType<typeof useOrganizations>['data']>[number];

/** The organization select, "Choose one" first; each option names the caller's role there. */
export function OrgSelect({
  orgs,
  value,
  onChange,
}: {
  orgs: readonly Org[];
  value: string | undefined;
  onChange: (orgId: string | undefined) => void;
}) {
  return (
    <Field label="Organization">
      {(id) => (
        <select
          id={id}
          className="input max-w-sm"
          value={value ?? ''}
          onChange={(e) => onChange(e.target.value || undefined)}
        >
          <option value="">Choose one</option>
          {orgs.map((o) => (
            <option key={o.id} value={o.id}>
              {o.name} ({o.role})
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

export function OrgGate({ children }: { children: (orgId: string) => ReactNode }) {
  const orgs = useOrganizations();
  const search = useSearch({ strict: false }) as { org?: string };
  const setSearch = useSetSearch();
  const only = orgs.data?.length === 1 ? orgs.data[0]?.id : undefined;
  const orgId = search.org ?? only;
  if (orgs.isPending) return <p className="muted">Loading…</p>;
  if (orgs.error) return <ErrorNote error={orgs.error} />;
  if (!orgs.data?.length) {
    return (
      <p className="card text-sm" data-testid="no-organization">
        No organization yet. Create one on the{' '}
        <Link to="/govern" className="underline">
          Govern
        </Link>{' '}
        page: organizations hold teams, agents, namespaces and their policies.
      </p>
    );
  }
  return (
    <div className="space-y-6">
      <OrgSelect orgs={orgs.data} value={orgId} onChange={(org) => setSearch({ org, cursor: undefined })} />
      {orgId ? children(orgId) : <p className="muted text-sm">Choose an organization.</p>}
    </div>
  );
}

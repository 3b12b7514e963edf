/**
 * The memory access log of an organization: who read which memories and artifacts, when, through which
 * key or agent; filters (operation, namespace, key, request id) applied by the API and kept in the
 * URL, so a request id from an error message or a log line finds its reads.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { hx } from '../api';
import { type Column, DataTable } from '../ui/data-table';
import { type FilterField, FilterForm } from '../ui/filter-form';
import { ErrorNote, PageTitle, when } from '../ui/kit';
import { UrlPager } from '../ui/url-state';
import { OrgGate } from '../ui/org';

const route = getRouteApi('/access-logs');
type Entry = Awaited<ReturnType<typeof hx.audit.accessLogs>>['items'][number];

const COLUMNS: Column<Entry>[] = [
  { header: 'When', cell: (e) => when(e.createdAt) },
  { header: 'Operation', cell: (e) => e.operation },
  { header: 'Namespace', cell: (e) => e.namespace ?? '—', className: 'font-mono text-xs' },
  { header: 'Actor', cell: (e) => `${e.actorType} ${e.apiKeyId ?? e.actorId}`, className: 'font-mono text-xs' },
  { header: 'Read', cell: (e) => `${e.memoryIds.length} memories, ${e.artifactIds.length} artifacts` },
  { header: 'Request', cell: (e) => e.requestId ?? '—', className: 'font-mono text-xs' },
];

const FILTERS: FilterField<'requestId' | 'operation' | 'namespace' | 'apiKeyId'>[] = [
  { key: 'requestId', label: 'Request id', placeholder: 'req_…' },
  { key: 'operation', label: 'Operation', placeholder: 'memories.list' },
  { key: 'namespace', label: 'Namespace id' },
  { key: 'apiKeyId', label: 'API key id' },
];

function Entries({ orgId }: { orgId: string }) {
  const search = route.useSearch();
  const navigate = useNavigate({ from: '/access-logs' });
  const filters = {
    operation: search.operation,
    namespace: search.namespace,
    apiKeyId: search.apiKeyId,
    requestId: search.requestId,
  };
  const entries = useQuery({
    queryKey: ['access-logs', orgId, filters, search.cursor],
    queryFn: async () => {
      const page = await hx.audit.accessLogs({ orgId, limit: 100, cursor: search.cursor, ...filters });
      return { items: page.items, pagination: page.pagination };
    },
    placeholderData: keepPreviousData,
  });
  return (
    <div className="space-y-4">
      <FilterForm
        key={JSON.stringify(search)}
        label="Filter the access log"
        fields={FILTERS}
        search={search}
        onApply={(values) => void navigate({ search: { ...values, org: search.org, cursor: undefined } })}
      />
      <ErrorNote error={entries.error} />
      <DataTable
        label="Access log"
        rows={entries.data?.items}
        columns={COLUMNS}
        rowKey={(e) => e.id}
        testId="access-log"
        empty="No read matches. Reads of this organization's memories by keys and agents are listed here."
      />
      <UrlPager next={entries.data?.pagination} />
    </div>
  );
}

export function AccessLogsPage() {
  return (
    <div className="max-w-6xl">
      <PageTitle lead="Who read which memories, when, and with which key.">Access log</PageTitle>
      <OrgGate>{(orgId) => <Entries orgId={orgId} />}</OrgGate>
    </div>
  );
}

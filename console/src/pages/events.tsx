/**
 * Captured events, newest first, as stored (secrets already redacted), with filters in the URL and a
 * live view: while it is on, the first page is fetched again every two seconds (the API is polled;
 * no socket) and new events are announced. The first-run flow ends here: capture with your key and
 * watch the event arrive.
 */
import { EVENT_TYPES } from '@hx-memory/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { hx } from '../api';
import { KeyGate } from '../ui/browse-key';
import { type Column, DataTable } from '../ui/data-table';
import { type FilterField, FilterForm } from '../ui/filter-form';
import { ErrorNote, Modal, PageTitle, Text, when } from '../ui/kit';
import { UrlPager } from '../ui/url-state';

const route = getRouteApi('/events');
type StoredEvent = Awaited<ReturnType<typeof hx.capture.listEvents>>['items'][number];

/** A line of what the event says: a message's content, else its payload as JSON. */
function summary(e: StoredEvent): string {
  const content = e.payload.content;
  const text = typeof content === 'string' ? content : JSON.stringify(e.payload);
  return text.length > 160 ? `${text.slice(0, 160)}…` : text;
}

const FILTERS: FilterField<'namespace' | 'sessionId' | 'subjectId' | 'agentId' | 'type'>[] = [
  { key: 'namespace', label: 'Namespace' },
  { key: 'sessionId', label: 'Session' },
  { key: 'subjectId', label: 'Subject' },
  { key: 'agentId', label: 'Agent' },
  { key: 'type', label: 'Type', options: EVENT_TYPES },
];

function Detail({ event, onClose }: { event: StoredEvent; onClose: () => void }) {
  return (
    <Modal open side title="Event" onClose={onClose}>
      <div className="space-y-4 text-sm" data-testid="event-detail">
        <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1">
          <dt className="font-medium">Id</dt>
          <dd className="font-mono text-xs">{event.id}</dd>
          <dt className="font-medium">Type · session</dt>
          <dd>
            {event.type} · {event.sessionId}
          </dd>
          <dt className="font-medium">Namespace · subject · agent</dt>
          <dd>
            {event.namespace} · {event.subjectId ?? '—'} · {event.agentId ?? '—'}
          </dd>
          <dt className="font-medium">Occurred · captured</dt>
          <dd>
            {when(event.occurredAt)} · {when(event.createdAt)}
          </dd>
          <dt className="font-medium">Learned</dt>
          <dd>{event.compiledAt ? when(event.compiledAt) : 'not yet (run a learn job)'}</dd>
        </dl>
        <section>
          <h3 className="font-semibold">Payload (secrets redacted into the vault)</h3>
          <pre className="code">{JSON.stringify(event.payload, null, 2)}</pre>
        </section>
        {Object.keys(event.metadata).length ? (
          <section>
            <h3 className="font-semibold">Metadata</h3>
            <pre className="code">{JSON.stringify(event.metadata, null, 2)}</pre>
          </section>
        ) : null}
      </div>
    </Modal>
  );
}

function List() {
  const search = route.useSearch();
  const navigate = useNavigate({ from: '/events' });
  const [live, setLive] = useState(true);
  const query = {
    namespace: search.namespace,
    sessionId: search.sessionId,
    subjectId: search.subjectId,
    agentId: search.agentId,
    type: search.type as StoredEvent['type'] | undefined,
  };
  const polling = live && !search.cursor;
  const list = useQuery({
    queryKey: ['events', query, search.cursor],
    queryFn: async () => {
      const page = await hx.capture.listEvents({ ...query, limit: 100, cursor: search.cursor });
      return { items: page.items, pagination: page.pagination };
    },
    placeholderData: keepPreviousData,
    refetchInterval: polling ? 2000 : false,
  });
  // Ids seen before the latest poll: what is new since is marked and announced.
  const seen = useRef<Set<string> | undefined>(undefined);
  const [fresh, setFresh] = useState<string[]>([]);
  const items = list.data?.items;
  useEffect(() => {
    if (!items) return;
    const before = seen.current;
    if (before) setFresh(items.filter((e) => !before.has(e.id)).map((e) => e.id));
    seen.current = new Set(items.map((e) => e.id));
  }, [items]);
  const open = items?.find((e) => e.id === search.id);
  const columns: Column<StoredEvent>[] = [
    { header: 'Captured', cell: (e) => (fresh.includes(e.id) ? `${when(e.createdAt)} · new` : when(e.createdAt)) },
    { header: 'Type', cell: (e) => e.type },
    {
      header: 'What',
      cell: (e) => (
        <button
          type="button"
          className="text-left underline-offset-2 hover:underline"
          onClick={() => void navigate({ search: { ...search, id: e.id } })}
        >
          <Text>{summary(e)}</Text>
        </button>
      ),
    },
    { header: 'Session', cell: (e) => e.sessionId },
    { header: 'Namespace', cell: (e) => e.namespace },
    { header: 'Learned', cell: (e) => (e.compiledAt ? 'yes' : 'not yet') },
  ];
  return (
    <div className="space-y-4">
      <FilterForm
        key={JSON.stringify(search)}
        label="Filter events"
        fields={FILTERS}
        search={search}
        onApply={(values) => void navigate({ search: { ...values, cursor: undefined, id: undefined } })}
      />
      <ErrorNote error={list.error} />
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="muted text-sm" aria-live="polite" data-testid="events-status">
          {list.isPending
            ? 'Loading…'
            : `${items?.length ?? 0} event${items?.length === 1 ? '' : 's'} on this page${fresh.length ? `, ${fresh.length} new` : ''}`}
        </p>
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" checked={live} onChange={(e) => setLive(e.target.checked)} />
          Live (refresh the first page every 2 s)
        </label>
      </div>
      <DataTable
        label="Captured events"
        rows={items}
        columns={columns}
        rowKey={(e) => e.id}
        testId="events-table"
        empty={
          <span data-testid="events-empty">
            No event yet. Capture one with your key (the API keys page has ready-to-paste snippets): it shows up here
            within two seconds.
          </span>
        }
      />
      <UrlPager next={list.data?.pagination} />
      {open ? <Detail event={open} onClose={() => void navigate({ search: { ...search, id: undefined } })} /> : null}
    </div>
  );
}

export function EventsPage() {
  return (
    <div className="max-w-6xl">
      <PageTitle lead="What your agents captured, newest first, as it arrives.">Events</PageTitle>
      <KeyGate>
        <List />
      </KeyGate>
    </div>
  );
}

/**
 * Memories: cursor-paged list with every filter in the URL, a text filter over the page, a detail
 * drawer (content, history, where it came from), delete and subject erasure behind a confirmation.
 * The first page is polled, so what an agent captures and learns arrives without a reload.
 */
import { MEMORY_KINDS } from '@hx-memory/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { hx } from '../api';
import { KeyGate } from '../ui/browse-key';
import { type FilterField, FilterForm } from '../ui/filter-form';
import { Confirm, ErrorNote, Modal, PageTitle, Text, when } from '../ui/kit';
import { UrlPager } from '../ui/url-state';
import { VirtualButtonList } from '../ui/virtual';

const route = getRouteApi('/memories');

const FILTERS: FilterField<'q' | 'namespace' | 'subjectId' | 'sessionId' | 'kind' | 'status'>[] = [
  { key: 'q', label: 'Search this page' },
  { key: 'namespace', label: 'Namespace' },
  { key: 'subjectId', label: 'Subject' },
  { key: 'sessionId', label: 'Session' },
  { key: 'kind', label: 'Kind', options: MEMORY_KINDS },
  { key: 'status', label: 'Status', options: ['active', 'superseded', 'archived'] },
];

function Detail({ id, onClose }: { id: string; onClose: () => void }) {
  const queryClient = useQueryClient();
  const memory = useQuery({ queryKey: ['memory', id], queryFn: async () => await hx.memories.get({ id }) });
  const [confirm, setConfirm] = useState(false);
  const remove = useMutation({
    mutationFn: async () => await hx.memories.delete({ id }),
    onSuccess: async () => {
      setConfirm(false);
      await queryClient.invalidateQueries({ queryKey: ['memories'] });
      onClose();
    },
  });
  const m = memory.data;
  return (
    <Modal open side title="Memory" onClose={onClose}>
      <ErrorNote error={memory.error} />
      {m ? (
        <div className="space-y-4 text-sm" data-testid="memory-detail">
          <p className="text-base">
            <Text>{m.content}</Text>
          </p>
          <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1">
            <dt className="font-medium">Id</dt>
            <dd className="font-mono text-xs">{m.id}</dd>
            <dt className="font-medium">Kind · status</dt>
            <dd>
              {m.kind} · {m.status}
            </dd>
            <dt className="font-medium">Confidence</dt>
            <dd>
              {m.confidence.toFixed(2)} from {m.mentions} statement(s)
            </dd>
            <dt className="font-medium">Namespace</dt>
            <dd>{m.namespace}</dd>
            <dt className="font-medium">Subject · session · agent</dt>
            <dd>
              {m.subjectId ?? '—'} · {m.sessionId ?? '—'} · {m.agentId ?? '—'}
            </dd>
            <dt className="font-medium">Valid</dt>
            <dd>
              {when(m.validFrom)} → {m.validTo ? when(m.validTo) : 'now'}
            </dd>
            <dt className="font-medium">Superseded by</dt>
            <dd className="font-mono text-xs">{m.supersededBy ?? '—'}</dd>
          </dl>
          <section>
            <h3 className="font-semibold">Lineage: captured from</h3>
            <ul className="list-inside list-disc font-mono text-xs" data-testid="memory-sources">
              {m.sourceEventIds.map((e) => (
                <li key={e}>{e}</li>
              ))}
            </ul>
          </section>
          {Object.keys(m.attributes).length ? (
            <section>
              <h3 className="font-semibold">Attributes</h3>
              <pre className="code">{JSON.stringify(m.attributes, null, 2)}</pre>
            </section>
          ) : null}
          <button type="button" className="btn-danger" onClick={() => setConfirm(true)}>
            Delete memory
          </button>
        </div>
      ) : null}
      <Confirm
        open={confirm}
        title="Delete this memory?"
        action="Delete"
        busy={remove.isPending}
        onClose={() => setConfirm(false)}
        onConfirm={() => remove.mutate()}
      >
        <p>Its content is erased and a tombstone kept, so learning from the same events does not bring it back.</p>
        <ErrorNote error={remove.error} />
      </Confirm>
    </Modal>
  );
}

function List() {
  const search = route.useSearch();
  const navigate = useNavigate({ from: '/memories' });
  const queryClient = useQueryClient();
  const [forget, setForget] = useState(false);
  const query = {
    namespace: search.namespace,
    kind: search.kind,
    status: search.status,
    subjectId: search.subjectId,
    sessionId: search.sessionId,
  };
  const list = useQuery({
    queryKey: ['memories', query, search.cursor],
    queryFn: async () => {
      const page = await hx.memories.list({ ...(query as object), limit: 100, cursor: search.cursor });
      return { items: page.items, pagination: page.pagination };
    },
    placeholderData: keepPreviousData,
    refetchInterval: search.cursor ? false : 5000,
  });
  const erase = useMutation({
    mutationFn: async (subjectId: string) => await hx.memories.forgetSubject({ subjectId }),
    onSuccess: async () => {
      setForget(false);
      await queryClient.invalidateQueries({ queryKey: ['memories'] });
    },
  });
  const needle = search.q?.toLowerCase();
  const items = (list.data?.items ?? []).filter((m) => !needle || m.content.toLowerCase().includes(needle));
  return (
    <div className="space-y-4">
      <FilterForm
        key={JSON.stringify(search)}
        label="Filter memories"
        fields={FILTERS}
        search={search}
        onApply={(values) => void navigate({ search: { ...values, cursor: undefined, id: undefined } })}
      />
      <ErrorNote error={list.error} />
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="muted text-sm" aria-live="polite">
          {list.isPending ? 'Loading…' : `${items.length} memor${items.length === 1 ? 'y' : 'ies'} on this page`}
        </p>
        {search.subjectId ? (
          <button type="button" className="btn-danger" onClick={() => setForget(true)}>
            Forget subject {search.subjectId}
          </button>
        ) : null}
      </div>
      {items.length === 0 && !list.isPending ? (
        <p className="card text-sm" data-testid="memories-empty">
          No memory here yet. Capture events with your key (see API keys), then run a learn job: memories compiled from
          them show up here within seconds.
        </p>
      ) : (
        <VirtualButtonList
          label="Memories on this page"
          items={items}
          itemKey={(m) => m.id}
          onOpen={(m) => void navigate({ search: { ...search, id: m.id } })}
          testId="memories-list"
        >
          {(m) => (
            <>
              <span className="block">
                <Text>{m.content}</Text>
              </span>
              <span className="muted block text-xs">
                {m.kind} · {m.status} · {m.namespace} · {m.subjectId ?? 'no subject'} · {when(m.lastSeenAt)}
              </span>
            </>
          )}
        </VirtualButtonList>
      )}
      <UrlPager next={list.data?.pagination} />
      {search.id ? (
        <Detail id={search.id} onClose={() => void navigate({ search: { ...search, id: undefined } })} />
      ) : null}
      <Confirm
        open={forget}
        title={`Forget subject ${search.subjectId ?? ''}?`}
        action="Forget everything about this subject"
        busy={erase.isPending}
        onClose={() => setForget(false)}
        onConfirm={() => search.subjectId && erase.mutate(search.subjectId)}
      >
        <p>
          Deletes every event about the subject, the memories and artifacts built from them, and their lineage. This
          cannot be undone.
        </p>
        <ErrorNote error={erase.error} />
      </Confirm>
    </div>
  );
}

export function MemoriesPage() {
  return (
    <div className="max-w-5xl">
      <PageTitle lead="What your agents' memory holds, newest first.">Memories</PageTitle>
      <KeyGate>
        <List />
      </KeyGate>
    </div>
  );
}

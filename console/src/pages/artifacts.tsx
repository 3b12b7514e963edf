/** Artifacts: cursor-paged, filters in the URL, a drawer with the prompt-ready text and its sources. */
import { ARTIFACT_TYPES } from '@hx-memory/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { hx } from '../api';
import { KeyGate } from '../ui/browse-key';
import { type FilterField, FilterForm } from '../ui/filter-form';
import { ErrorNote, Modal, PageTitle, Text, when } from '../ui/kit';
import { UrlPager } from '../ui/url-state';
import { VirtualButtonList } from '../ui/virtual';

const route = getRouteApi('/artifacts');

const FILTERS: FilterField<'q' | 'namespace' | 'subjectId' | 'type'>[] = [
  { key: 'q', label: 'Search this page' },
  { key: 'namespace', label: 'Namespace' },
  { key: 'subjectId', label: 'Subject' },
  { key: 'type', label: 'Type', options: ARTIFACT_TYPES },
];

function Detail({ id, onClose }: { id: string; onClose: () => void }) {
  const artifact = useQuery({ queryKey: ['artifact', id], queryFn: async () => await hx.artifacts.get({ id }) });
  const a = artifact.data;
  return (
    <Modal open side title={a?.title ?? 'Artifact'} onClose={onClose}>
      <ErrorNote error={artifact.error} />
      {a ? (
        <div className="space-y-4 text-sm">
          <p className="muted">
            {a.type} · {a.status} · version {a.version} · confidence {a.confidence.toFixed(2)} · {a.evidenceCount}{' '}
            evidence
          </p>
          <pre className="code whitespace-pre-wrap">{a.markdown}</pre>
          <section>
            <h3 className="font-semibold">Built from memories</h3>
            <ul className="list-inside list-disc font-mono text-xs">
              {a.sourceMemories.map((m) => (
                <li key={m}>{m}</li>
              ))}
            </ul>
            <h3 className="mt-2 font-semibold">and events</h3>
            <ul className="list-inside list-disc font-mono text-xs">
              {a.sourceEvents.map((e) => (
                <li key={e}>{e}</li>
              ))}
            </ul>
          </section>
        </div>
      ) : null}
    </Modal>
  );
}

function List() {
  const search = route.useSearch();
  const navigate = useNavigate({ from: '/artifacts' });
  const query = { namespace: search.namespace, type: search.type, status: search.status, subjectId: search.subjectId };
  const list = useQuery({
    queryKey: ['artifacts', query, search.cursor],
    queryFn: async () => {
      const page = await hx.artifacts.list({ ...(query as object), limit: 100, cursor: search.cursor });
      return { items: page.items, pagination: page.pagination };
    },
    placeholderData: keepPreviousData,
  });
  const needle = search.q?.toLowerCase();
  const items = (list.data?.items ?? []).filter(
    (a) => !needle || `${a.title}\n${a.markdown}`.toLowerCase().includes(needle),
  );
  return (
    <div className="space-y-4">
      <FilterForm
        key={JSON.stringify(search)}
        label="Filter artifacts"
        fields={FILTERS}
        search={search}
        onApply={(values) => void navigate({ search: { ...values, cursor: undefined, id: undefined } })}
      />
      <ErrorNote error={list.error} />
      {items.length === 0 && !list.isPending ? (
        <p className="card text-sm">No artifact here yet: learn jobs compile them from memories.</p>
      ) : null}
      {items.length > 0 ? (
        <VirtualButtonList
          label="Artifacts on this page"
          items={items}
          itemKey={(a) => a.id}
          onOpen={(a) => void navigate({ search: { ...search, id: a.id } })}
        >
          {(a) => (
            <>
              <span className="block font-medium">
                <Text>{a.title}</Text>
              </span>
              <span className="muted block text-xs">
                {a.type} · {a.status} · v{a.version} · {a.namespace} · {when(a.updatedAt)}
              </span>
            </>
          )}
        </VirtualButtonList>
      ) : null}
      <UrlPager next={list.data?.pagination} />
      {search.id ? (
        <Detail id={search.id} onClose={() => void navigate({ search: { ...search, id: undefined } })} />
      ) : null}
    </div>
  );
}

export function ArtifactsPage() {
  return (
    <div className="max-w-5xl">
      <PageTitle lead="Procedures, decisions, failures and digests compiled from memories.">Artifacts</PageTitle>
      <KeyGate>
        <List />
      </KeyGate>
    </div>
  );
}

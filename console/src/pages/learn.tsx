/**
 * Learn jobs: start one, and the past jobs newest first (GET /v1/learn/jobs) with status, duration and
 * what each created or changed; status filter and cursor in the URL. While a job on the page is queued
 * or running, the page refreshes itself.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { hx } from '../api';
import { KeyGate } from '../ui/browse-key';
import { type Column, DataTable, duration } from '../ui/data-table';
import { ErrorNote, Field, PageTitle, SelectField, when } from '../ui/kit';
import { UrlPager } from '../ui/url-state';

const route = getRouteApi('/learn');
type Job = Awaited<ReturnType<typeof hx.learn.listJobs>>['items'][number];
type Status = Job['status'];
const STATUSES: Status[] = ['queued', 'running', 'completed', 'failed'];

const COLUMNS: Column<Job>[] = [
  { header: 'Job', cell: (j) => j.id, className: 'font-mono text-xs' },
  { header: 'Status', cell: (j) => (j.error ? `${j.status}: ${j.error}` : j.status) },
  { header: 'Scope', cell: (j) => [j.scope, j.filters.namespace].filter(Boolean).join(' · ') },
  { header: 'Created', cell: (j) => when(j.createdAt) },
  { header: 'Duration', cell: (j) => duration(j.startedAt, j.finishedAt) },
  { header: 'Events', cell: (j) => j.stats.eventsProcessed },
  {
    header: 'Memories',
    cell: (j) =>
      `${j.stats.memoriesCreated} created, ${j.stats.memoriesMerged} merged, ${j.stats.memoriesSuperseded} superseded`,
  },
  { header: 'Artifacts', cell: (j) => `${j.artifacts.created} created, ${j.artifacts.updated} updated` },
];

function Start() {
  const queryClient = useQueryClient();
  const [scope, setScope] = useState<'incremental' | 'full'>('incremental');
  const start = useMutation({
    mutationFn: async () => await hx.learn({ scope }),
    onSuccess: async () => await queryClient.invalidateQueries({ queryKey: ['learn-jobs'] }),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    start.mutate();
  };
  return (
    <form onSubmit={submit} className="card flex flex-wrap items-end gap-3" aria-label="Start a learn job">
      <SelectField
        label="Scope"
        value={scope}
        options={[
          ['incremental', 'incremental (new events only)'],
          ['full', 'full (every event again)'],
        ]}
        onChange={setScope}
      />
      <button type="submit" className="btn-primary" disabled={start.isPending}>
        Start learn job
      </button>
      <ErrorNote error={start.error} />
    </form>
  );
}

function Jobs() {
  const search = route.useSearch();
  const navigate = useNavigate({ from: '/learn' });
  const status = STATUSES.find((s) => s === search.status);
  const jobs = useQuery({
    queryKey: ['learn-jobs', status, search.cursor],
    queryFn: async () => {
      const page = await hx.learn.listJobs({ limit: 50, status, cursor: search.cursor });
      return { items: page.items, pagination: page.pagination };
    },
    placeholderData: keepPreviousData,
    refetchInterval: (q) =>
      q.state.data?.items.some((j) => j.status === 'queued' || j.status === 'running') ? 1000 : false,
  });
  return (
    <section aria-labelledby="jobs-title" className="space-y-3">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id="jobs-title" className="text-lg font-semibold">
          Past jobs
        </h2>
        <Field label="Status">
          {(id) => (
            <select
              id={id}
              className="input"
              value={status ?? ''}
              onChange={(e) => void navigate({ search: { status: e.target.value || undefined } })}
            >
              <option value="">any</option>
              {STATUSES.map((s) => (
                <option key={s}>{s}</option>
              ))}
            </select>
          )}
        </Field>
      </div>
      <ErrorNote error={jobs.error} />
      <DataTable
        label="Learn jobs"
        rows={jobs.data?.items}
        columns={COLUMNS}
        rowKey={(j) => j.id}
        testId="learn-jobs"
        empty="No learn job yet. Start one above, or let your agents call learn."
      />
      <UrlPager next={jobs.data?.pagination} />
    </section>
  );
}

export function LearnPage() {
  return (
    <div className="max-w-6xl">
      <PageTitle lead="Learn jobs compile captured events into memories and artifacts.">Learn jobs</PageTitle>
      <KeyGate>
        <div className="space-y-8">
          <Start />
          <Jobs />
        </div>
      </KeyGate>
    </div>
  );
}

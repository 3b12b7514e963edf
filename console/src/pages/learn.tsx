/**
 * Learn jobs: start one and follow it (status, duration, what it created or changed). The API has no
 * route that lists past jobs, so the timeline holds the jobs started or looked up in this tab.
 */
import { useMutation, useQueries } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { hx } from '../api';
import { KeyGate } from '../ui/browse-key';
import { ErrorNote, Field, PageTitle, when } from '../ui/kit';

function duration(start: string | null, end: string | null): string {
  if (!start) return '—';
  const ms = (end ? Date.parse(end) : Date.now()) - Date.parse(start);
  return ms < 1000 ? `${ms} ms` : `${(ms / 1000).toFixed(1)} s`;
}

function Learn() {
  const [ids, setIds] = useState<string[]>([]);
  const [scope, setScope] = useState<'incremental' | 'full'>('incremental');
  const [lookup, setLookup] = useState('');
  const start = useMutation({
    mutationFn: async () => await hx.learn({ scope }),
    onSuccess: (job) => setIds((list) => [job.id, ...list.filter((id) => id !== job.id)]),
  });
  const jobs = useQueries({
    queries: ids.map((id) => ({
      queryKey: ['learn-job', id],
      queryFn: async () => await hx.learn.getJob({ id }),
      refetchInterval: (q: { state: { data?: { status: string } } }) =>
        q.state.data && (q.state.data.status === 'completed' || q.state.data.status === 'failed') ? false : 1000,
    })),
  });
  const submitStart = (e: FormEvent) => {
    e.preventDefault();
    start.mutate();
  };
  const submitLookup = (e: FormEvent) => {
    e.preventDefault();
    const id = lookup.trim();
    if (id) setIds((list) => [id, ...list.filter((x) => x !== id)]);
    setLookup('');
  };
  return (
    <div className="space-y-6">
      <div className="grid gap-4 md:grid-cols-2">
        <form onSubmit={submitStart} className="card flex items-end gap-3" aria-label="Start a learn job">
          <Field label="Scope">
            {(id) => (
              <select
                id={id}
                className="input"
                value={scope}
                onChange={(e) => setScope(e.target.value as 'incremental' | 'full')}
              >
                <option value="incremental">incremental (new events only)</option>
                <option value="full">full (every event again)</option>
              </select>
            )}
          </Field>
          <button type="submit" className="btn-primary" disabled={start.isPending}>
            Start learn job
          </button>
        </form>
        <form onSubmit={submitLookup} className="card flex items-end gap-3" aria-label="Look up a job">
          <div className="flex-1">
            <Field label="Job id">
              {(id) => (
                <input id={id} className="input font-mono" value={lookup} onChange={(e) => setLookup(e.target.value)} />
              )}
            </Field>
          </div>
          <button type="submit" className="btn">
            Look up
          </button>
        </form>
      </div>
      <ErrorNote error={start.error} />
      {ids.length === 0 ? <p className="muted text-sm">No job in this tab yet.</p> : null}
      <ol className="space-y-3">
        {jobs.map((q, i) => {
          const job = q.data;
          return (
            <li key={ids[i]} className="card text-sm">
              <ErrorNote error={q.error} />
              {job ? (
                <>
                  <p className="font-medium">
                    <span className="font-mono">{job.id}</span> · {job.status} · {job.scope}
                  </p>
                  <p className="muted text-xs">
                    created {when(job.createdAt)} · ran {duration(job.startedAt, job.finishedAt)}
                  </p>
                  <p className="mt-1">
                    {job.stats.eventsProcessed} events → {job.stats.memoriesCreated} memories created,{' '}
                    {job.stats.memoriesMerged} merged, {job.stats.memoriesSuperseded} superseded · artifacts{' '}
                    {job.artifacts.created} created, {job.artifacts.updated} updated
                  </p>
                  {job.error ? <p className="text-red-800 dark:text-red-300">{job.error}</p> : null}
                </>
              ) : (
                <p className="muted">Loading {ids[i]}…</p>
              )}
            </li>
          );
        })}
      </ol>
    </div>
  );
}

export function LearnPage() {
  return (
    <div className="max-w-5xl">
      <PageTitle lead="Learn jobs compile captured events into memories and artifacts.">Learn jobs</PageTitle>
      <KeyGate>
        <Learn />
      </KeyGate>
    </div>
  );
}

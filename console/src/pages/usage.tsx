/** Usage (with the browsing key) and the server's health (public): plan, events, jobs, database, Redis. */
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { hx, serverVersion } from '../api';
import { KeyGate } from '../ui/browse-key';
import { ErrorNote, Field, PageTitle, when } from '../ui/kit';

function Stat({ label, value }: { label: string; value: string | number }) {
  return (
    <div className="card">
      <dt className="muted text-xs">{label}</dt>
      <dd className="text-xl font-semibold">{value}</dd>
    </div>
  );
}

function Usage() {
  const [period, setPeriod] = useState<'1h' | '24h' | '7d' | '30d'>('24h');
  const usage = useQuery({ queryKey: ['usage', period], queryFn: async () => await hx.usage.get({ period }) });
  const u = usage.data;
  return (
    <section aria-labelledby="usage-title" className="space-y-3">
      <div className="flex items-end gap-3">
        <h2 id="usage-title" className="font-semibold">
          Usage
        </h2>
        <Field label="Period">
          {(id) => (
            <select
              id={id}
              className="input"
              value={period}
              onChange={(e) => setPeriod(e.target.value as typeof period)}
            >
              <option value="1h">last hour</option>
              <option value="24h">last 24 hours</option>
              <option value="7d">last 7 days</option>
              <option value="30d">last 30 days</option>
            </select>
          )}
        </Field>
      </div>
      <ErrorNote error={usage.error} />
      {u ? (
        <dl className="grid grid-cols-2 gap-3 md:grid-cols-4">
          <Stat label="Plan" value={u.quota.plan} />
          <Stat label="Events this period" value={u.usage.events.ingested} />
          <Stat label="Duplicates" value={u.usage.events.duplicates} />
          <Stat label="Learn jobs (failed)" value={`${u.usage.compilations.total} (${u.usage.compilations.failed})`} />
          <Stat label="Syntheses" value={u.usage.syntheses.total} />
          <Stat label="Memories (active)" value={`${u.memories.total} (${u.memories.active})`} />
          <Stat label="Artifacts" value={u.artifacts.total} />
          <Stat label="Quota resets" value={when(u.quota.resetDate)} />
        </dl>
      ) : null}
    </section>
  );
}

export function UsagePage() {
  const health = useQuery({
    queryKey: ['health'],
    queryFn: async () => await hx.ops.health(),
    refetchInterval: 10_000,
  });
  const h = health.data as
    | { status: string; version: string; postgres: string; redis: string; uptime: number }
    | undefined;
  return (
    <div className="max-w-5xl space-y-8">
      <PageTitle lead="What this tenant used, and how the server is.">Usage and health</PageTitle>
      <section aria-labelledby="health-title" className="space-y-3">
        <h2 id="health-title" className="font-semibold">
          Health
        </h2>
        <ErrorNote error={health.error} />
        {h ? (
          <dl className="grid grid-cols-2 gap-3 md:grid-cols-5" data-testid="health">
            <Stat label="Status" value={h.status} />
            <Stat label="Version" value={h.version || serverVersion} />
            <Stat label="Database" value={h.postgres} />
            <Stat label="Redis" value={h.redis} />
            <Stat label="Up for" value={`${Math.round(h.uptime)} s`} />
          </dl>
        ) : null}
      </section>
      <KeyGate>
        <Usage />
      </KeyGate>
    </div>
  );
}

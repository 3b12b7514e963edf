/** Usage (with the browsing key, totals and charts over time) and the server's health (public): plan, events, jobs, database, Redis. */
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { hx, serverVersion } from '../api';
import { KeyGate } from '../ui/browse-key';
import { type ChartSeries, TimeChart } from '../ui/chart';
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
  const charts = useMemo(() => {
    if (!u) return null;
    type Point = (typeof u.series)[number];
    const pick = (f: (p: Point) => number) => u.series.map(f);
    const indigo = { light: '#4338ca', dark: '#a5b4fc' };
    const teal = { light: '#0f766e', dark: '#5eead4' };
    const amber = { light: '#b45309', dark: '#fcd34d' };
    const times = u.series.map((p) => p.start);
    const charts: { title: string; testId: string; series: ChartSeries[] }[] = [
      {
        title: 'Events captured',
        testId: 'chart-events',
        series: [{ label: 'Events', values: pick((p) => p.events), color: indigo }],
      },
      {
        title: 'Learn jobs and syntheses',
        testId: 'chart-work',
        series: [
          { label: 'Learn jobs', values: pick((p) => p.compilations), color: teal },
          { label: 'Syntheses', values: pick((p) => p.syntheses), color: amber },
        ],
      },
      {
        title: 'Tokens synthesized',
        testId: 'chart-tokens',
        series: [{ label: 'Tokens', values: pick((p) => p.tokensUsed), color: amber }],
      },
    ];
    return { times, charts };
  }, [u]);
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
      {u && charts ? (
        <div className="grid gap-3 lg:grid-cols-2" data-testid="usage-charts">
          {charts.charts.map((c) => (
            <TimeChart
              key={c.testId}
              title={c.title}
              times={charts.times}
              series={c.series}
              granularity={u.period.granularity}
              testId={c.testId}
            />
          ))}
        </div>
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

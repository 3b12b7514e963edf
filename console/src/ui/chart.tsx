/**
 * A time-series chart (uPlot on a canvas) with its numbers as a table for keyboard and screen-reader
 * users. Imported only by the usage page, whose chunk is loaded on navigation, so uPlot is not in the
 * first load. uPlot styles its elements through the CSSOM (element.style), which `style-src 'self'`
 * allows; its stylesheet is bundled as a file.
 */
import { useEffect, useRef, useState } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { type Column, DataTable } from './data-table';

export interface ChartSeries {
  label: string;
  values: number[];
  /** Tailwind-like colours for the light and the dark theme. */
  color: { light: string; dark: string };
}

const themeOf = (): 'light' | 'dark' => (document.documentElement.dataset.theme === 'dark' ? 'dark' : 'light');

/** Re-renders when the <html data-theme> switches, so the canvas is redrawn in the new colours. */
function useTheme() {
  const [theme, setTheme] = useState(themeOf);
  useEffect(() => {
    const observer = new MutationObserver(() => setTheme(themeOf()));
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
    return () => observer.disconnect();
  }, []);
  return theme;
}

export function TimeChart({
  title,
  times,
  series,
  granularity,
  testId,
}: {
  title: string;
  /** Bucket starts, ISO. */
  times: string[];
  series: ChartSeries[];
  granularity: 'minute' | 'hour' | 'day';
  testId?: string;
}) {
  const box = useRef<HTMLDivElement>(null);
  const theme = useTheme();
  const total = series.map((s) => s.values.reduce((a, v) => a + v, 0));

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const axis = theme === 'dark' ? '#cbd5e1' : '#334155';
    const grid = theme === 'dark' ? '#334155' : '#e2e8f0';
    const x = times.map((t) => Date.parse(t) / 1000);
    const plot = new uPlot(
      {
        width: Math.max(280, el.clientWidth),
        height: 180,
        legend: { show: series.length > 1 },
        cursor: { drag: { x: false, y: false } },
        scales: { x: { time: true }, y: { range: (_u, _min, max) => [0, Math.max(1, max)] } },
        axes: [
          { stroke: axis, grid: { stroke: grid, width: 1 }, ticks: { stroke: grid } },
          { stroke: axis, grid: { stroke: grid, width: 1 }, ticks: { stroke: grid }, size: 48 },
        ],
        series: [
          {},
          ...series.map((s) => ({
            label: s.label,
            stroke: s.color[theme],
            width: 2,
            fill: `${s.color[theme]}22`,
            points: { show: x.length <= 60 },
          })),
        ],
      },
      [x, ...series.map((s) => s.values)],
      el,
    );
    // The canvas says nothing to assistive technology: the caption and the table below do.
    for (const canvas of el.querySelectorAll('canvas')) canvas.setAttribute('aria-hidden', 'true');
    const resize = new ResizeObserver(() => plot.setSize({ width: Math.max(280, el.clientWidth), height: 180 }));
    resize.observe(el);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [times, series, theme]);

  const label = (iso: string) => {
    const d = new Date(iso);
    return granularity === 'day'
      ? d.toLocaleDateString()
      : granularity === 'hour'
        ? d.toLocaleString([], { dateStyle: 'short', timeStyle: 'short' })
        : d.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
  };
  const rows = times.map((t, i) => ({ t, i }));
  const columns: Column<{ t: string; i: number }>[] = [
    { header: granularity === 'day' ? 'Day' : granularity === 'hour' ? 'Hour' : 'Minute', cell: (r) => label(r.t) },
    ...series.map((s) => ({ header: s.label, cell: (r: { i: number }) => s.values[r.i] ?? 0 })),
  ];
  return (
    <figure className="card space-y-2" data-testid={testId}>
      <figcaption className="text-sm font-semibold">
        {title}{' '}
        <span className="muted font-normal">
          ({series.map((s, i) => `${s.label}: ${total[i]}`).join(', ')}, by {granularity})
        </span>
      </figcaption>
      <div ref={box} className="hx-chart" />
      <details>
        <summary className="muted cursor-pointer text-xs">The numbers</summary>
        <DataTable
          label={`${title}, by ${granularity}`}
          rows={rows.filter((r) => series.some((s) => (s.values[r.i] ?? 0) > 0))}
          columns={columns}
          rowKey={(r) => r.t}
          empty={`Nothing in this period.`}
        />
      </details>
    </figure>
  );
}

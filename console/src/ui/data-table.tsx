/**
 * The one table of the console: a caption for assistive technology, a header per column, a row per
 * item, an empty state. Pages give columns as (header, cell) pairs; cells render stored text as text.
 * Rows are windowed (ui/virtual.tsx): only those in view are in the DOM, the header stays on top, and
 * aria-rowcount / aria-rowindex tell assistive technology where a row sits in the whole table.
 */
import type { ReactNode } from 'react';
import { ScrollRegion, useWindow } from './virtual';

export interface Column<T> {
  header: string;
  cell: (row: T) => ReactNode;
  className?: string;
}

export function DataTable<T>({
  label,
  rows,
  columns,
  rowKey,
  empty,
  testId,
}: {
  label: string;
  rows: readonly T[] | undefined;
  columns: readonly Column<T>[];
  rowKey: (row: T) => string;
  empty: ReactNode;
  testId?: string;
}) {
  const win = useWindow(rows?.length ?? 0, 37);
  if (!rows) return null;
  if (rows.length === 0) return <p className="card muted text-sm">{empty}</p>;
  return (
    <ScrollRegion label={label} win={win}>
      <table className="table" data-testid={testId} aria-rowcount={rows.length + 1}>
        <caption className="sr-only">{label}</caption>
        <thead className="sticky top-0 z-10 bg-white dark:bg-slate-950">
          <tr aria-rowindex={1}>
            {columns.map((c) => (
              <th key={c.header} scope="col">
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {win.pieces.map((p) => {
            if ('spacer' in p)
              return (
                // biome-ignore lint/a11y/noAriaHiddenOnFocusable: a spacer row, nothing in it to focus or read
                <tr key={p.key} aria-hidden="true">
                  <td colSpan={columns.length} className="!border-0 !p-0" style={{ height: p.spacer }} />
                </tr>
              );
            const row = rows[p.index] as T;
            return (
              <tr key={rowKey(row)} data-index={p.index} ref={win.measure} aria-rowindex={p.index + 2}>
                {columns.map((c) => (
                  <td key={c.header} className={c.className}>
                    {c.cell(row)}
                  </td>
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>
    </ScrollRegion>
  );
}

/** Milliseconds between two instants (or since `start`), as people read them. */
export function duration(start: string | null | undefined, end: string | null | undefined): string {
  if (!start) return '—';
  const ms = (end ? Date.parse(end) : Date.now()) - Date.parse(start);
  if (ms < 1000) return `${ms} ms`;
  return ms < 60_000
    ? `${(ms / 1000).toFixed(1)} s`
    : `${Math.floor(ms / 60_000)} min ${Math.round((ms % 60_000) / 1000)} s`;
}

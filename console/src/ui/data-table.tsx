/**
 * The one table of the console: a caption for assistive technology, a header per column, a row per
 * item, an empty state. Pages give columns as (header, cell) pairs; cells render stored text as text.
 */
import type { ReactNode } from 'react';

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
  if (!rows) return null;
  if (rows.length === 0) return <p className="card muted text-sm">{empty}</p>;
  return (
    <div className="overflow-x-auto">
      <table className="table" data-testid={testId}>
        <caption className="sr-only">{label}</caption>
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c.header} scope="col">
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)}>
              {columns.map((c) => (
                <td key={c.header} className={c.className}>
                  {c.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
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

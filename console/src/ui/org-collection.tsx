/**
 * An organization's named collection (teams, agents): the list as a table, a create-by-name form, and
 * per row an edit form (when the page gives one) and a delete behind a confirmation. Pages give only what differs: the calls and the columns.
 */
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { CreateByName, DeleteAction } from './actions';
import { type Column, DataTable } from './data-table';
import { ErrorNote } from './kit';

export interface CollectionSpec<T extends { id: string; name: string }> {
  /** Plural, lower case: "teams". */
  what: string;
  /** Singular, capitalised: "Team". */
  one: string;
  list: (orgId: string) => Promise<T[]>;
  create: (orgId: string, name: string) => PromiseLike<unknown>;
  remove: (orgId: string, id: string) => PromiseLike<unknown>;
  columns: Column<T>[];
  empty: ReactNode;
  deleteNote: ReactNode;
  /** The row's edit button and form (ui/actions.tsx EditAction), when the API can change one. */
  edit?: (orgId: string, row: T) => ReactNode;
}

export function OrgCollection<T extends { id: string; name: string }>({
  orgId,
  spec,
}: {
  orgId: string;
  spec: CollectionSpec<T>;
}) {
  const key = [spec.what, orgId];
  const rows = useQuery({ queryKey: key, queryFn: () => spec.list(orgId) });
  const columns: Column<T>[] = [
    ...spec.columns,
    {
      header: 'Actions',
      cell: (row) => (
        <div className="flex gap-2">
          {spec.edit?.(orgId, row)}
          <DeleteAction
            name={row.name}
            title={`Delete ${spec.one.toLowerCase()} ${row.name}?`}
            remove={() => spec.remove(orgId, row.id)}
            invalidate={key}
          >
            {spec.deleteNote}
          </DeleteAction>
        </div>
      ),
    },
  ];
  return (
    <div className="space-y-4">
      <CreateByName
        label={`New ${spec.one.toLowerCase()}`}
        action={`Create ${spec.one.toLowerCase()}`}
        create={(name) => spec.create(orgId, name)}
        invalidate={key}
      />
      <ErrorNote error={rows.error} />
      <DataTable
        label={spec.what}
        rows={rows.data}
        columns={columns}
        rowKey={(r) => r.id}
        empty={spec.empty}
        testId={`${spec.what}-table`}
      />
    </div>
  );
}

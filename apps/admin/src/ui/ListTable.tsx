// A list fetched from the server as a table: its error with a retry in the table's place, else the header
// and one of a loading row, an empty row or the items' rows.
import type { ReactNode } from 'react';
import { EmptyRow, ErrorNote, LoadingRow } from './kit.tsx';

export type Column = { label: string; className?: string };

export function ListTable<T>({
  query,
  columns,
  empty,
  items,
  row,
}: {
  query: { error: unknown; isPending: boolean; refetch: () => unknown };
  columns: Column[];
  /** Shown in place of the rows when `items` is empty. */
  empty: string;
  /** The loaded items; undefined while loading. */
  items: readonly T[] | undefined;
  row: (item: T) => ReactNode;
}) {
  if (query.error) return <ErrorNote error={query.error} onRetry={() => void query.refetch()} />;
  return (
    <div className="table-wrap">
      <table className="table">
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c.label} scope="col" className={c.className}>
                {c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {query.isPending ? (
            <LoadingRow columns={columns.length} />
          ) : items?.length === 0 ? (
            <EmptyRow columns={columns.length} text={empty} />
          ) : (
            items?.map((item) => row(item))
          )}
        </tbody>
      </table>
    </div>
  );
}

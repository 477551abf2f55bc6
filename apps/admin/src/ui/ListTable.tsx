// A list fetched from the server as a table: its error with a retry in the table's place, else the header
// and one of a loading row, an empty row or the items' rows. On a phone (admin.css, ≤ 760 px) each row is
// a card: every cell under its column's label, the actions at the foot of the card and never off-screen.
import { useLayoutEffect, useRef, type ReactNode } from 'react';
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
  const body = useRef<HTMLTableSectionElement>(null);
  // The card layout names each cell by its column (CSS `attr(data-label)`). Rows come from each screen's own
  // `row`, so the labels are put on the cells here, after every render, rather than asked of every screen;
  // a row that spans the table (details, loading, empty) is not a row of cells and keeps none.
  useLayoutEffect(() => {
    for (const tr of body.current?.rows ?? []) {
      if (tr.cells.length !== columns.length) continue;
      [...tr.cells].forEach((cell, i) => {
        const label = columns[i]?.label ?? '';
        if (cell.dataset.label !== label) cell.dataset.label = label;
      });
    }
  });
  if (query.error) return <ErrorNote error={query.error} onRetry={() => void query.refetch()} />;
  return (
    <div className="table-wrap">
      <table className="table table-cards">
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c.label} scope="col" className={c.className}>
                {c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody ref={body}>
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

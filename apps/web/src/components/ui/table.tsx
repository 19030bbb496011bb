import type { ReactNode } from 'react';
import { EmptyState } from './empty-state';
import { Pagination } from './pagination';
import { Skeleton } from './skeleton';

export interface Column<Row> {
  key: string;
  header: ReactNode;
  cell: (row: Row) => ReactNode;
  align?: 'left' | 'right';
}

/**
 * A data table with loading, empty ('No records found', seed 001 section 8) and paged states. On
 * phones it scrolls sideways instead of squeezing columns.
 */
export function Table<Row>({
  columns,
  rows,
  rowKey,
  loading = false,
  emptyText = 'No records found',
  page,
  pageCount,
  onPageChange,
  caption,
}: {
  columns: readonly Column<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string | number;
  loading?: boolean;
  emptyText?: string;
  page?: number;
  pageCount?: number;
  onPageChange?: (page: number) => void;
  caption?: string;
}) {
  if (loading) {
    return (
      <div className="flex flex-col gap-2" aria-busy="true">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} className="h-11" />
        ))}
      </div>
    );
  }
  if (rows.length === 0) return <EmptyState title={emptyText} />;
  return (
    <div>
      <div className="overflow-x-auto rounded-2xl border border-night-600/70 scrollbar-thin">
        <table className="w-full min-w-[560px] border-collapse text-sm">
          {caption ? <caption className="sr-only">{caption}</caption> : null}
          <thead className="bg-night-800 text-xs tracking-wide text-ink-muted uppercase">
            <tr>
              {columns.map((column) => (
                <th key={column.key} scope="col" className={`px-4 py-3 font-bold ${column.align === 'right' ? 'text-right' : 'text-left'}`}>
                  {column.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={rowKey(row)} className="border-t border-night-700/80 odd:bg-night-900/40 hover:bg-night-800/60">
                {columns.map((column) => (
                  <td key={column.key} className={`px-4 py-3 ${column.align === 'right' ? 'text-right tabular-nums' : ''}`}>
                    {column.cell(row)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {page !== undefined && pageCount !== undefined && onPageChange ? (
        <Pagination page={page} pageCount={pageCount} onPageChange={onPageChange} />
      ) : null}
    </div>
  );
}

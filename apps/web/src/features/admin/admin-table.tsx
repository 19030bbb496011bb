import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

export interface AdminColumn<Row> {
  key: string;
  header: ReactNode;
  cell: (row: Row) => ReactNode;
  align?: 'left' | 'right';
  className?: string;
}

/**
 * A dense table for operators: small type, tight rows, sticky header, sideways scroll on a phone
 * rather than squeezed columns. Loading, empty and failed states are words in the table's place.
 */
export function AdminTable<Row>({
  caption,
  columns,
  rows,
  rowKey,
  loading = false,
  error,
  emptyText = 'Nothing to show.',
  footer,
  minWidth = 560,
}: {
  caption: string;
  /** Below this width (px) the table scrolls sideways instead of wrapping every cell. */
  minWidth?: number;
  columns: readonly AdminColumn<Row>[];
  rows: readonly Row[] | undefined;
  rowKey: (row: Row) => string | number;
  loading?: boolean;
  error?: string | null | undefined;
  emptyText?: string;
  footer?: ReactNode;
}) {
  let state: ReactNode = null;
  if (error)
    state = (
      <p role="alert" className="text-danger">
        {error}
      </p>
    );
  else if (loading && !rows) state = <p className="text-ink-muted">Loading…</p>;
  else if (!rows || rows.length === 0) state = <p className="text-ink-muted">{emptyText}</p>;
  return (
    <div className="flex flex-col gap-2">
      <div className="overflow-x-auto rounded-lg border border-night-600/80 bg-night-900/70 scrollbar-thin">
        <table className="w-full border-collapse text-left text-xs" style={{ minWidth }}>
          <caption className="sr-only">{caption}</caption>
          <thead className="sticky top-0 bg-night-800 text-[11px] tracking-wide text-ink-muted uppercase">
            <tr>
              {columns.map((column) => (
                <th
                  key={column.key}
                  scope="col"
                  className={cn('px-2.5 py-2 font-semibold whitespace-nowrap', column.align === 'right' && 'text-right')}
                >
                  {column.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {state ? (
              <tr>
                <td colSpan={columns.length} className="px-2.5 py-4">
                  {state}
                </td>
              </tr>
            ) : (
              rows!.map((row) => (
                <tr key={rowKey(row)} className="border-t border-night-700/70 align-top odd:bg-night-850/60 hover:bg-night-700/40">
                  {columns.map((column) => (
                    <td
                      key={column.key}
                      className={cn(
                        'px-2.5 py-1.5',
                        column.align === 'right' && 'text-right tabular-nums whitespace-nowrap',
                        column.className,
                      )}
                    >
                      {column.cell(row)}
                    </td>
                  ))}
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
      {footer}
    </div>
  );
}

/** Previous / next with 'page x of y, n rows', for the dense tables. */
export function Pager({ page, limit, count, onPage }: { page: number; limit: number; count: number; onPage: (page: number) => void }) {
  const pages = Math.max(1, Math.ceil(count / limit));
  if (count <= limit && page === 1) return <p className="text-xs text-ink-faint">{count === 1 ? '1 row' : `${count} rows`}</p>;
  return (
    <nav aria-label="Pages" className="flex items-center gap-2 text-xs text-ink-muted">
      <button
        type="button"
        className="cursor-pointer rounded border border-night-600 px-2 py-1 hover:border-gold-400 disabled:cursor-not-allowed disabled:opacity-40"
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
      >
        Previous
      </button>
      <span>
        Page {page} of {pages} · {count} rows
      </span>
      <button
        type="button"
        className="cursor-pointer rounded border border-night-600 px-2 py-1 hover:border-gold-400 disabled:cursor-not-allowed disabled:opacity-40"
        disabled={page >= pages}
        onClick={() => onPage(page + 1)}
      >
        Next
      </button>
    </nav>
  );
}

import { cn } from '../../lib/cn';

/**
 * Page numbers with 2 margin pages at each end and a 5-page range around the current page
 * (seed 001 section 2), gaps shown as an ellipsis. Pages are 1-based.
 */
export function pageItems(current: number, total: number, margin = 2, range = 5): (number | 'gap')[] {
  if (total <= 0) return [];
  const pages = new Set<number>();
  for (let page = 1; page <= Math.min(margin, total); page += 1) pages.add(page);
  for (let page = Math.max(1, total - margin + 1); page <= total; page += 1) pages.add(page);
  let start = Math.max(1, current - Math.floor(range / 2));
  const end = Math.min(total, start + range - 1);
  start = Math.max(1, end - range + 1);
  for (let page = start; page <= end; page += 1) pages.add(page);
  const sorted = [...pages].sort((a, b) => a - b);
  const items: (number | 'gap')[] = [];
  sorted.forEach((page, i) => {
    const previous = sorted[i - 1];
    if (previous !== undefined && page - previous > 1) items.push('gap');
    items.push(page);
  });
  return items;
}

export function Pagination({ page, pageCount, onPageChange }: { page: number; pageCount: number; onPageChange: (page: number) => void }) {
  if (pageCount <= 1) return null;
  const button = 'h-9 min-w-9 cursor-pointer rounded-lg px-2 text-sm font-bold transition disabled:cursor-not-allowed disabled:opacity-40';
  return (
    <nav aria-label="Pagination" className="flex flex-wrap items-center justify-center gap-1.5 pt-4">
      <button
        type="button"
        className={cn(button, 'text-ink-muted hover:bg-night-700')}
        disabled={page <= 1}
        onClick={() => onPageChange(page - 1)}
        aria-label="Previous page"
      >
        ‹
      </button>
      {pageItems(page, pageCount).map((item, i) =>
        item === 'gap' ? (
          <span key={`gap-${i}`} className="px-1 text-ink-faint" aria-hidden="true">
            …
          </span>
        ) : (
          <button
            key={item}
            type="button"
            aria-current={item === page ? 'page' : undefined}
            aria-label={`Page ${item}`}
            onClick={() => onPageChange(item)}
            className={cn(button, item === page ? 'bg-gold-500 text-night-950' : 'text-ink-muted hover:bg-night-700 hover:text-ink')}
          >
            {item}
          </button>
        ),
      )}
      <button
        type="button"
        className={cn(button, 'text-ink-muted hover:bg-night-700')}
        disabled={page >= pageCount}
        onClick={() => onPageChange(page + 1)}
        aria-label="Next page"
      >
        ›
      </button>
    </nav>
  );
}

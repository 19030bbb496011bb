import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

export function EmptyState({ title, children, className }: { title: string; children?: ReactNode; className?: string }) {
  return (
    <div
      className={cn(
        'flex flex-col items-center justify-center gap-3 rounded-2xl border border-dashed border-night-600 px-6 py-14 text-center',
        className,
      )}
    >
      <svg viewBox="0 0 48 48" className="h-12 w-12 text-night-500" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
        <rect x="8" y="12" width="32" height="26" rx="4" />
        <path d="M16 12V9a2 2 0 0 1 2-2h12a2 2 0 0 1 2 2v3M18 25h12" />
      </svg>
      <p className="text-lg font-bold text-ink">{title}</p>
      {children ? <div className="text-sm text-ink-muted">{children}</div> : null}
    </div>
  );
}

import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

/** A failure in words, where the operator is looking (never only a colour or a toast). */
export function ErrorNotice({ children, className }: { children: ReactNode; className?: string }) {
  if (!children) return null;
  return (
    <p role="alert" className={cn('rounded-md border border-danger/50 bg-danger/10 px-3 py-2 text-sm text-danger', className)}>
      {children}
    </p>
  );
}

export function SuccessNotice({ children }: { children: ReactNode }) {
  if (!children) return null;
  return (
    <p role="status" className="rounded-md border border-emerald-sc/40 bg-emerald-sc/10 px-3 py-2 text-sm text-emerald-sc">
      {children}
    </p>
  );
}

/** A small label: a state (restricted, blocked, active) or a role. */
export function Tag({ tone = 'neutral', children }: { tone?: 'neutral' | 'danger' | 'warning' | 'ok'; children: ReactNode }) {
  const tones = {
    neutral: 'border-night-500 text-ink-muted',
    danger: 'border-danger/60 bg-danger/10 text-danger',
    warning: 'border-gold-500/60 bg-gold-500/10 text-gold-300',
    ok: 'border-emerald-sc/50 bg-emerald-sc/10 text-emerald-sc',
  } as const;
  return (
    <span
      className={cn(
        'inline-flex items-center rounded border px-1.5 py-px text-[11px] font-semibold whitespace-nowrap uppercase',
        tones[tone],
      )}
    >
      {children}
    </span>
  );
}

/** A titled block of a page. */
export function Panel({
  title,
  actions,
  children,
  className,
}: {
  title: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section className={cn('flex min-w-0 flex-col gap-2 rounded-lg border border-night-600/80 bg-night-850/70 p-3', className)}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-sm font-bold tracking-wide text-ink uppercase">{title}</h2>
        {actions}
      </div>
      {children}
    </section>
  );
}

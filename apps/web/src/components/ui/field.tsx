import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

/** Label, control, hint and error laid out the same way for every form control. */
export function Field({
  id,
  label,
  error,
  hint,
  children,
  className,
}: {
  id: string;
  label?: ReactNode;
  error?: string | undefined;
  hint?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      {label ? (
        <label htmlFor={id} className="text-xs font-semibold tracking-wide text-ink-muted uppercase">
          {label}
        </label>
      ) : null}
      {children}
      {hint && !error ? (
        <p id={`${id}-hint`} className="text-xs text-ink-faint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-xs font-medium text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export const controlClass =
  'h-11 w-full rounded-xl border bg-night-900/80 px-3.5 text-sm text-ink placeholder:text-ink-faint outline-none transition focus:border-gold-400 focus:ring-2 focus:ring-gold-400/25 disabled:opacity-60';

export function controlBorder(error: string | undefined): string {
  return error ? 'border-danger' : 'border-night-600';
}

export function describedBy(id: string, error: string | undefined, hint: unknown): string | undefined {
  if (error) return `${id}-error`;
  return hint ? `${id}-hint` : undefined;
}
